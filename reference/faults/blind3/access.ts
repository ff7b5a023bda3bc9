import { decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { FaultSet } from '../types.js';
import type { ClientRegistry } from '../../clients.js';

/**
 * The blind3 faults of access control: the source address the allow list is checked against,
 * bearer tokens accepted that the reference did not issue, and the pause a check-then-insert
 * race needs. Each is guarded by its fault; with none on, each function gives the core's answer.
 * @see reference/faults/blind3/index.ts
 */

/** The address of the first for= element of a Forwarded header (RFC 7239), quotes, brackets and port removed. */
function forwardedFor(header: string | undefined): string | undefined {
  const m = /for=("?)\[?([0-9A-Fa-f:.]+?)\]?(?::[0-9]+)?\1(?:[;,]|$)/i.exec(header ?? '');
  return m?.[2];
}

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * Whether the request passes the allow list: `allowed` asked about the connection's own address
 * (D46), or about what a blind3 fault takes for the source instead, or skipped on a path a fault leaves open.
 */
export function blind3SourceAllowed(faults: FaultSet, request: FastifyRequest, allowed: (address: string | undefined) => boolean): boolean {
  const own = request.socket.remoteAddress;
  if (!faults.names.some((n) => n.startsWith('blind3-allow-list-'))) return allowed(own);
  const path = request.url.split('?')[0] ?? '';
  // blind3-allow-list-token-endpoint-open: the allow list was set up on the API gateway's /api/ routes only.
  if (faults.has('blind3-allow-list-token-endpoint-open') && path.startsWith('/oauth2/token')) return true;
  // blind3-allow-list-ancillary-open: the ancillary operations were added behind another route group without the filter.
  if (faults.has('blind3-allow-list-ancillary-open') && /\/add-(customer|session)-attributes$/.test(path)) return true;
  const forwarded = faults.has('blind3-allow-list-forwarded-trusted') ? forwardedFor(single(request.headers.forwarded)) : undefined;
  if (forwarded !== undefined) return allowed(forwarded);
  const realIp = faults.has('blind3-allow-list-real-ip-trusted') ? single(request.headers['x-real-ip'])?.trim() : undefined;
  if (realIp) return allowed(realIp);
  return allowed(own);
}

const unexpired = (claims: JWTPayload): JWTPayload | undefined =>
  (typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? claims : undefined);

/**
 * Claims of a bearer token a blind3 fault accepts although the reference's signer did not issue
 * it; undefined when no such fault applies (the core's verification then decides).
 */
export async function blind3BearerClaims(faults: FaultSet, token: string, clients: ClientRegistry): Promise<JWTPayload | undefined> {
  try {
    const parts = token.split('.');
    // blind3-bearer-empty-signature: the signature is verified only when one is present.
    if (faults.has('blind3-bearer-empty-signature') && parts.length === 3 && parts[2] === '' && decodeProtectedHeader(token).alg !== 'none')
      return unexpired(decodeJwt(token));
    // blind3-bearer-kid-client-secret: the key is looked up by the token's own kid, and client secrets share the key table.
    const kid = faults.has('blind3-bearer-kid-client-secret') ? decodeProtectedHeader(token).kid : undefined;
    const secret = kid !== undefined ? clients.secrets.get(kid) : undefined;
    if (secret !== undefined) return (await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).payload;
  } catch {
    return undefined;
  }
  return undefined;
}

/** The pause of the race faults: long enough that a second request sent at the same time passes the same check. */
export const raceWindow = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));
