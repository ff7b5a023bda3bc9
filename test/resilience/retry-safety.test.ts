import { afterEach, describe, expect, it } from 'vitest';
import { loadProfile } from '../../contract/profile.js';
import { createPartnerClient, type PartnerClient } from '../../client/partner.js';
import { transportBroken } from '../../checks/index.js';
import { json, startServer, type TestServer } from '../client/servers.js';

/**
 * Which requests the client repeats: a 429 or 503 on any operation (the target did nothing and
 * asks to come back, issue 22), within TARGET_RETRY_ATTEMPTS; a broken connection only on an
 * operation that changes nothing (contract `writes: false`: FindCustomer, AuthenticateOBO, the
 * GETs) whatever its method, never on one that creates, changes or deletes data (its case is run
 * again from the start instead, suites/lib/runner/rerun.ts).
 */
let server: TestServer | undefined;
let client: PartnerClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function target(failures: number, fail: 'unavailable' | 'reset' = 'unavailable', env: Record<string, string> = {}): Promise<PartnerClient> {
  const seen = new Map<string, number>();
  server = await startServer((req, res) => {
    if (req.url?.startsWith('/oauth2/token')) return json(res, 200, { access_token: 'hdr.pay.sig', expires_in: 3600, token_type: 'Bearer', scope: 's' });
    const n = (seen.get(req.url ?? '') ?? 0) + 1;
    seen.set(req.url ?? '', n);
    if (n > failures) return json(res, 200, { ok: true });
    return fail === 'reset' ? void req.socket.destroy() : json(res, 503, { title: 'Service Unavailable' });
  });
  client = createPartnerClient({
    profile: { ...loadProfile(env), deviceId: 'device-1' },
    target: { baseUrl: server.url, authUrl: `${server.url}/oauth2/token`, clientId: 'partner', clientSecret: 'client-secret-1' },
    retry: { baseDelayMs: 1 },
  });
  return client;
}

const session = { sessionId: 'sess-1234', deviceId: 'device-1' };

describe('retries only where a request is safe to repeat', () => {
  it('repeats FindCustomer (a POST that writes nothing) through a short 503 burst', async () => {
    const x = await (await target(2)).call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1980-01-01' } }, { session });
    expect(x.attempts).toHaveLength(3);
    expect(x.response?.status).toBe(200);
  });

  it('repeats EnrollCustomer through a 503 burst: nothing was done', async () => {
    const x = await (await target(2)).call('EnrollCustomer', { body: { ssn: '123456789' } }, { session });
    expect(x.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(transportBroken(x)).toBeUndefined();
  });

  it('never resends EnrollCustomer after a broken connection: it may have enrolled', async () => {
    const x = await (await target(1, 'reset')).call('EnrollCustomer', { body: { ssn: '123456789' } }, { session });
    expect(x.attempts).toHaveLength(1);
    expect(server!.requests.filter((r) => r.url.includes('enroll-customer'))).toHaveLength(1);
    expect(transportBroken(x)).toMatch(/^CONNECTION_RESET: /);
  });

  it('stops at TARGET_RETRY_ATTEMPTS, and says how many attempts met the 503', async () => {
    const x = await (await target(5, 'unavailable', { TARGET_RETRY_ATTEMPTS: '2' })).call('EnrollCustomer', { body: {} }, { session });
    expect(x.attempts).toHaveLength(2);
    expect(transportBroken(x)).toBe('SERVICE_UNAVAILABLE: the target answered 503 Service Unavailable to all 2 attempts');
  });

  it('a caller can still mark a request either way for a broken connection', async () => {
    const c = await target(1, 'reset');
    expect((await c.call('EnrollCustomer', { body: {} }, { session, idempotent: true })).attempts).toHaveLength(2);
    expect((await c.call('FindCustomer', { body: {} }, { session, idempotent: false })).attempts).toHaveLength(1);
  });
});
