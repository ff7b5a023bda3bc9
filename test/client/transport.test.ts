import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport, type TransportOptions } from '../../client/transport.js';
import type { CaseRequest } from '../../client/exchange.js';
import { json, maxInWindow, startServer, type TestServer } from './servers.js';

let server: TestServer | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await server?.close();
  server = undefined;
  transport = undefined;
});

const delays: number[] = [];
function make(options: Partial<TransportOptions> = {}): Transport {
  delays.length = 0;
  transport = createTransport({
    timeoutMs: 2000, concurrency: 4, rateLimit: 1000,
    sleep: async (ms) => { delays.push(ms); }, random: () => 0.5,
    ...options,
  });
  return transport;
}

const req = (url: string, over: Partial<CaseRequest> = {}): CaseRequest => ({
  operation: 'FindCustomer', method: 'POST', url, query: {}, headers: {}, correlationId: 'c-1', ...over,
});

describe('transport', () => {
  it('sends JSON with the correlation id and query, and normalises the response', async () => {
    server = await startServer((_q, res) => json(res, 422, { errorCode: 'X' }, { 'X-Odd-Case': 'v' }));
    const ex = await make().send(req(`${server.url}/p`, { body: { a: 1 }, query: { b: 'x y' } }));
    const seen = server.requests[0]!;
    expect(seen.url).toBe('/p?b=x+y');
    expect(seen.headers['x-correlation-id']).toBe('c-1');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.body).toBe('{"a":1}');
    expect(ex.response).toMatchObject({ status: 422, json: { errorCode: 'X' }, mediaType: 'application/json' });
    expect(ex.response?.headers['x-odd-case']).toBe('v');
    expect(ex.transportError).toBeUndefined();
    expect(ex.attempts).toHaveLength(1);
  });

  it('sends rawBody verbatim and sets jsonError for truncated JSON', async () => {
    server = await startServer((_q, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"cards": ['); });
    const ex = await make().send(req(server.url, { rawBody: '{bad', headers: { 'content-type': 'text/plain' } }));
    expect(server.requests[0]!.body).toBe('{bad');
    expect(server.requests[0]!.headers['content-type']).toBe('text/plain');
    expect(ex.response?.bodyText).toBe('{"cards": [');
    expect(ex.response?.json).toBeUndefined();
    expect(ex.response?.jsonError).toBeTruthy();
  });

  it('retries a GET on 503 honouring Retry-After, then returns the success', async () => {
    server = await startServer((_q, res, _b, i) => (i < 2 ? json(res, 503, {}, { 'retry-after': '1' }) : json(res, 200, { ok: true })));
    const ex = await make().send(req(server.url, { method: 'GET', operation: 'GetRegisteredCards' }));
    expect(ex.response?.status).toBe(200);
    expect(ex.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(delays).toEqual([1000, 1000]);
  });

  it('keeps the 429 response after the attempts run out, with exponential backoff', async () => {
    server = await startServer((_q, res) => json(res, 429, {}));
    const ex = await make({ retry: { baseDelayMs: 100 } }).send(req(server.url, { method: 'GET' }));
    expect(ex.response?.status).toBe(429);
    expect(ex.transportError).toBeUndefined();
    expect(ex.attempts).toHaveLength(3);
    expect(delays).toEqual([75, 150]);
  });

  it('retries a 429 or 503 on an operation that writes: the target did nothing and asked to come back (issue 22)', async () => {
    server = await startServer((_q, res, _b, i) => (i < 2 ? json(res, i === 0 ? 429 : 503, {}, { 'retry-after': '1' }) : json(res, 200, { CustomerId: 'c' })));
    const ex = await make().send(req(server.url, { operation: 'EnrollCustomer' }));
    expect(ex.response?.status).toBe(200);
    expect(ex.attempts.map((a) => a.status)).toEqual([429, 503, 200]);
    expect(delays).toEqual([1000, 1000]);
  });

  it('never resends a write whose connection broke: it may have taken effect', async () => {
    server = await startServer((q) => q.socket.destroy());
    const ex = await make().send(req(server.url, { operation: 'EnrollCustomer' }));
    expect(ex.transportError?.code).toBe('CONNECTION_RESET');
    expect(ex.attempts).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('cuts a long Retry-After to the longest wait, and gives up after the attempts allowed', async () => {
    server = await startServer((_q, res) => json(res, 503, {}, { 'retry-after': '120' }));
    const ex = await make({ retry: { maxAttempts: 2, retryAfterCapMs: 3000 } }).send(req(server.url, { operation: 'AddOrUpdateCard' }));
    expect(ex.attempts.map((a) => a.status)).toEqual([503, 503]);
    expect(delays).toEqual([3000]);
  });

  it('reports TIMEOUT when no headers come in time', async () => {
    server = await startServer(() => undefined);
    const ex = await make({ timeoutMs: 200 }).send(req(server.url));
    expect(ex.transportError?.code).toBe('TIMEOUT');
    expect(ex.response).toBeUndefined();
  });

  it('reports TIMEOUT when the body stalls, keeping status and headers', async () => {
    server = await startServer((_q, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"a"'); });
    const ex = await make({ timeoutMs: 200 }).send(req(server.url));
    expect(ex.transportError?.code).toBe('TIMEOUT');
    expect(ex.response?.status).toBe(200);
  });

  it('reports TARGET_UNREACHABLE for a refused port', async () => {
    const probe = createNetServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const ex = await make().send(req(`http://127.0.0.1:${port}/x`, { method: 'GET' }));
    expect(ex.transportError?.code).toBe('TARGET_UNREACHABLE');
    expect(ex.attempts.map((a) => a.errorCode)).toEqual(['TARGET_UNREACHABLE', 'TARGET_UNREACHABLE', 'TARGET_UNREACHABLE']);
  });

  it('reports CONNECTION_RESET when the socket closes mid-body', async () => {
    server = await startServer((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"cards":', () => res.socket?.destroy());
    });
    const ex = await make().send(req(server.url));
    expect(ex.transportError?.code).toBe('CONNECTION_RESET');
    expect(ex.response?.status).toBe(200);
  });

  it('never has more than `concurrency` requests in flight at the server', async () => {
    server = await startServer((_q, res) => setTimeout(() => json(res, 200, {}), 20));
    const t = make({ concurrency: 3 });
    const all = await Promise.all(Array.from({ length: 15 }, () => t.send(req(server!.url))));
    expect(all.every((e) => e.response?.status === 200)).toBe(true);
    expect(server.requests).toHaveLength(15);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBeGreaterThan(1);
  });

  it('never lets more than `rateLimit` requests reach the server in any 1 s window', async () => {
    server = await startServer((_q, res) => json(res, 200, {}));
    const t = make({ rateLimit: 10, concurrency: 8 });
    await Promise.all(Array.from({ length: 25 }, () => t.send(req(server!.url))));
    expect(server.requests).toHaveLength(25);
    expect(maxInWindow(server.requests.map((r) => r.at), 1000)).toBeLessThanOrEqual(10);
  });
});
