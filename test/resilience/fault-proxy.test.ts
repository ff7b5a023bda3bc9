import { afterEach, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../../reference/server.js';
import { createTransport, type Transport } from '../../client/transport.js';
import type { CaseRequest } from '../../client/exchange.js';
import { transportBroken } from '../../checks/index.js';
import { startFaultProxy, type FaultProxy, type FaultRule } from '../support/fault-proxy.js';

/**
 * The proxy's modes, seen through the client alone (no conformance run): each one reaches
 * the transport as the trouble it imitates, and transportBroken names it. A 500 is not
 * transport trouble and stays judgeable.
 */
let reference: RunningReference | undefined;
let proxy: FaultProxy | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await proxy?.close();
  await reference?.close();
  transport = proxy = reference = undefined;
});

async function through(rules: FaultRule[], retry = { maxAttempts: 1 }): Promise<{ send: (path?: string) => ReturnType<Transport['send']> }> {
  reference = await startReference();
  proxy = await startFaultProxy(reference, rules);
  // 2 s: a TLS handshake through the proxy on a loaded 2-core machine took over 500 ms (truncate and refuse read TIMEOUT).
  transport = createTransport({ timeoutMs: 2000, concurrency: 2, rateLimit: 100, ca: reference.caPem, retry: { baseDelayMs: 10, ...retry } });
  const t = transport;
  const base = proxy.url;
  return {
    send: (path = '/api/v1/partners/find-customer') => {
      const req: CaseRequest = { operation: 'FindCustomer', method: 'POST', url: `${base}${path}`, query: {}, headers: {}, body: { ssn: '1' }, correlationId: 'c-1' };
      return t.send(req, { idempotent: true });
    },
  };
}

describe('fault proxy', () => {
  it('passes everything through untouched without rules, and counts what reached it', async () => {
    const { send } = await through([]);
    const x = await send();
    expect(x.response?.status).toBe(401);
    expect(x.response?.mediaType).toBe('application/problem+json');
    expect(transportBroken(x)).toBeUndefined();
    expect(proxy!.requests).toHaveLength(1);
    expect(reference!.stats.requests).toHaveLength(1);
  });

  it('reset: the connection is reset mid-response', async () => {
    const { send } = await through([{ mode: 'reset' }]);
    const x = await send();
    expect(x.transportError?.code).toBe('CONNECTION_RESET');
    expect(transportBroken(x)).toMatch(/^CONNECTION_RESET: the connection was reset/);
  });

  it('truncate: a body shorter than its Content-Length is called truncated, not a contract failure', async () => {
    const { send } = await through([{ mode: 'truncate' }]);
    const x = await send();
    expect(x.transportError?.code).toBe('CONNECTION_RESET');
    expect(transportBroken(x)).toMatch(/^CONNECTION_RESET: the response body was truncated: \d+ of \d+ declared bytes arrived/);
    expect(x.response?.status).toBe(401);
  });

  it('slow: no answer within the timeout is TIMEOUT naming the limit', async () => {
    const { send } = await through([{ mode: 'slow', delayMs: 6000 }]);
    const x = await send();
    expect(transportBroken(x)).toMatch(/^TIMEOUT: no complete response within 2000 ms/);
  });

  it('refuse: after the trigger, connections are refused (retried, then TARGET_UNREACHABLE)', async () => {
    const { send } = await through([{ mode: 'refuse', after: 1 }], { maxAttempts: 3 });
    expect((await send()).response?.status).toBe(401);
    const x = await send();
    expect(x.attempts).toHaveLength(3);
    expect(transportBroken(x)).toMatch(/^TARGET_UNREACHABLE: no connection could be made: ECONNREFUSED/);
  });

  it('rate-limit and unavailable: a 429 or 503 that outlasts the retries is broken, with Retry-After', async () => {
    const { send } = await through([{ mode: 'rate-limit', path: '/find', retryAfter: '0' }, { mode: 'unavailable', path: '/get-registered-cards' }], { maxAttempts: 2 });
    expect(transportBroken(await send())).toBe('RATE_LIMITED: the target answered 429 Too Many Requests to all 2 attempts (Retry-After: 0)');
    expect(transportBroken(await send('/api/v1/partners/get-registered-cards'))).toBe('SERVICE_UNAVAILABLE: the target answered 503 Service Unavailable to all 2 attempts');
    expect(proxy!.injected('rate-limit')).toBe(2);
    expect(reference!.stats.requests).toHaveLength(0);
  });

  it('a 503 burst shorter than the retries is absorbed; a 500 is never taken for transport trouble', async () => {
    const { send } = await through([{ mode: 'unavailable', times: 2 }], { maxAttempts: 3 });
    const x = await send();
    expect(x.attempts).toHaveLength(3);
    expect(x.response?.status).toBe(401);
    expect(transportBroken(x)).toBeUndefined();
    const serverError = { ...x, response: { ...x.response!, status: 500 } };
    expect(transportBroken(serverError)).toBeUndefined();
  });

  it('wrong-content-type: the reference answer arrives whole, labelled text/plain', async () => {
    const { send } = await through([{ mode: 'wrong-content-type' }]);
    const x = await send();
    expect(transportBroken(x)).toBeUndefined();
    expect(x.response?.mediaType).toBe('text/plain');
    expect(x.response?.json).toMatchObject({ status: 401 });
  });
});
