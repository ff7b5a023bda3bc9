import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../client/transport.js';
import { TokenClient } from '../../client/token.js';
import { TokenRequestError } from '../../client/errors.js';
import { json, startServer, type TestServer } from './servers.js';

let server: TestServer | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await server?.close();
});

const scope = 'https://api.example.test/auth/check-cashing';
let issued = 0;
async function tokenServer(status = 200): Promise<TestServer> {
  issued = 0;
  return startServer((_q, res) =>
    setTimeout(() => (status === 200
      ? json(res, 200, { access_token: `aaa.bbb.tok${++issued}`, expires_in: 3600, token_type: 'Bearer', scope })
      : json(res, status, { error: 'invalid_client' })), 10));
}

function client(s: TestServer, over: { credentialsIn?: 'basic' | 'body'; now?: () => number } = {}): TokenClient {
  transport = createTransport({ timeoutMs: 2000, concurrency: 4, rateLimit: 100, sleep: async () => undefined });
  return new TokenClient({
    transport, authUrl: `${s.url}/oauth2/token`, clientId: 'partner', clientSecret: 's3cr3t-value',
    credentialsIn: over.credentialsIn ?? 'basic', defaultScope: scope, ...(over.now ? { now: over.now } : {}),
  });
}

describe('TokenClient', () => {
  it('reuses the cached token and refreshes 60 s before expires_in', async () => {
    server = await tokenServer();
    let now = 1_000_000;
    const tokens = client(server, { now: () => now });
    expect(await tokens.getToken()).toBe('aaa.bbb.tok1');
    now += 3_539_000;
    expect(await tokens.getToken()).toBe('aaa.bbb.tok1');
    now += 1_000;
    expect(await tokens.getToken()).toBe('aaa.bbb.tok2');
    expect(server.requests).toHaveLength(2);
  });

  it('shares one in-flight request among concurrent callers', async () => {
    server = await tokenServer();
    const tokens = client(server);
    const got = await Promise.all(Array.from({ length: 8 }, () => tokens.getToken()));
    expect(new Set(got)).toEqual(new Set(['aaa.bbb.tok1']));
    expect(server.requests).toHaveLength(1);
  });

  it('sends Basic credentials and the documented form', async () => {
    server = await tokenServer();
    await client(server).getToken();
    const seen = server.requests[0]!;
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('partner:s3cr3t-value').toString('base64')}`);
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen.body))).toEqual({ grant_type: 'client_credentials', scope });
  });

  it('sends body credentials when the profile says body', async () => {
    server = await tokenServer();
    await client(server, { credentialsIn: 'body' }).getToken();
    const seen = server.requests[0]!;
    expect(seen.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(seen.body))).toEqual({
      grant_type: 'client_credentials', scope, client_id: 'partner', client_secret: 's3cr3t-value',
    });
  });

  it('throws TokenRequestError with the exchange, secrets masked in the message', async () => {
    server = await tokenServer(401);
    const error = await client(server).getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect((error as TokenRequestError).code).toBe('TOKEN_REQUEST_FAILED');
    expect((error as TokenRequestError).exchange.response?.status).toBe(401);
    expect((error as Error).message).toContain('401');
    expect((error as Error).message).not.toContain('s3cr3t-value');
  });

  it('requestToken bends the request: a wrong secret, a missing scope, a JSON body', async () => {
    server = await tokenServer();
    const tokens = client(server);
    await tokens.requestToken({ credentials: { clientId: 'partner', clientSecret: 'wrong' }, form: { scope: undefined } });
    await tokens.requestToken({ credentialsIn: 'none', rawBody: '{"grant_type":"client_credentials"}', headers: { 'content-type': 'application/json' } });
    const [first, second] = server.requests;
    expect(first!.headers.authorization).toBe(`Basic ${Buffer.from('partner:wrong').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(first!.body))).toEqual({ grant_type: 'client_credentials' });
    expect(second!.headers.authorization).toBeUndefined();
    expect(second!.headers['content-type']).toBe('application/json');
    expect(second!.body).toBe('{"grant_type":"client_credentials"}');
  });
});
