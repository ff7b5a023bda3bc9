/**
 * A JWT access token's time claims against the moment its answer arrived (RFC 7519 sections
 * 4.1.4 and 4.1.5): a token issued to be used is not expired, nor not yet valid, when it arrives;
 * and where the answer says how long it lives (expires_in), its exp does not come before then:
 * clients "may reuse an access token for consecutive calls and use expires_in to decide when to
 * fetch a new one" (blind19: exp 60 s after issue under expires_in 3600, iat moved back to match).
 * The moment is this machine's clock (client/transport.ts `receivedAtMs`), so a verdict says so:
 * a machine whose clock is off by more than the leeway would blame a sound target.
 */

/** RFC 7519's "some small leeway, usually no more than a few minutes": the .NET JwtBearer default (reading blind2-token-clock-skew). */
export const clockLeewaySeconds = 300;

export interface TokenTimeProblem {
  readonly claim: 'exp' | 'nbf';
  /** Set where exp is past the arrival but before the arrival plus expires_in (less the leeway): the lifetime the answer promised. */
  readonly expiresIn?: number;
  /** The claim's value, seconds since the epoch. */
  readonly value: number;
  /** When the answer arrived, seconds since the epoch on this machine's clock. */
  readonly receivedAt: number;
}

/** One base64url part of a compact JWS decoded as a JSON object; undefined when it is not one. */
export function jwtPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a compact JWS (three base64url parts, a JSON object in the second); undefined for an opaque token. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  return parts.length === 3 && /^[A-Za-z0-9_-]+$/.test(parts[1] ?? '') ? jwtPart(parts[1]!) : undefined;
}

/**
 * The time claim that made a token unusable on arrival (beyond the leeway), or, given the answer's
 * expires_in (a number of seconds), an exp that cuts that lifetime short by more than the leeway; undefined
 * otherwise: opaque tokens, absent claims and an expires_in that is not a number say nothing.
 */
export function tokenTimeProblem(token: string, receivedAtMs: number, expiresIn?: unknown): TokenTimeProblem | undefined {
  const claims = jwtClaims(token);
  if (!claims) return undefined;
  const receivedAt = Math.floor(receivedAtMs / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= receivedAt - clockLeewaySeconds) return { claim: 'exp', value: claims.exp, receivedAt };
  if (typeof claims.nbf === 'number' && claims.nbf > receivedAt + clockLeewaySeconds) return { claim: 'nbf', value: claims.nbf, receivedAt };
  if (typeof claims.exp === 'number' && typeof expiresIn === 'number' && Number.isFinite(expiresIn) && claims.exp < receivedAt + expiresIn - clockLeewaySeconds)
    return { claim: 'exp', value: claims.exp, receivedAt, expiresIn };
  return undefined;
}

/** The problem in words, naming the clock it was judged by. */
export function tokenTimeText(p: TokenTimeProblem): string {
  const iso = (s: number) => new Date(s * 1000).toISOString();
  if (p.expiresIn !== undefined)
    return `its exp claim is ${iso(p.value)}, ${p.value - p.receivedAt} s after it arrived at ${iso(p.receivedAt)} by this machine's clock, though expires_in says ${p.expiresIn} s (leeway ${clockLeewaySeconds} s)`;
  return `its ${p.claim} claim is ${iso(p.value)} and it arrived at ${iso(p.receivedAt)} by this machine's clock (leeway ${clockLeewaySeconds} s)`;
}
