import { describe, expect, it } from 'vitest';
import { bearerRefused, jwtProblems, tokenErrorShape, tokenResponseShape, wwwAuthenticateOn401 } from '../../checks/index.js';
import { exchange } from './fixtures.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}.c2ln`;
const scope = 'https://api.example.test/auth/check-cashing';
const token = (over: Record<string, unknown> = {}) => exchange({
  operation: 'Token', status: 200,
  body: { access_token: jwt({ iat: 1000, exp: 4600 }), expires_in: 3600, token_type: 'Bearer', scope, ...over },
});

describe('tokenResponseShape', () => {
  it('passes a conformant token; token_type in any case (RFC 6749 §5.1)', () => {
    expect(tokenResponseShape(token(), {})).toEqual([]);
    expect(tokenResponseShape(token({ token_type: 'bearer' }), {})).toEqual([]);
  });
  it('passes a granted scope other than the requested one (D34, RFC 6749 §3.3)', () => {
    expect(tokenResponseShape(token({ scope: 'https://api.example.test/auth/other' }), {})).toEqual([]);
  });
  it('fails a wrong lifetime, token type, an empty or missing scope and a non-JWT', () => {
    expect(tokenResponseShape(token({ access_token: jwt({ iat: 1000, exp: 2000 }) }), {})[0]?.message).toMatchInlineSnapshot(`"Received JWT exp - iat is 1000, expires_in is 3600; documented access_token (JWT), expires_in 3600, token_type Bearer, a non-empty scope"`);
    expect(tokenResponseShape(token({ token_type: 'MAC' }), {})).toHaveLength(1);
    expect(tokenResponseShape(token({ scope: '' }), {})).toHaveLength(1);
    expect(tokenResponseShape(token({ scope: undefined }), {})).toHaveLength(1);
    expect(tokenResponseShape(token({ access_token: 'opaque-token' }), {})).toHaveLength(1);
  });
  it('jwtProblems finds a payload that is not JSON', () => {
    expect(jwtProblems(`${b64({ alg: 'none' })}.bm90LWpzb24.`, 3600)).toEqual(['JWT payload is not a JSON object']);
  });
});

describe('tokenErrorShape (D24)', () => {
  const err = (status: number, body: unknown) => exchange({ operation: 'Token', status, body, mediaType: 'application/json' });
  it('accepts invalid_client as 400 or 401', () => {
    expect(tokenErrorShape(err(401, { error: 'invalid_client' }), { errors: ['invalid_client'], status: 401 })).toEqual([]);
    expect(tokenErrorShape(err(400, { error: 'invalid_client' }), { errors: ['invalid_client'], status: 401 })).toEqual([]);
  });
  it('fails an unknown code, another code, another status', () => {
    expect(tokenErrorShape(err(400, { error: 'bad_thing' }), {})).toHaveLength(1);
    const [f] = tokenErrorShape(err(401, { error: 'invalid_scope' }), { errors: ['invalid_request', 'invalid_scope'], status: 400 });
    expect(f?.message).toMatchInlineSnapshot(`"Received status 401: status 401 where 400 is due; documented JSON {error, error_description?} with error one of invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, here invalid_request or invalid_scope"`);
  });
});

describe('wwwAuthenticateOn401 (D27)', () => {
  it('requires the header on a partner 401', () => {
    expect(wwwAuthenticateOn401(exchange({ status: 401, body: {}, headers: { 'www-authenticate': 'Bearer' } }), undefined)).toEqual([]);
    expect(wwwAuthenticateOn401(exchange({ status: 401, body: {} }), undefined)).toHaveLength(1);
  });
  it('at the token endpoint only when Basic credentials were sent', () => {
    const x = (auth?: string) => exchange({ operation: 'Token', status: 401, body: { error: 'invalid_client' }, ...(auth ? { requestHeaders: { Authorization: auth } } : {}) });
    expect(wwwAuthenticateOn401.applies(x(), undefined)).toBe(false);
    expect(wwwAuthenticateOn401(x('Basic YTpi'), undefined)).toHaveLength(1);
  });
});

describe('bearerRefused (D2)', () => {
  it('passes 401 only', () => {
    expect(bearerRefused(exchange({ status: 401, body: {} }), { token: 'expired' })).toEqual([]);
    expect(bearerRefused(exchange({ status: 403, body: {} }), { token: 'expired' })[0]?.message).toMatchInlineSnapshot(`"Received status 403 (token expired); documented a 401 (RFC 6750)"`);
  });
});
