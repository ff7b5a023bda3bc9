import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraffic } from '../../audit/input/read.js';
import { AuditInputError } from '../../audit/input/errors.js';
import { toAuditEntry } from '../../audit/entries.js';
import { har, entry } from './traffic.js';

/** Issue 23 item 1: what the audit reads (HAR 1.2, the harness's raw records) and how it says a file cannot be read. */
const write = (name: string, text: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'pc-audit-in-')), name);
  writeFileSync(file, text);
  return file;
};
const fixture = join(import.meta.dirname, 'fixtures', 'devtools-export.har');

function refusal(path: string): string {
  try {
    readTraffic(path);
  } catch (error) {
    expect(error).toBeInstanceOf(AuditInputError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('reading recorded traffic', () => {
  it('accepts a browser devtools export: pages, HTTP/2 pseudo-headers, a base64 body, a failed request, another site\'s request', () => {
    const traffic = readTraffic(fixture);
    expect(traffic).toMatchObject({ format: 'har', creator: 'WebInspector 537.36' });
    const entries = traffic.entries.map((e, i) => toAuditEntry(e, i));
    expect(entries.map((e) => e.exchange.request.operation)).toEqual([
      'Token', 'Other', 'AuthenticatePartner', 'FindCustomer', 'FindCustomer', 'EnrollCustomer', 'GetRegisteredCards', 'AddOrUpdateCard', 'FindCustomer',
    ]);
    // content.encoding base64 is decoded; pseudo-headers are not headers; a status 0 with _error is a reset.
    expect(entries[5]!.exchange.response?.json).toEqual({ CustomerId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' });
    expect(Object.keys(entries[2]!.exchange.request.headers).some((h) => h.startsWith(':'))).toBe(false);
    expect(entries[7]!.exchange.transportError).toEqual({ code: 'CONNECTION_RESET', message: 'net::ERR_CONNECTION_RESET' });
    expect(entries[6]!.exchange.request.query).toEqual({ customerId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' });
  });

  it('reads the harness\'s raw records: one HAR entry a line, a file or the directory a run recorded into', () => {
    const lines = [entry({ op: 'FindCustomer', at: 0, body: { ssn: '123456789', dateOfBirth: '1980-01-02' } }), entry({ tokenEndpoint: true, at: 5, rawBody: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded' } })];
    const file = write('traffic-123.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(readTraffic(file)).toMatchObject({ format: 'records', entries: [{}, {}] });
    expect(readTraffic(join(file, '..')).entries).toHaveLength(2);
    expect(readTraffic(write('t.har', JSON.stringify(har([{ op: 'FindCustomer', at: 0 }])))).entries).toHaveLength(1);
  });

  it('says in one sentence what is wrong with a file it cannot read, and how to get a readable one', () => {
    expect(refusal('/no/such/traffic.har')).toBe('/no/such/traffic.har: no such file or directory; give the path of a HAR file (or of the directory a run recorded into).');
    expect(refusal(write('empty.har', ' \n'))).toMatch(/: the file is empty; export the traffic again as HAR\.$/);
    expect(refusal(write('bad.har', '{"log": '))).toMatch(/bad\.har: not JSON \(.+\); give a HAR 1\.2 file/);
    expect(refusal(write('nolog.har', '{"entries": []}'))).toMatch(/nolog\.har: JSON without a "log" member, so not a HAR file; export the traffic again as HAR/);
    const noUrl = har([{ op: 'FindCustomer', at: 0 }]) as { log: { entries: Array<{ request: Record<string, unknown> }> } };
    delete noUrl.log.entries[0]!.request.url;
    expect(refusal(write('nourl.har', JSON.stringify(noUrl)))).toMatch(/nourl\.har: log\.entries\[0\]\.request\.url is missing; a HAR 1\.2 file needs log\.entries, each with startedDateTime, request\.method, request\.url and response\.status: export the traffic again/);
    const badDate = har([{ op: 'FindCustomer', at: 0 }, { op: 'FindCustomer', at: 1 }]) as { log: { entries: Array<Record<string, unknown>> } };
    badDate.log.entries[1]!.startedDateTime = 'yesterday';
    expect(refusal(write('date.har', JSON.stringify(badDate)))).toMatch(/log\.entries\[1\]\.startedDateTime must be an ISO 8601 date-time;/);
    expect(refusal(write('line.jsonl', '{"startedDateTime": "2026-01-01T00:00:00Z"}\n'))).toMatch(/line\.jsonl line 1: request is missing \(and 1 more problem\);/);
    expect(refusal(mkdtempSync(join(tmpdir(), 'pc-audit-empty-')))).toMatch(/a directory with neither traffic\.har nor raw exchange records/);
  });
});
