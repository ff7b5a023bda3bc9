import { tokenContract, tokenOperation } from '../contract/token.js';
import { printIssue, schemaIssues } from './schema.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, is4xx, onlyWhenStatus, type Responded } from './support.js';
import type { Finding } from './finding.js';
import { jwtPart } from './token-time.js';

/** Seconds `exp - iat` may differ from `expires_in` (the two are read at slightly different moments). */
export const lifetimeToleranceSeconds = 5;

/**
 * Nothing of the request is compared: D34, RFC 6749 §3.3 lets a server grant another scope than
 * the one requested, so the granted `scope` is asserted present and non-empty only.
 */
export type TokenExpectation = Record<string, never>;

/** Problems of an access_token as a JWT: three base64url parts, JSON header and payload, exp - iat = expires_in. */
export function jwtProblems(token: string, expiresIn: unknown): string[] {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p, i) => (i === 2 ? /^[A-Za-z0-9_-]*$/ : /^[A-Za-z0-9_-]+$/).test(p))) return ['access_token is not three base64url parts'];
  const header = jwtPart(parts[0]!);
  const payload = jwtPart(parts[1]!);
  const out: string[] = [];
  if (!header) out.push('JWT header is not a JSON object');
  if (!payload) out.push('JWT payload is not a JSON object');
  const { exp, iat } = payload ?? {};
  if (typeof exp === 'number' && typeof iat === 'number' && typeof expiresIn === 'number' && Math.abs(exp - iat - expiresIn) > lifetimeToleranceSeconds) {
    out.push(`JWT exp - iat is ${exp - iat}, expires_in is ${expiresIn}`);
  }
  return out;
}

/**
 * TOKEN-SHAPE: access_token (a JWT), expires_in 3600, token_type Bearer, a non-empty scope (D34).
 * token_type is compared case-insensitively: RFC 6749 §5.1 says its value is case insensitive,
 * so `bearer` conforms although interface.md prints `Bearer`.
 * @see interface.md "Authentication" 8, RFC 6749 §5.1
 */
export const tokenResponseShape = defineCheck({
  id: 'tokenResponseShape', requirement: 'TOKEN-SHAPE', expectation: 'TokenExpectation',
  description: 'access_token a JWT, expires_in 3600, token_type Bearer (any case, RFC 6749 §5.1), a non-empty scope (D34)',
  rule(x, _e: TokenExpectation, fail) {
    const body = bodyObject(x) ?? {};
    const issues = schemaIssues('token', x.response.json).filter(
      (i) => !(i.path === 'token_type' && i.keyword === 'const' && typeof i.value === 'string' && i.value.toLowerCase() === tokenContract.tokenType.toLowerCase()),
    );
    const problems = issues.map(printIssue);
    if (typeof body.access_token === 'string') problems.push(...jwtProblems(body.access_token, body.expires_in).filter((p) => !p.includes('base64url') || !issues.some((i) => i.path === 'access_token')));
    if (problems.length === 0) return [];
    return [fail(x.request.operation, {
      title: 'Token response malformed',
      received: problems.join(', '),
      documented: `access_token (JWT), expires_in ${tokenContract.expiresIn}, token_type ${tokenContract.tokenType}, a non-empty scope`,
      evidence: { problems, issues },
      key: problems.map((p) => p.replace(/".*"/g, '"…"')).sort(),
    }, x)];
  },
  when: [onlyWhenStatus(is2xx)],
});

const sentBasic = (x: Responded): boolean =>
  Object.entries(x.request.headers).some(([k, v]) => k.toLowerCase() === 'authorization' && /^basic\s/i.test(v));

export interface TokenErrorExpectation {
  /** RFC 6749 §5.2 codes acceptable for this failure (several where the RFC leaves a choice). */
  readonly errors?: readonly string[];
  /** Expected status; invalid_client may be 400 or 401 (RFC 6749 §5.2). */
  readonly status?: number;
}

/**
 * TOKEN-ERRORS (D24): a token error is RFC 6749 §5.2 JSON with an `error` code from that
 * section, the expected code and status where the case names them. invalid_client may be
 * 400 or 401, but MUST be 401 when the client authenticated with the Authorization header.
 * @see RFC 6749 §5.2
 */
export const tokenErrorShape = defineCheck({
  id: 'tokenErrorShape', requirement: 'TOKEN-ERRORS', expectation: 'TokenErrorExpectation',
  description: 'RFC 6749 §5.2 error JSON with the expected code and status (D24)',
  rule(x, e: TokenErrorExpectation, fail) {
    const problems = schemaIssues('tokenError', x.response.json).map(printIssue);
    const error = bodyObject(x)?.error;
    const { status } = x.response;
    if (e.errors && typeof error === 'string' && !e.errors.includes(error)) problems.push(`error "${error}" where ${e.errors.join(' or ')} is due`);
    const allowed = error === 'invalid_client' ? (sentBasic(x) ? [401] : [400, 401]) : e.status === undefined ? undefined : [e.status];
    if (allowed && !allowed.includes(status)) problems.push(`status ${status} where ${allowed.join(' or ')} is due`);
    if (problems.length === 0) return [];
    return [fail(x.request.operation, {
      title: 'Token error not as RFC 6749',
      received: `status ${status}: ${problems.join(', ')}`,
      documented: `JSON {error, error_description?} with error one of ${tokenContract.errorCodes.join(', ')}${e.errors ? `, here ${e.errors.join(' or ')}` : ''}`,
      evidence: { problems, error },
      key: [String(error), status],
    }, x)];
  },
  when: [onlyWhenStatus(is4xx)],
});

/**
 * BEARER-WWW-AUTHENTICATE (D27): a 401 carries WWW-Authenticate (RFC 7235 §3.1). At the token
 * endpoint only where Basic credentials were sent: RFC 6749 §5.2 requires it then.
 */
export const wwwAuthenticateOn401 = defineCheck({
  id: 'wwwAuthenticateOn401', requirement: 'BEARER-WWW-AUTHENTICATE', expectation: 'unknown',
  description: 'a 401 carries WWW-Authenticate; at the token endpoint when Basic credentials were sent (D27)',
  rule(x, _e: unknown, fail) {
    if ((x.response.headers['www-authenticate'] ?? '').trim()) return [];
    return [fail(x.request.operation, {
      title: '401 without WWW-Authenticate',
      received: 'a 401 with no WWW-Authenticate header',
      documented: 'a 401 carries a WWW-Authenticate header (RFC 7235 section 3.1)',
    }, x)];
  },
  when: [onlyWhenStatus(401), (x) => x.request.operation !== tokenOperation || sentBasic(x)],
});

export interface BearerExpectation {
  /** What was wrong with the presented token. */
  readonly token: 'missing' | 'malformed' | 'tampered' | 'expired' | 'unsigned' | 'forged-claims' | 'empty-signature' | 'other-key' | 'client-secret';
}

/** BEARER-REQUIRED (D2): a call with no, a malformed, a tampered or an expired token is refused with 401 (RFC 6750). */
export const bearerRefused = defineCheck({
  id: 'bearerRefused', requirement: 'BEARER-REQUIRED', expectation: 'BearerExpectation',
  description: 'no, a malformed, a tampered or an expired token gets 401 (D2)',
  rule(x, e: BearerExpectation, fail) {
    if (x.response.status === 401) return [];
    return [fail(x.request.operation, {
      title: 'Call without a valid token not refused with 401',
      received: `status ${x.response.status} (token ${e.token})`,
      documented: 'a 401 (RFC 6750)',
      key: [e.token, x.response.status],
    }, x)];
  },
});
