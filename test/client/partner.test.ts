import { afterEach, describe, expect, it } from 'vitest';
import { loadProfile, type Profile } from '../../contract/profile.js';
import { createPartnerClient, type PartnerClient } from '../../client/partner.js';
import { SessionError } from '../../client/errors.js';
import { formatExchange } from '../../client/exchange-text.js';
import { json, startServer, type TestServer } from './servers.js';

let server: TestServer | undefined;
let client: PartnerClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

/** A tiny fake target: token endpoint, authenticate (sessionId header), echo of everything else. */
async function fakeTarget(options: { sessionId?: string } = {}): Promise<TestServer> {
  return startServer((req, res, body) => {
    if (req.url?.startsWith('/oauth2/token')) return json(res, 200, { access_token: 'hdr.pay.sig-token', expires_in: 3600, token_type: 'Bearer', scope: 's' });
    if (req.url?.startsWith('/api/v1/partners/authenticate')) {
      return json(res, 200, {}, options.sessionId === undefined ? {} : { sessionId: options.sessionId });
    }
    if (req.url?.startsWith('/api/v1/partners/authenticate-obo')) return json(res, 200, { ssoToken: 'sso-0123456789' });
    return json(res, 200, { echo: body });
  });
}

function make(s: TestServer, over: Partial<Profile> = {}): PartnerClient {
  const profile = { ...loadProfile({}), deviceId: 'device-1', ...over };
  client = createPartnerClient({
    profile,
    target: { baseUrl: s.url, authUrl: `${s.url}/oauth2/token`, clientId: 'partner', clientSecret: 'client-secret-1' },
    retry: { baseDelayMs: 1 },
  });
  return client;
}

describe('partner client', () => {
  it('opens a session: Bearer token, apiVersion header, body {deviceId} (D2, D3, D5)', async () => {
    server = await fakeTarget({ sessionId: 'sess-42-abcdef' });
    const session = await make(server).openSession();
    expect(session).toEqual({ sessionId: 'sess-42-abcdef', deviceId: 'device-1' });
    const auth = server.requests.find((r) => r.url === '/api/v1/partners/authenticate')!;
    expect(auth.method).toBe('POST');
    expect(auth.headers.authorization).toBe('Bearer hdr.pay.sig-token');
    expect(auth.headers.apiversion).toBe('1');
    expect(JSON.parse(auth.body)).toEqual({ deviceId: 'device-1' });
  });

  it('throws SessionError with the exchange when no sessionId header comes', async () => {
    server = await fakeTarget();
    const error = await make(server).openSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).code).toBe('SESSION_FAILED');
    expect((error as SessionError).exchange.response?.status).toBe(200);
  });

  it('sends session headers, and GET operations with their fields in the query (D1)', async () => {
    server = await fakeTarget();
    const c = make(server);
    const session = { sessionId: 'sess-42-abcdef', deviceId: 'device-1' };
    await c.call('GetTransactionHistory', { body: { customerId: 'c-1', pageSize: 5 } }, { session, apiVersionIn: 'query' });
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/api/v1/partners/get-transaction-history?customerId=c-1&pageSize=5&apiVersion=1');
    expect(seen.headers.sessionid).toBe('sess-42-abcdef');
    expect(seen.headers.deviceid).toBe('device-1');
    expect(seen.headers.apiversion).toBeUndefined();
  });

  it('follows profile method overrides, omitAuth, a given bearer and rawBody', async () => {
    server = await fakeTarget();
    const c = make(server, { methods: { ...loadProfile({}).methods, DeleteCard: 'GET' } });
    await c.call('DeleteCard', { body: { customerId: 'a', cardId: 'b' } }, { omitAuth: true, apiVersionIn: 'none' });
    const del = server.requests.at(-1)!;
    expect(del.method).toBe('GET');
    expect(del.url).toBe('/api/v1/partners/delete-card?customerId=a&cardId=b');
    expect(del.headers.authorization).toBeUndefined();
    await c.call('FindCustomer', {}, { bearer: 'not-a-jwt', rawBody: '{"ssn":' });
    const find = server.requests.at(-1)!;
    expect(find.headers.authorization).toBe('Bearer not-a-jwt');
    expect(find.headers['content-type']).toBe('application/json');
    expect(find.body).toBe('{"ssn":');
  });

  it('learns what it sends and receives, so recorded exchanges print redacted', async () => {
    server = await fakeTarget({ sessionId: 'sess-42-abcdef' });
    const c = make(server);
    const session = await c.openSession();
    await c.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1980-01-02' } }, { session });
    await c.call('AuthenticateOBO', { body: { customerId: 'c-1' } }, { session });
    const text = c.recorder.all().map((e) => formatExchange(e, c.redactor)).join('\n');
    expect(text).toContain('POST /api/v1/partners/find-customer → 200');
    for (const secret of ['123456789', '1980-01-02', 'hdr.pay.sig-token', 'sso-0123456789']) expect(text).not.toContain(secret);
    const curl = c.curl(c.recorder.all().at(-2)!.request);
    expect(curl).toContain('"$TOKEN"');
    expect(curl).toContain('"$SESSION_ID"');
    expect(curl).not.toContain('sess-42-abcdef');
  });
});
