import { decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { ClientRegistry } from '../clients.js';
import type { FaultSet } from './types.js';

/**
 * bearer-client-secret-on-reads: the read operations (GET) were given a second verifier for
 * "symmetric" tokens, which takes an HS256 token signed with the secret of the client its `sub`
 * names. The client knows that secret, so it can mint itself a token with any claims
 * (RFC 8725 §2.1: a key of the wrong party). Undefined when the fault does not apply.
 */
export async function clientSecretClaims(faults: FaultSet, token: string, clients: ClientRegistry, method: string): Promise<JWTPayload | undefined> {
  if (!faults.has('bearer-client-secret-on-reads') || method !== 'GET') return undefined;
  try {
    if (decodeProtectedHeader(token).alg !== 'HS256') return undefined;
    const sub = decodeJwt(token).sub;
    const secret = sub !== undefined ? clients.secrets.get(sub) : undefined;
    return secret === undefined ? undefined : (await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).payload;
  } catch {
    return undefined;
  }
}
