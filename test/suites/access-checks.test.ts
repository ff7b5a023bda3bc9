import { describe, expect, it } from 'vitest';
import {
  negotiatedTlsMinimum, offListSourceRefused, plainHttpNotServed, tokenErrorShape, tokenIssued, tokenRequestRefused, tokenReused, versionSelected,
} from '../../checks/index.js';
import { classifyHandshakeError } from '../../client/tls-probe.js';
import { Redactor } from '../../client/redaction.js';
import type { HarnessContext } from '../../suites/lib/runner/context.js';
import { expiredToken, tamperSignature } from '../../suites/lib/access/requests.js';
import { exchange } from '../checks/fixtures.js';

/** The access oracles and helpers alone, on fabricated inputs: each can pass and each can fail. */
const token = (status: number, body: unknown, requestHeaders: Record<string, string> = {}) =>
  exchange({ operation: 'Token', status, body, requestHeaders, mediaType: 'application/json' });
const scope = 'https://api.example.test/auth/check-cashing';

describe('token oracles', () => {
  it('tokenErrorShape: invalid_client must be 401 when Basic credentials were sent (RFC 6749 §5.2)', () => {
    const basic = { authorization: 'Basic Y2xpZW50Ondyb25n' };
    expect(tokenErrorShape(token(401, { error: 'invalid_client' }, basic), { errors: ['invalid_client'] })).toEqual([]);
    expect(tokenErrorShape(token(400, { error: 'invalid_client' }), { errors: ['invalid_client'] })).toEqual([]);
    expect(tokenErrorShape(token(400, { error: 'invalid_client' }, basic), { errors: ['invalid_client'] })[0]?.message).toMatch(/status 400 where 401 is due/);
  });
  it('tokenIssued: 200 with an access_token, nothing else', () => {
    const e = { credentialsIn: 'body' as const, scope };
    expect(tokenIssued(token(200, { access_token: 'a.b.c' }), e)).toEqual([]);
    expect(tokenIssued(token(401, { error: 'invalid_client' }), e)[0]).toMatchObject({ requirement: 'TOKEN-ISSUED', title: 'Token not issued' });
    expect(tokenIssued(token(200, {}), e)).toHaveLength(1);
  });
  it('tokenIssued: a JWT already expired, or not yet valid, when it arrived fails, beyond the 300 s leeway (blind18)', () => {
    const e = { credentialsIn: 'basic' as const, scope };
    const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    const at = 1_800_000_000;
    const arrived = (claims: object) => ({ ...token(200, { access_token: jwt(claims) }), receivedAtMs: at * 1000 });
    expect(tokenIssued(arrived({ iat: at, exp: at + 3600 }), e)).toEqual([]);
    // Reading blind2-token-clock-skew's leeway: four minutes past exp is still usable on arrival.
    expect(tokenIssued(arrived({ exp: at - 240 }), e)).toEqual([]);
    expect(tokenIssued(arrived({ iat: at - 7200, exp: at - 3600 }), e)[0]).toMatchObject({ requirement: 'TOKEN-ISSUED', title: 'Token issued unusable' });
    expect(tokenIssued(arrived({ exp: at + 3600, nbf: at + 7200 }), e)[0]?.message).toMatch(/nbf claim .* by this machine's clock/);
    // An opaque token, or one whose arrival the client did not stamp (the audit), says nothing about time.
    expect(tokenIssued({ ...token(200, { access_token: 'opaque-token' }), receivedAtMs: at * 1000 }, e)).toEqual([]);
    expect(tokenIssued(token(200, { access_token: jwt({ exp: 1 }) }), e)).toEqual([]);
  });
  it('tokenIssued: a JWT whose exp comes before the arrival plus expires_in, beyond the leeway, fails TOKEN-REUSE (blind19)', () => {
    const e = { credentialsIn: 'body' as const, scope };
    const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    const at = 1_800_000_000;
    const arrived = (claims: object, expiresIn: unknown = 3600) => ({ ...token(200, { access_token: jwt(claims), expires_in: expiresIn }), receivedAtMs: at * 1000 });
    expect(tokenIssued(arrived({ iat: at - 3540, exp: at + 60 }), e)[0]).toMatchObject({ requirement: 'TOKEN-REUSE', title: 'Token expires before expires_in' });
    // Within the leeway (a target's clock four minutes behind), and with no number in expires_in, nothing is judged.
    expect(tokenIssued(arrived({ iat: at - 240, exp: at + 3360 }), e)).toEqual([]);
    expect(tokenIssued(arrived({ iat: at - 3540, exp: at + 60 }, '3600'), e)).toEqual([]);
    expect(tokenIssued({ ...token(200, { access_token: 'opaque-token', expires_in: 3600 }), receivedAtMs: at * 1000 }, e)).toEqual([]);
  });
  it('tokenRequestRefused: a 4xx without a token; a token or a 2xx fails TOKEN-ERRORS', () => {
    expect(tokenRequestRefused(token(400, { error: 'invalid_request' }), { requirement: 'TOKEN-ERRORS' })).toEqual([]);
    expect(tokenRequestRefused(token(200, { access_token: 'a.b.c' }), { requirement: 'TOKEN-ERRORS' })[0]?.requirement).toBe('TOKEN-ERRORS');
  });
  it('tokenReused: only a 401 speaks about the token', () => {
    expect(tokenReused(exchange({ status: 422, body: { errorCode: 'CUSTOMER_NOT_FOUND' } }), { call: 2 })).toEqual([]);
    expect(tokenReused(exchange({ status: 401, body: {} }), { call: 2 })[0]?.requirement).toBe('TOKEN-REUSE');
  });
  it('versionSelected: 2xx passes, anything else fails the strategy it names', () => {
    expect(versionSelected(exchange({ status: 200 }), { requirement: 'VERSION-QUERY' })).toEqual([]);
    expect(versionSelected(exchange({ status: 400, body: {} }), { requirement: 'VERSION-HEADER' })[0]?.title).toBe('apiVersion header not accepted');
  });
  it('versionSelected: where the other way met a refusal of the target\'s own (D16), meeting it too passes; a 400 or another status fails', () => {
    const duplicate = { ErrorCode: 'DUPLICATE_SSN', ErrorMessage: 'in use' };
    const e = { requirement: 'VERSION-QUERY' as const, otherWayRefusedWith: 422 };
    expect(versionSelected(exchange({ operation: 'EnrollCustomer', status: 422, body: duplicate }), e)).toEqual([]);
    expect(versionSelected(exchange({ operation: 'EnrollCustomer', status: 400, body: { errorCode: 'UNSUPPORTED_API_VERSION' } }), e)[0]?.requirement).toBe('VERSION-QUERY');
    expect(versionSelected(exchange({ operation: 'EnrollCustomer', status: 404, body: { errorCode: 'NOT_FOUND' } }), e)).toHaveLength(1);
    // Without the other way's refusal, a refusal of the target's own proves nothing of the version.
    expect(versionSelected(exchange({ operation: 'EnrollCustomer', status: 422, body: duplicate }), { requirement: 'VERSION-QUERY' })).toHaveLength(1);
  });
});

describe('transport oracles (D25, D26)', () => {
  it('negotiatedTlsMinimum: a failed handshake or TLS 1.2+ passes, TLS 1.1 fails', () => {
    const o = { endpoint: 'h:443', offered: 'TLSv1 to TLSv1.1' };
    expect(negotiatedTlsMinimum(o)).toEqual([]);
    expect(negotiatedTlsMinimum({ ...o, protocol: 'TLSv1.2' })).toEqual([]);
    expect(negotiatedTlsMinimum({ ...o, protocol: 'TLSv1.1' })[0]?.message).toMatchInlineSnapshot(`"Received TLSv1.1 negotiated at h:443 (client offered TLSv1 to TLSv1.1); documented TLS 1.2 or later; an older handshake fails"`);
  });
  it('plainHttpNotServed: silence and refusals pass, an answer that serves fails', () => {
    for (const o of [{}, { status: 400 }, { status: 403 }, { status: 426 }, { status: 301, location: 'https://h/' }]) expect(plainHttpNotServed({ endpoint: 'h:443', ...o })).toEqual([]);
    for (const o of [{ status: 200 }, { status: 404 }, { status: 301, location: 'http://h/' }]) expect(plainHttpNotServed({ endpoint: 'h:443', ...o })).toHaveLength(1);
  });
  it('offListSourceRefused: 403 or no answer passes, being served fails', () => {
    const o = { sourceAddress: '127.0.0.2', operation: 'AuthenticatePartner' };
    expect(offListSourceRefused(o)).toEqual([]);
    expect(offListSourceRefused({ ...o, status: 403 })).toEqual([]);
    expect(offListSourceRefused({ ...o, status: 200 })[0]?.requirement).toBe('ALLOW-LIST');
  });
});

describe('handshake failures: only the server\'s count', () => {
  it('tells a server alert from the client\'s own TLS policy and from the network', () => {
    expect(classifyHandshakeError({ code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', message: 'tlsv1 alert protocol version' }, 300)?.by).toBe('server');
    expect(classifyHandshakeError({ code: 'ECONNRESET', message: 'socket disconnected before secure TLS connection was established' }, 300)?.by).toBe('server');
    expect(classifyHandshakeError({ code: 'ERR_SSL_LEGACY_SIGALG_DISALLOWED_OR_UNSUPPORTED', message: 'legacy sigalg disallowed or unsupported' }, 300)?.by).toBe('client');
    expect(classifyHandshakeError({ code: 'ERR_SSL_NO_PROTOCOLS_AVAILABLE', message: 'no protocols available' }, 0)?.by).toBe('client');
    expect(classifyHandshakeError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 0)?.by).toBe('network');
  });
});

describe('bad tokens the bearer suite presents', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const jwt = (payload: Record<string, unknown>, sig = 'c2lnbmF0dXJlLWJ5dGVz') => `${b64({ alg: 'HS256' })}.${b64(payload)}.${sig}`;
  const ctx = { client: { redactor: new Redactor() } } as unknown as HarnessContext;

  it('tamperSignature changes the signature bytes and nothing else; no JWT, no case', () => {
    for (const sig of ['AAAA', 'BBBB', 'c2lnbmF0dXJlLWJ5dGVz']) {
      const [h, p, s] = tamperSignature(jwt({ exp: 1 }, sig)).split('.');
      expect(`${h}.${p}`).toBe(jwt({ exp: 1 }, sig).split('.').slice(0, 2).join('.'));
      expect(Buffer.from(s!, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(false);
    }
    expect(() => tamperSignature('opaque-token')).toThrow(expect.objectContaining({ code: 'FIXTURE_UNAVAILABLE' }));
  });

  it('expiredToken: only a JWT whose exp has passed; otherwise the case is not covered, with the reason', () => {
    const now = 2_000_000_000_000;
    const old = jwt({ exp: now / 1000 - 60 });
    expect(expiredToken(ctx, { TARGET_EXPIRED_TOKEN: old }, now)).toBe(old);
    expect(() => expiredToken(ctx, {}, now)).toThrow(/set TARGET_EXPIRED_TOKEN/);
    expect(() => expiredToken(ctx, { TARGET_EXPIRED_TOKEN: jwt({ exp: now / 1000 + 60 }) }, now)).toThrow(/has not expired yet/);
    expect(() => expiredToken(ctx, { TARGET_EXPIRED_TOKEN: 'opaque' }, now)).toThrow(/no JWT exp claim/);
  });
});
