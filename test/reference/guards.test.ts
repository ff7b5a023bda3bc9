import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { errorRow, problemMembers, referenceOnlyErrors, tokenContract } from '../../contract/index.js';
import { documentedScopes, guardedProbePath, partnerToken, send, startHarness, tokenRequest, type Harness, type Reply } from './helpers.js';

const unauthorized = errorRow('UNAUTHORIZED');

function expectProblem(r: Reply, e: { status: number; errorCode: string; title: string; typeUrl: string }, path: string): void {
  expect(r.status).toBe(e.status);
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(Object.keys(r.json).sort()).toEqual([...problemMembers].sort());
  expect(r.json).toMatchObject({ status: e.status, errorCode: e.errorCode, title: e.title, type: e.typeUrl, instance: path });
}
const ref = (k: 'notFound' | 'badApiVersion' | 'unsupportedMediaType' | 'invalidJson' | 'forbidden') => ({
  status: referenceOnlyErrors[k].status, errorCode: referenceOnlyErrors[k].errorCode, title: referenceOnlyErrors[k].title, typeUrl: referenceOnlyErrors[k].typeRfc.url,
});

/** Bearer (D2, D27), apiVersion (D5), media type and JSON (D30), unknown routes. */
describe('reference guards of /api/', () => {
  let h: Harness;
  let token: string;
  let expired: Harness;
  beforeAll(async () => {
    h = await startHarness();
    token = await partnerToken(h);
    expired = await startHarness({ clockOffsetSeconds: -2 * tokenContract.expiresIn });
  });
  afterAll(async () => { await h.close(); await expired.close(); });
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('passes a valid token and answers an unknown route with 404 NOT_FOUND', async () => {
    const r = await send(h, `${guardedProbePath}?x=1`, { headers: auth() });
    expectProblem(r, ref('notFound'), guardedProbePath);
  });

  it('refuses missing, malformed, forged, expired and wrong-scope tokens with 401', async () => {
    const forged = await new SignJWT({ scope: `${h.ref.scopeBase}${tokenContract.partnerScopeSuffix}` })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(h.ref.clientId).setIssuedAt().setExpirationTime('1h')
      .sign(new Uint8Array(32).fill(7));
    const expiredToken = await partnerToken(expired);
    const wrongScope = (await tokenRequest(h, { grant_type: 'client_credentials', scope: documentedScopes(h.ref)[0]! })).json.access_token;
    const cases: Array<[Harness, Record<string, string>, string]> = [
      [h, {}, 'Bearer'],
      [h, { authorization: 'Bearer not a token' }, 'Bearer error="invalid_token"'],
      [h, { authorization: 'Bearer abc.def.ghi' }, 'Bearer error="invalid_token"'],
      [h, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, 'Bearer error="invalid_token"'],
      [h, { authorization: `Bearer ${forged}` }, 'Bearer error="invalid_token"'],
      [expired, { authorization: `Bearer ${expiredToken}` }, 'Bearer error="invalid_token"'],
      [h, { authorization: `Bearer ${wrongScope}` }, 'Bearer error="invalid_token"'],
    ];
    for (const [target, headers, challenge] of cases) {
      const r = await send(target, guardedProbePath, { headers });
      expectProblem(r, { status: 401, errorCode: unauthorized.errorCode!, title: unauthorized.title, typeUrl: unauthorized.typeRfc!.url }, guardedProbePath);
      expect(r.headers['www-authenticate']).toBe(challenge);
    }
  });

  it('selects version 1 by header, query or omission and refuses other versions', async () => {
    for (const [path, headers] of [[guardedProbePath, { apiversion: '1' }], [`${guardedProbePath}?apiVersion=1`, {}], [guardedProbePath, {}]] as const) {
      expect((await send(h, path, { headers: { ...auth(), ...headers } })).status).toBe(404);
    }
    expectProblem(await send(h, guardedProbePath, { headers: { ...auth(), apiversion: '2' } }), ref('badApiVersion'), guardedProbePath);
    expectProblem(await send(h, `${guardedProbePath}?apiVersion=v1`, { headers: auth() }), ref('badApiVersion'), guardedProbePath);
  });

  it('answers a non-JSON POST with 415 and malformed JSON with 400 INVALID_JSON', async () => {
    const path = '/api/v1/partners/find-customer';
    const text = await send(h, path, { method: 'POST', headers: { ...auth(), 'content-type': 'text/plain' }, body: 'hello' });
    expectProblem(text, ref('unsupportedMediaType'), path);
    const formBody = await send(h, path, { method: 'POST', headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(formBody.status).toBe(415);
    const none = await send(h, path, { method: 'POST', headers: auth(), body: '{}' });
    expect(none.status).toBe(415);
    const broken = await send(h, path, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"ssn": ' });
    expectProblem(broken, ref('invalidJson'), path);
    const empty = await send(h, path, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json; charset=utf-8' }, body: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.errorCode).toBe('INVALID_JSON');
  });

  it('answers unknown routes outside /api/ with 404 NOT_FOUND and records every request', async () => {
    expectProblem(await send(h, '/nothing/here'), ref('notFound'), '/nothing/here');
    const last = h.ref.stats.requests.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', path: '/nothing/here', remoteAddress: '127.0.0.1' });
    expect(typeof last.at).toBe('number');
  });
});
