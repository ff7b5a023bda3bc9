import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { errorRow, referenceOnlyErrors, requirement, tokenContract } from '../../contract/index.js';
import { accessFaults } from '../../reference/faults/access.js';
import type { ReferenceOptions } from '../../reference/server.js';
import {
  basic, form, formType, guardedProbePath, handshake, partnerScope, partnerToken, send, startHarness, tokenRequest, trustingAgent, type Harness,
} from './helpers.js';

/** A probe answers: does the rule the fault breaks hold on this reference? */
interface Probe { options?: ReferenceOptions; holds(h: Harness): Promise<boolean> }

const grant = (h: Harness) => ({ grant_type: tokenContract.grantType, scope: partnerScope(h.ref) });
const bearer = async (h: Harness) => ({ authorization: `Bearer ${await partnerToken(h)}` });
const probeStatus = async (h: Harness, headers: Record<string, string>) => (await send(h, guardedProbePath, { headers })).status;
const notFound = (h: Harness) => send(h, guardedProbePath, { headers: {} }).then(() => bearer(h)).then((a) => send(h, guardedProbePath, { headers: a }));
const authenticate = (h: Harness, headers: Record<string, string>, agent?: ReturnType<typeof trustingAgent>) => send(h, '/api/v1/partners/authenticate', {
  method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: 'fault-probe' }), ...(agent ? { agent } : {}),
});
const badVersion = async (h: Harness) => send(h, guardedProbePath, { headers: { ...(await bearer(h)), apiversion: '9' } });

const probes: Record<string, Probe> = {
  'token-wrong-expires-in': { holds: async (h) => (await tokenRequest(h, grant(h))).json.expires_in === tokenContract.expiresIn },
  'token-scope-empty': { holds: async (h) => (await tokenRequest(h, grant(h))).json.scope !== '' },
  'token-basic-refused': { holds: async (h) => (await tokenRequest(h, grant(h))).status === 200 },
  // RFC 7519 section 4.1.5: a token issued to serve calls is valid (nbf not ahead) when issued.
  'token-not-before-local-clock-ahead': { holds: async (h) => (await probeStatus(h, await bearer(h))) !== 401 },
  // A token obtained with the credentials in the form body lives as long as expires_in says (300 s leeway), from its arrival.
  'token-body-credentials-issued-by-clock-behind': {
    holds: async (h) => {
      const r = await send(h, '/oauth2/token', { method: 'POST', headers: formType, body: form({ ...grant(h), client_id: h.ref.clientId, client_secret: h.ref.clientSecret }) });
      const { access_token: token, expires_in: expiresIn } = r.json as { access_token?: unknown; expires_in?: unknown };
      const exp = (JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
      return typeof exp === 'number' && typeof expiresIn === 'number' && exp >= Date.now() / 1000 + expiresIn - 300;
    },
  },
  // A token obtained with the credentials in the form body serves the partner calls as one obtained by a Basic header does.
  'token-body-credentials-other-signing-key': {
    holds: async (h) => {
      const r = await send(h, '/oauth2/token', { method: 'POST', headers: formType, body: form({ ...grant(h), client_id: h.ref.clientId, client_secret: h.ref.clientSecret }) });
      return (await probeStatus(h, { authorization: `Bearer ${String((r.json as { access_token?: unknown }).access_token)}` })) !== 401;
    },
  },
  'token-error-not-rfc': {
    holds: async (h) => (await tokenRequest(h, grant(h), { authorization: basic(h.ref.clientId, 'wrong') })).json.error === 'invalid_client',
  },
  // RFC 6749 section 5.2: error_uri, where given, is of %x21 / %x23-5B / %x5D-7E.
  'token-error-uri-unencoded': {
    holds: async (h) => {
      const uri: unknown = (await tokenRequest(h, grant(h), { authorization: basic(h.ref.clientId, 'wrong') })).json.error_uri;
      return uri === undefined || new RegExp(tokenContract.errorMemberPatterns.error_uri).test(String(uri));
    },
  },
  'token-empty-scope-defaulted': { holds: async (h) => (await tokenRequest(h, { grant_type: tokenContract.grantType, scope: '' })).status === 400 },
  'token-repeated-secret-last-wins': {
    holds: async (h) => {
      const body = `grant_type=${tokenContract.grantType}&scope=${encodeURIComponent(partnerScope(h.ref))}&client_id=${h.ref.clientId}&client_secret=x&client_secret=${encodeURIComponent(h.ref.clientSecret)}`;
      return (await send(h, '/oauth2/token', { method: 'POST', headers: { 'content-type': tokenContract.contentType }, body })).status !== 200;
    },
  },
  'bearer-not-required': { holds: async (h) => (await probeStatus(h, {})) === 401 },
  // AuthenticatePartner refusing a token no server issued: its 401 UNAUTHORIZED names the row's RFC 7235 section.
  'bearer-refusal-type-wrong-on-authenticate': {
    holds: async (h) => (await send(h, '/api/v1/partners/authenticate', {
      method: 'POST', headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: 'fault-probe' }),
    })).json.type === errorRow('UNAUTHORIZED').typeRfc!.url,
  },
  'token-cacheable': { holds: async (h) => (await tokenRequest(h, grant(h))).headers['cache-control'] === 'no-store' },
  'token-error-quotes-secret': { holds: async (h) => !(await tokenRequest(h, { ...grant(h), grant_type: 'password' })).text.includes(h.ref.clientSecret) },
  'token-secret-last-char-ignored': {
    holds: async (h) => {
      const s = h.ref.clientSecret;
      return (await tokenRequest(h, grant(h), { authorization: basic(h.ref.clientId, `${s.slice(0, -1)}${s.endsWith('x') ? 'y' : 'x'}`) })).status === 401;
    },
  },
  'token-secret-extra-char-accepted': {
    holds: async (h) => (await tokenRequest(h, grant(h), { authorization: basic(h.ref.clientId, `${h.ref.clientSecret}x`) })).status === 401,
  },
  'token-body-credentials-any-grant-type': {
    holds: async (h) => {
      const body = `grant_type=password&scope=${encodeURIComponent(partnerScope(h.ref))}&client_id=${h.ref.clientId}&client_secret=${encodeURIComponent(h.ref.clientSecret)}`;
      return (await send(h, '/oauth2/token', { method: 'POST', headers: { 'content-type': tokenContract.contentType }, body })).status === 400;
    },
  },
  'bearer-claims-unverified': {
    holds: async (h) => {
      const [header, claims, signature] = (await partnerToken(h)).split('.');
      const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims!, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
      return (await probeStatus(h, { authorization: `Bearer ${header}.${changed}.${signature}` })) === 401;
    },
  },
  'bearer-signature-unchecked': {
    holds: async (h) => {
      const forged = await new SignJWT({ scope: partnerScope(h.ref) }).setProtectedHeader({ alg: 'HS256' }).setSubject(h.ref.clientId)
        .setIssuedAt().setExpirationTime('1h').sign(new Uint8Array(32).fill(1));
      return (await probeStatus(h, { authorization: `Bearer ${forged}` })) === 401;
    },
  },
  'bearer-expiry-unchecked': {
    options: { clockOffsetSeconds: -2 * tokenContract.expiresIn },
    holds: async (h) => (await probeStatus(h, await bearer(h))) === 401,
  },
  // Every token this harness is issued is expired: the route whose token check skips the lifetime goes on to the session check (a plain Bearer challenge).
  'bearer-expiry-unchecked-on-tokenized-card': {
    options: { clockOffsetSeconds: -2 * tokenContract.expiresIn },
    holds: async (h) => {
      const r = await send(h, '/api/v1/partners/add-or-update-tokenized-card', { method: 'POST', headers: { ...(await bearer(h)), 'content-type': 'application/json' }, body: '{}' });
      return r.status === 401 && String(r.headers['www-authenticate']).includes('invalid_token');
    },
  },
  // Every token this harness is issued is expired: with the version in the query string the lifetime goes unchecked.
  'bearer-expiry-unchecked-with-query-version': {
    options: { clockOffsetSeconds: -2 * tokenContract.expiresIn },
    holds: async (h) => (await send(h, `${guardedProbePath}?apiVersion=1`, { headers: await bearer(h) })).status === 401,
  },
  'no-www-authenticate': {
    holds: async (h) => {
      const api = await send(h, guardedProbePath);
      const token = await tokenRequest(h, grant(h), { authorization: basic(h.ref.clientId, 'wrong') });
      return api.headers['www-authenticate'] !== undefined && token.headers['www-authenticate'] !== undefined;
    },
  },
  'allow-list-open': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      try { return (await send(h, guardedProbePath, { agent })).status === referenceOnlyErrors.forbidden.status; } finally { await agent.close(); }
    },
  },
  // A refusal grants nothing: AuthenticatePartner refused from off the list carries no sessionId.
  'allow-list-session-header-kept': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      try { return (await authenticate(h, await bearer(h), agent)).headers.sessionid === undefined; } finally { await agent.close(); }
    },
  },
  // A refusal grants nothing: the token endpoint refused from off the list carries no token.
  'allow-list-token-issued-under-403': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      try {
        const r = await send(h, '/oauth2/token', { method: 'POST', headers: { ...formType, authorization: basic(h.ref.clientId, h.ref.clientSecret) }, body: form(grant(h)), agent });
        return r.json?.access_token === undefined;
      } finally { await agent.close(); }
    },
  },
  // Every token this harness is issued is expired: AuthenticatePartner's 401 carries no sessionId.
  'bearer-expired-session-header-kept': {
    options: { clockOffsetSeconds: -2 * tokenContract.expiresIn },
    holds: async (h) => {
      const r = await authenticate(h, await bearer(h));
      return r.status === 401 && r.headers.sessionid === undefined;
    },
  },
  // D46: from off the list, a forwarding header naming an allowed address changes nothing.
  'allow-list-trusts-forwarded': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      const headers = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' };
      try { return (await send(h, guardedProbePath, { agent, headers })).status === referenceOnlyErrors.forbidden.status; } finally { await agent.close(); }
    },
  },
  // D46: the allow list holds on every operation, reads (GET) included.
  'allow-list-skipped-on-get': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      try { return (await send(h, guardedProbePath, { agent, method: 'GET' })).status === referenceOnlyErrors.forbidden.status; } finally { await agent.close(); }
    },
  },
  // D46: the allow list holds however the version is selected (blind16: a query-versioned route on a pipeline without the filter).
  'allow-list-skipped-on-query-versioned-sattr': {
    holds: async (h) => {
      const agent = trustingAgent(h.ref, '127.0.0.2');
      const path = '/api/v1/partners/add-session-attributes?apiVersion=1';
      try { return (await send(h, path, { agent, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === referenceOnlyErrors.forbidden.status; } finally { await agent.close(); }
    },
  },
  'bearer-empty-signature-accepted': {
    holds: async (h) => {
      const [header, claims] = (await partnerToken(h)).split('.');
      return (await probeStatus(h, { authorization: `Bearer ${header}.${claims}.` })) === 401;
    },
  },
  'bearer-embedded-key-trusted': {
    holds: async (h) => {
      const claims = (await partnerToken(h)).split('.')[1]!;
      const key = randomBytes(32);
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: key.toString('base64url') } })).toString('base64url');
      const signature = createHmac('sha256', key).update(`${header}.${claims}`).digest('base64url');
      return (await probeStatus(h, { authorization: `Bearer ${header}.${claims}.${signature}` })) === 401;
    },
  },
  'bearer-client-secret-on-reads': {
    holds: async (h) => {
      const claims = (await partnerToken(h)).split('.')[1]!;
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: h.ref.clientId })).toString('base64url');
      const signature = createHmac('sha256', h.ref.clientSecret).update(`${header}.${claims}`).digest('base64url');
      return (await probeStatus(h, { authorization: `Bearer ${header}.${claims}.${signature}` })) === 401;
    },
  },
  'token-single-use': {
    holds: async (h) => {
      const headers = await bearer(h);
      await send(h, guardedProbePath, { headers });
      return (await send(h, guardedProbePath, { headers })).status === 404;
    },
  },
  'version-header-ignored': { holds: async (h) => (await send(h, guardedProbePath, { headers: { ...(await bearer(h)), apiversion: '1' } })).status === 404 },
  'version-query-first-only': { holds: async (h) => (await send(h, `${guardedProbePath}?customerId=x&apiVersion=1`, { headers: await bearer(h) })).status === 404 },
  'version-query-refused-tokenized': {
    holds: async (h) => (await send(h, '/api/v1/partners/add-or-update-tokenized-card?apiVersion=1', {
      method: 'POST', headers: { ...(await bearer(h)), 'content-type': 'application/json' }, body: '{}',
    })).status !== 400,
  },
  'version-header-refused-on-find': {
    holds: async (h) => (await send(h, '/api/v1/partners/find-customer', {
      method: 'POST', headers: { ...(await bearer(h)), apiversion: '1', 'content-type': 'application/json' }, body: '{}',
    })).status !== 400,
  },
  // The class blind batch 18 showed missing (operator header-name-case): the version header looked up by its documented spelling only.
  'version-header-name-exact-on-card': {
    holds: async (h) => (await send(h, '/api/v1/partners/add-or-update-card', {
      method: 'POST', headers: { ...(await bearer(h)), APIVERSION: '1', 'content-type': 'application/json' }, body: '{}',
    })).status !== 400,
  },
  'version-query-ignored': { holds: async (h) => (await send(h, `${guardedProbePath}?apiVersion=1`, { headers: await bearer(h) })).status === 404 },
  'tls-allows-legacy': { holds: async (h) => (await handshake(Number(new URL(h.ref.baseUrl).port), h.ref.caPem, 'TLSv1.1')).error !== undefined },
  'problem-plain-text': { holds: async (h) => /^application\/problem\+json/.test(String((await notFound(h)).headers['content-type'])) },
  'problem-status-mismatch': { holds: async (h) => (await notFound(h)).json.status === 404 },
  'problem-instance-wrong': { holds: async (h) => (await notFound(h)).json.instance === guardedProbePath },
  'problem-type-wrong-rfc': { holds: async (h) => (await badVersion(h)).json.type === referenceOnlyErrors.badApiVersion.typeRfc.url },
  'problem-missing-detail': { holds: async (h) => typeof (await notFound(h)).json.detail === 'string' },
  'validation-missing-list': { holds: async (h) => Array.isArray((await invalidFind(h)).json.validationErrors) },
  'validation-wrong-status': { holds: async (h) => (await invalidFind(h)).status === 400 },
  'key-wrong-prefix': {
    holds: async (h) => ((await invalidFind(h)).json.validationErrors as Array<{ key: string }>).every((e) => e.key.startsWith('command.')),
  },
};

/** A FindCustomer body with no fields: a validation problem written by reference/problems.ts. */
async function invalidFind(h: Harness) {
  const headers = await bearer(h);
  const session = await send(h, '/api/v1/partners/authenticate', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: 'fault-probe' }),
  });
  const sessionId = String(session.headers.sessionid ?? '');
  return send(h, '/api/v1/partners/find-customer', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json', deviceid: 'fault-probe', sessionid: sessionId }, body: '{}',
  });
}

/** Every fault of reference/faults/access.ts is caught: the rule holds on the healthy reference, fails with the fault. */
describe('reference access faults', () => {
  let healthy: Harness;
  beforeAll(async () => { healthy = await startHarness(); });
  afterAll(async () => { await healthy.close(); });

  it('has a probe for every fault and a known requirement for each', () => {
    expect(Object.keys(probes).sort()).toEqual(accessFaults.map((f) => f.name).sort());
    for (const f of accessFaults) expect(requirement(f.requirement).id).toBe(f.requirement);
  });

  for (const fault of accessFaults) {
    it(`${fault.name} breaks ${fault.requirement}`, async () => {
      const probe = probes[fault.name]!;
      const control = probe.options ? await startHarness(probe.options) : healthy;
      const faulty = await startHarness({ ...probe.options, faults: [fault.name] });
      try {
        expect(await probe.holds(control)).toBe(true);
        expect(await probe.holds(faulty)).toBe(false);
      } finally {
        await faulty.close();
        if (control !== healthy) await control.close();
      }
    });
  }
});
