import { describe, expect, it } from 'vitest';
import { toCurl } from '../../client/curl.js';
import type { CaseRequest } from '../../client/exchange.js';
import { Redactor } from '../../client/redaction.js';

/** The curl line is the request as the caller built it: its headers, body and query; not the harness's correlation id. */
const request: CaseRequest = {
  operation: 'GetTransactionHistory', method: 'GET', url: 'https://t.example/api/v1/partners/get-transaction-history',
  query: { customerId: 'c-1', pageSize: '5' },
  headers: { accept: 'application/json', apiVersion: '1', 'X-Trace': 'caller-set' },
  correlationId: 'corr-0123456789',
};

describe('toCurl', () => {
  it('carries every header the caller set and the query, never the correlation id', () => {
    const curl = toCurl(request, new Redactor());
    expect(curl).toBe(
      "curl -sS -i -X GET -H 'accept: application/json' -H 'apiVersion: 1' -H 'X-Trace: caller-set' "
        + "'https://t.example/api/v1/partners/get-transaction-history?customerId=c-1&pageSize=5'",
    );
    expect(curl).not.toContain('corr-0123456789');
  });

  it('a correlation header the caller set on purpose is part of the request, so it stays', () => {
    const curl = toCurl({ ...request, headers: { 'x-correlation-id': 'chosen-by-case' } }, new Redactor());
    expect(curl).toContain("-H 'x-correlation-id: chosen-by-case'");
  });

  it('a JSON body goes with its content type', () => {
    const curl = toCurl({ ...request, method: 'POST', query: {}, headers: {}, body: { deviceId: 'd-1' } }, new Redactor());
    expect(curl).toContain(`-H 'content-type: application/json' --data-raw '{"deviceId":"d-1"}'`);
  });
});
