import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { tokenContract, tokenErrors } from '../../contract/index.js';
import { basic, documentedScopes, form, formType, partnerScope, send, startHarness, tokenRequest, type Harness } from './helpers.js';

/** Token endpoint: RFC 6749 client credentials, D24 errors, D27 Basic challenge. */
describe('reference token endpoint', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); });
  afterAll(async () => { await h.close(); });

  it('issues a token for every scope, with Basic credentials', async () => {
    for (const scope of [...documentedScopes(h.ref), partnerScope(h.ref)]) {
      const r = await tokenRequest(h, { grant_type: 'client_credentials', scope });
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(r.json).sort()).toEqual([...tokenContract.responseMembers].sort());
      expect(r.json).toMatchObject({ expires_in: tokenContract.expiresIn, token_type: 'Bearer', scope });
      const claims = decodeJwt(r.json.access_token);
      expect(claims).toMatchObject({ sub: h.ref.clientId, scope });
      expect(claims.exp! - claims.iat!).toBe(tokenContract.expiresIn);
      expect(typeof claims.jti).toBe('string');
    }
  });

  it('issues a token with credentials in the form body', async () => {
    const r = await send(h, '/oauth2/token', {
      method: 'POST', headers: formType,
      body: form({ grant_type: 'client_credentials', scope: partnerScope(h.ref), client_id: h.ref.clientId, client_secret: h.ref.clientSecret }),
    });
    expect(r.status).toBe(200);
    expect(r.json.scope).toBe(partnerScope(h.ref));
  });

  it('answers wrong and missing credentials with 401 invalid_client', async () => {
    const wrong = await tokenRequest(h, { grant_type: 'client_credentials', scope: partnerScope(h.ref) }, { authorization: basic(h.ref.clientId, 'nope') });
    expect(wrong.status).toBe(tokenErrors.wrongSecret.status);
    expect(wrong.json.error).toBe('invalid_client');
    expect(typeof wrong.json.error_description).toBe('string');
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="token"');
    const missing = await send(h, '/oauth2/token', { method: 'POST', headers: formType, body: form({ grant_type: 'client_credentials', scope: partnerScope(h.ref) }) });
    expect(missing.status).toBe(401);
    expect(missing.json.error).toBe('invalid_client');
    expect(missing.headers['www-authenticate']).toBeUndefined();
    const bodyWrong = await send(h, '/oauth2/token', {
      method: 'POST', headers: formType,
      body: form({ grant_type: 'client_credentials', scope: partnerScope(h.ref), client_id: h.ref.clientId, client_secret: 'x' }),
    });
    expect(bodyWrong.json.error).toBe('invalid_client');
  });

  it('answers grant and scope problems as D24 says', async () => {
    const cases: Array<[Record<string, string>, { status: number; error: string }]> = [
      [{ scope: partnerScope(h.ref) }, tokenErrors.missingGrantType],
      [{ grant_type: 'client_credentials' }, tokenErrors.missingScope],
      [{ grant_type: 'password', scope: partnerScope(h.ref) }, tokenErrors.otherGrantType],
      [{ grant_type: 'client_credentials', scope: `${h.ref.scopeBase}/auth/unknown` }, tokenErrors.unknownScope],
    ];
    for (const [params, expected] of cases) {
      const r = await tokenRequest(h, params);
      expect({ status: r.status, error: r.json.error }).toEqual(expected);
    }
  });

  it('refuses a JSON body with 400 invalid_request', async () => {
    const r = await send(h, '/oauth2/token', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: basic(h.ref.clientId, h.ref.clientSecret) },
      body: JSON.stringify({ grant_type: 'client_credentials', scope: partnerScope(h.ref) }),
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('invalid_request');
    const broken = await send(h, '/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toBe('invalid_request');
  });

  it('issues tokens to the denied client too', async () => {
    const r = await tokenRequest(h, { grant_type: 'client_credentials', scope: partnerScope(h.ref) }, { authorization: basic(h.ref.deniedClientId, h.ref.deniedClientSecret) });
    expect(r.status).toBe(200);
    expect(decodeJwt(r.json.access_token).sub).toBe(h.ref.deniedClientId);
  });
});
