import { createHmac, randomBytes, randomUUID, timingSafeEqual, webcrypto } from 'node:crypto';
import { EmbeddedJWK, SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { FaultSet } from './faults/types.js';
import type { ReadingSet } from './readings.js';
import { rememberVerified, verifiedClaims } from './faults/blind5/memo.js';

/** HS256 signer and verifier of one reference; the key lives as long as the server. */
export interface TokenSigner {
  /** `shiftSeconds` moves this token's iat and exp further (the expired-token path passes -2 × lifetime). */
  issue(clientId: string, scope: string, shiftSeconds?: number): Promise<string>;
  /** The verified claims, or undefined when the token is malformed, forged or expired. */
  verify(token: string, options?: { ignoreExpiry?: boolean }): Promise<JWTPayload | undefined>;
}

/**
 * `clockOffsetSeconds` shifts the clock tokens are issued by (iat, exp), not the verifying
 * clock: an offset of -2 × lifetime yields tokens that are already expired.
 */
export function tokenSigner(options: { lifetimeSeconds: number; clockOffsetSeconds: number; faults: FaultSet; readings?: ReadingSet }): TokenSigner {
  const issuedSignatures = new Set<string>();
  const key = randomBytes(32);
  // Imported once: given the raw bytes, jose imports them for every token signed or verified (a tenth of the reference's CPU).
  const hmacKey = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  /** blind4-token-reissue-revokes-previous: the one live token id of each client. */
  const liveJti = new Map<string, string>();
  /**
   * Claims whose signature (HS256, this key) jose verified, by the whole token: a client sends one
   * token many times, and the same bytes verify the same way. The expiry is checked on every use.
   */
  const verified = new Map<string, JWTPayload>();
  const century = 100 * 365 * 86400;
  async function signedClaims(token: string): Promise<JWTPayload> {
    const known = verified.get(token);
    if (known) return known;
    const { payload } = await jwtVerify(token, await hmacKey, { algorithms: ['HS256'], clockTolerance: century });
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, payload);
    return payload;
  }
  const signer: TokenSigner = {
    async issue(clientId, scope, shiftSeconds = 0) {
      const iat = Math.floor(Date.now() / 1000) + options.clockOffsetSeconds + shiftSeconds;
      // Reading `blind-token-at-jwt`: an RFC 9068 access token (typ at+jwt, iss, aud, client_id).
      const at = options.readings?.has('blind-token-at-jwt') === true;
      // token-not-before-local-clock-ahead: nbf read from a clock two hours ahead of UTC, written as UTC.
      const nbf = options.faults.has('token-not-before-local-clock-ahead') ? { nbf: iat + 7200 } : {};
      return new SignJWT(at ? { scope, client_id: clientId, iss: 'https://reference.example.test/oauth2', aud: 'partner-api', ...nbf } : { scope, ...nbf })
        .setProtectedHeader({ alg: 'HS256', typ: at ? 'at+jwt' : 'JWT' })
        .setSubject(clientId)
        .setIssuedAt(iat)
        // blind2-token-exp-seconds-as-ms: the lifetime is taken for milliseconds and converted to seconds.
        .setExpirationTime(iat + (options.faults.has('blind2-token-exp-seconds-as-ms') ? Math.floor(options.lifetimeSeconds / 1000) : options.lifetimeSeconds))
        .setJti(randomUUID())
        .sign(await hmacKey)
        .then((token) => (issuedSignatures.add(token.split('.')[2] ?? ''), options.faults.has('blind4-token-reissue-revokes-previous') && liveJti.set(clientId, String(decodeJwt(token).jti)), token));
    },
    async verify(token, verifyOptions) {
      try {
        // blind5-bearer-payload-cached: a token whose header and payload were verified before skips the signature check.
        const cached = options.faults.has('blind5-bearer-payload-cached') ? verifiedClaims(signer, token) as JWTPayload | undefined : undefined;
        if (cached) return typeof cached.exp === 'number' && cached.exp > Date.now() / 1000 ? cached : undefined;
        // blind1-bearer-alg-none: the algorithm is taken from the token's own header, "none" included.
        if (options.faults.has('blind1-bearer-alg-none') && decodeProtectedHeader(token).alg === 'none') {
          const claims = decodeJwt(token);
          return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : undefined;
        }
        // bearer-empty-signature-accepted: a token whose signature part is empty is taken as "not signed yet", and its claims as they are.
        if (options.faults.has('bearer-empty-signature-accepted') && token.split('.').length === 3 && token.endsWith('.')) {
          const claims = decodeJwt(token);
          return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : undefined;
        }
        // bearer-embedded-key-trusted: a symmetric key the token names in its own header (jwk) is used to verify it.
        const embedded = options.faults.has('bearer-embedded-key-trusted') ? (decodeProtectedHeader(token).jwk as { k?: unknown } | undefined)?.k : undefined;
        if (typeof embedded === 'string') return (await jwtVerify(token, Buffer.from(embedded, 'base64url'), { algorithms: ['HS256'] })).payload;
        // bearer-claims-unverified: a signature the server issued is trusted whatever claims it now stands under.
        if (options.faults.has('bearer-claims-unverified') && issuedSignatures.has(token.split('.')[2] ?? '')) {
          const claims = decodeJwt(token);
          return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : undefined;
        }
        if (options.faults.has('bearer-signature-unchecked')) {
          const claims = decodeJwt(token);
          const expired = typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000;
          return expired && !options.faults.has('bearer-expiry-unchecked') ? undefined : claims;
        }
        const unexpired = (claims: JWTPayload) => (typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : undefined);
        // blind4-bearer-empty-signature: the signature is verified only when the token carries one.
        if (options.faults.has('blind4-bearer-empty-signature') && token.split('.').length === 3 && token.endsWith('.')) return unexpired(decodeJwt(token));
        // blind4-bearer-embedded-jwk-trusted: the key is taken from the token's own jwk header (CVE-2018-0114).
        const jwk4 = options.faults.has('blind4-bearer-embedded-jwk-trusted') ? decodeProtectedHeader(token).jwk as Record<string, unknown> | undefined : undefined;
        if (jwk4?.kty === 'oct' && typeof jwk4.k === 'string') {
          const [h, p, sig] = token.split('.');
          const mac = createHmac('sha256', Buffer.from(jwk4.k, 'base64url')).update(`${h}.${p}`).digest();
          const given = Buffer.from(sig ?? '', 'base64url');
          return given.length === mac.length && timingSafeEqual(given, mac) ? unexpired(decodeJwt(token)) : undefined;
        }
        if (jwk4) return (await jwtVerify(token, EmbeddedJWK)).payload;
        // bearer-expiry-unchecked: a tolerance of ten years accepts any expired token.
        // blind3-bearer-expired-on-authenticate: the caller asks for the expiry to be ignored (only that fault does).
        // blind10-bearer-expiry-leeway-thirty-minutes: a clock skew of 30 minutes configured against drifting clocks.
        const clockTolerance = options.faults.has('bearer-expiry-unchecked') || verifyOptions?.ignoreExpiry ? 10 * 365 * 86400
          : options.faults.has('blind10-bearer-expiry-leeway-thirty-minutes') ? 1800
          // Reading `blind2-token-clock-skew` (D2, RFC 7519 4.1.4): the .NET JwtBearer default ClockSkew of five minutes.
          : options.readings?.has('blind2-token-clock-skew') ? 300 : 0;
        const payload = await signedClaims(token);
        if (typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000 - clockTolerance) return undefined;
        if (typeof payload.nbf === 'number' && payload.nbf > Date.now() / 1000 + clockTolerance) return undefined;
        // blind4-token-reissue-revokes-previous: "one active token per client".
        if (options.faults.has('blind4-token-reissue-revokes-previous') && typeof payload.sub === 'string' && liveJti.get(payload.sub) !== payload.jti) return undefined;
        if (options.faults.has('blind5-bearer-payload-cached')) rememberVerified(signer, token, payload);
        return payload;
      } catch {
        return undefined;
      }
    },
  };
  return signer;
}
