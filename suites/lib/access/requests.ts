import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { type Operation, sessionHeaders } from '../../../contract/index.js';
import type { CallInput } from '../../../client/index.js';
import { validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { stateFields } from '../state/case-state.js';
import { FixtureError } from '../state/fixture-errors.js';

/** Inputs and tokens the access suites send; none of them can create, change or delete data. */

/**
 * What the bearer suite sends to `op`. Reads and AuthenticatePartner get a valid payload (state
 * stand-ins left as they are: a target that wrongly serves them reads nothing real). Writing
 * operations get `{}`, which validation rejects, so a target that ignores the token still
 * writes nothing, in production too.
 */
export function bearerProbeInput(ctx: HarnessContext, op: Operation): CallInput {
  if (!op.sessionRequired) return { body: { [sessionHeaders.deviceId]: ctx.profile.deviceId } };
  if (op.writes) return { body: {} };
  const arb = validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey, includeOptional: false });
  return fc.sample(arb, { seed: ctx.runSeed, numRuns: 1 })[0]!;
}

/** A syntactically valid bearer credential (RFC 6750 b64token) that no server issued. */
export const malformedToken = 'conformance-not-an-access-token';

/**
 * The token with its signature changed in its first character, which always changes the
 * signature bytes (the last character may only carry padding bits).
 */
export function tamperSignature(token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[2]) throw new FixtureError('the access token is not a signed JWT (three parts): there is no signature to tamper with');
  const sig = parts[2];
  parts[2] = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
  return parts.join('.');
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The token's claims under an `alg: none` header and no signature: forged, not expired or malformed (RFC 7519 §6, RFC 8725 §2.1). */
export function unsignedToken(token: string): string {
  if (token.split('.').length !== 3) throw new FixtureError('the access token is not a signed JWT (three parts): there is no claim set to forge');
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsOf(token))}.`;
}

/** The token with its claims changed (a later exp, another subject) under the original header and signature. */
export function forgedClaims(token: string): string {
  const [header, , signature] = token.split('.');
  if (!header || signature === undefined) throw new FixtureError('the access token is not a signed JWT (three parts): there are no claims to forge');
  const claims = claimsOf(token);
  const exp = typeof claims.exp === 'number' ? claims.exp + 86_400 : Math.floor(Date.now() / 1000) + 86_400;
  return `${header}.${b64url({ ...claims, exp, sub: 'conformance-forged-subject' })}.${signature}`;
}

/** The token with its signature part emptied (`header.payload.`): a verifier that skips an empty signature lets it through. */
export function emptySignature(token: string): string {
  const [header, payload] = token.split('.');
  if (!header || payload === undefined || token.split('.').length !== 3) throw new FixtureError('the access token is not a signed JWT (three parts): there is no signature to empty');
  return `${header}.${payload}.`;
}

/**
 * The token's claims signed (HS256) with a key no server issued, the key named in the header as a
 * JWK (RFC 7515 §4.1.3): a verifier that trusts a key the token brings lets it through (RFC 8725 §3.10).
 */
export function otherKeyToken(token: string): string {
  if (token.split('.').length !== 3) throw new FixtureError('the access token is not a signed JWT (three parts): there is no claim set to sign again');
  const key = randomBytes(32);
  const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: key.toString('base64url') } })}.${b64url(claimsOf(token))}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}

/**
 * The token's claims (a later exp) signed HS256 with the client's own secret, the client named as
 * the key id: a forgery the client itself can make, which a verifier that keeps client secrets
 * among its signing keys, or picks the key by the token's alg and kid, lets through (RFC 8725 §2.1, §3.1).
 */
export function clientSecretToken(token: string, clientId: string, clientSecret: string): string {
  if (token.split('.').length !== 3) throw new FixtureError('the access token is not a signed JWT (three parts): there is no claim set to sign again');
  const claims = claimsOf(token);
  const exp = typeof claims.exp === 'number' ? claims.exp + 86_400 : Math.floor(Date.now() / 1000) + 86_400;
  const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT', kid: clientId })}.${b64url({ ...claims, exp })}`;
  return `${signingInput}.${createHmac('sha256', clientSecret).update(signingInput).digest('base64url')}`;
}

/** exp of a JWT, or undefined when the token is not one. */
function expiry(token: string): number | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const exp = (payload as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * TARGET_EXPIRED_TOKEN, when the run was given one and it has provably expired. A foreign
 * target cannot be made to mint one, and keeping a token for its whole lifetime is not
 * practical in a run: without it the case is not covered.
 */
export function expiredToken(ctx: HarnessContext, env: NodeJS.ProcessEnv = process.env, now = Date.now()): string {
  const token = env.TARGET_EXPIRED_TOKEN;
  if (!token) throw new FixtureError('no expired token: set TARGET_EXPIRED_TOKEN to an access token of this client that has expired (the embedded reference run provides one)', { enabledBy: 'TARGET_EXPIRED_TOKEN' });
  ctx.client.redactor.learn(token, 'accessToken');
  const exp = expiry(token);
  if (exp === undefined) throw new FixtureError('TARGET_EXPIRED_TOKEN carries no JWT exp claim: the harness cannot tell that it has expired', { enabledBy: 'TARGET_EXPIRED_TOKEN' });
  if (exp * 1000 > now) throw new FixtureError(`TARGET_EXPIRED_TOKEN has not expired yet (exp ${new Date(exp * 1000).toISOString()})`, { enabledBy: 'TARGET_EXPIRED_TOKEN' });
  return token;
}

export interface HostPort {
  readonly host: string;
  readonly port: number;
  /** host:port as printed. */
  readonly label: string;
}

/** The distinct HTTPS endpoints of the run: {base_url} and {auth_url}. */
export function httpsEndpoints(ctx: HarnessContext): HostPort[] {
  const target = ctx.profile.target!;
  const seen = new Map<string, HostPort>();
  for (const url of [target.baseUrl, target.authUrl]) {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const port = Number(u.port || 443);
    seen.set(`${u.hostname}:${port}`, { host, port, label: `${u.hostname}:${port}` });
  }
  return [...seen.values()];
}
