import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../client/transport.js';
import { describeAttempts } from '../../client/attempts.js';
import { formatExchangeDetail } from '../../client/exchange-text.js';
import { Redactor } from '../../client/redaction.js';
import type { CaseRequest, Exchange } from '../../client/exchange.js';
import { json, startServer, type TestServer } from './servers.js';

/** A retried 429 or 503 stays in the exchange: the evidence a Retry-After check needs. */
let server: TestServer | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await server?.close();
  server = undefined;
  transport = undefined;
});

const delays: number[] = [];
async function firstThenOk(status: number, headers: Record<string, string>): Promise<Exchange> {
  server = await startServer((_q, res, _b, i) => (i === 0 ? json(res, status, { title: 'busy' }, headers) : json(res, 200, { cards: [] }, { 'x-other': 'not kept' })));
  delays.length = 0;
  transport = createTransport({ timeoutMs: 2000, concurrency: 2, rateLimit: 1000, sleep: async (ms) => { delays.push(ms); } });
  const request: CaseRequest = { operation: 'GetRegisteredCards', method: 'GET', url: server.url, query: {}, headers: {}, correlationId: 'c-1' };
  return transport.send(request);
}

describe('an exchange keeps every attempt', () => {
  it('503 then 200: both attempts, the first with its Retry-After; the response is the last', async () => {
    const x = await firstThenOk(503, { 'retry-after': '1' });
    expect(x.response?.status).toBe(200);
    expect(x.attempts).toHaveLength(2);
    expect(x.attempts[0]).toMatchObject({ status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' } });
    expect(x.attempts[0]!.headers.date).toBeTruthy();
    expect(x.attempts[1]).toMatchObject({ status: 200 });
    expect(x.attempts[1]!.headers).not.toHaveProperty('x-other');
    expect(x.attempts[1]!.startedAtMs).toBeGreaterThanOrEqual(x.attempts[0]!.startedAtMs + x.attempts[0]!.durationMs);
    expect(delays).toEqual([1000]);
  });

  it('429 with Retry-After then 200: the 429 and its Retry-After are kept', async () => {
    const x = await firstThenOk(429, { 'retry-after': '2' });
    expect(x.response?.status).toBe(200);
    expect(x.attempts.map((a) => [a.status, a.headers['retry-after']])).toEqual([[429, '2'], [200, undefined]]);
    expect(delays).toEqual([2000]);
  });
});

describe('earlier attempts in the reproduction text', () => {
  const base: Exchange = {
    request: { operation: 'FindCustomer', method: 'POST', url: 'https://t.example/x', query: {}, headers: {}, correlationId: 'c' },
    response: { status: 200, headers: {}, bodyText: '', json: undefined },
    durationMs: 1040,
    attempts: [
      { status: 503, headers: { 'retry-after': '1' }, startedAtMs: 0, durationMs: 12 },
      { errorCode: 'CONNECTION_RESET', headers: {}, startedAtMs: 1012, durationMs: 3 },
      { status: 200, headers: {}, startedAtMs: 1030, durationMs: 10 },
    ],
  };

  it('one line per attempt before the last, none for a single attempt', () => {
    expect(describeAttempts(base, new Redactor())).toEqual(['attempt 1: 503 retry-after 1 after 12 ms', 'attempt 2: CONNECTION_RESET after 3 ms']);
    expect(describeAttempts({ attempts: base.attempts.slice(2) }, new Redactor())).toEqual([]);
  });

  it('the detail shows them, and redaction applies to their headers', () => {
    const r = new Redactor();
    r.learn('secret-wait-value', 'sessionId');
    const x = { ...base, attempts: [{ ...base.attempts[0]!, headers: { 'retry-after': 'secret-wait-value' } }, base.attempts[2]!] };
    const text = formatExchangeDetail(x, r);
    expect(text).toContain('attempt 1: 503 retry-after [sessionId:***] after 12 ms');
    expect(text).not.toContain('secret-wait-value');
    expect(text).toContain('(1040 ms, 2 attempts)');
  });
});
