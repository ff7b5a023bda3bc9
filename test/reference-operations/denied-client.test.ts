import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorRow, operation } from '../../contract/index.js';
import { faultSet } from '../../reference/faults/index.js';
import { partnerOperations } from '../../reference/operations/index.js';
import { deniedClientId } from '../../reference/state/index.js';
import '../../reference/fastify-types.js';

/**
 * The denied client: RunningReference does not hand out its secret, so the plugin runs on a
 * plain fastify with a stand-in for the core's bearer hook (client id from a test header).
 */
async function app(faults: string[] = []): Promise<FastifyInstance> {
  const a = Fastify();
  a.decorate('faults', faultSet(faults));
  a.decorateRequest('clientId', '');
  a.addHook('onRequest', async (request) => { request.clientId = String(request.headers['x-test-client'] ?? 'partner'); });
  await a.register(partnerOperations, { faults: a.faults });
  return a;
}

let current: FastifyInstance | undefined;
afterEach(async () => { await current?.close(); current = undefined; });

const authenticate = (a: FastifyInstance, client: string) =>
  a.inject({ method: 'POST', url: operation('AuthenticatePartner').path, payload: { deviceId: 'd' }, headers: { 'x-test-client': client } });

describe('AuthenticatePartner denial', () => {
  it('is 401 UNAUTHORIZED with WWW-Authenticate for the denied client; others get a session', async () => {
    current = await app();
    const row = errorRow('UNAUTHORIZED');
    const denied = await authenticate(current, deniedClientId);
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    expect(denied.json()).toMatchObject({ errorCode: row.errorCode, title: row.title, status: 401 });
    const ok = await authenticate(current, 'partner');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.sessionid).toBeTruthy();
  });

  it('a session belongs to the client that opened it', async () => {
    current = await app();
    const sessionId = String((await authenticate(current, 'partner')).headers.sessionid);
    const r = await current.inject({
      method: 'POST', url: operation('FindCustomer').path, payload: { ssn: '123456789', dateOfBirth: '1990-04-01' },
      headers: { 'x-test-client': 'another-partner', sessionid: sessionId, deviceid: 'd' },
    });
    expect(r.statusCode).toBe(401);
  });

  it('fault auth-denied-wrong-code changes the errorCode', async () => {
    current = await app(['auth-denied-wrong-code']);
    const r = await authenticate(current, deniedClientId);
    expect(r.statusCode).toBe(401);
    expect(r.json().errorCode).not.toBe(errorRow('UNAUTHORIZED').errorCode);
  });
});
