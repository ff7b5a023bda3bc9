/**
 * Bearer tokens that must not verify (D2, RFC 6750 §3.1, RFC 8725), on the Authorization header
 * of every operation: each is refused with 401.
 */
import type { Operator } from './types.js';

const onAuthorization = (c: { place: string; name: string }) => c.place === 'header' && c.name === 'Authorization';
const api2 = { tool: 'OWASP API Security Top 10', name: 'API2:2023 Broken Authentication' } as const;

/** One operator per forgery; the bearer suite sends each to every operation. */
const forgery = (id: string, sends: string): Operator => ({
  id, family: 'token-forgery', counterparts: [api2, { tool: 'CATS', name: 'BypassAuthenticationFuzzer' }], sends,
  appliesTo: onAuthorization, asserts: () => 'rejected', backing: ['D2'],
});

export const tokenForgeryOperators: readonly Operator[] = [
  forgery('bearer-empty-signature', 'the issued token with its signature part emptied (header.payload.)'),
  forgery('bearer-alg-none', 'the token\'s claims under an alg none header, unsigned'),
  forgery('bearer-changed-claims', 'the token\'s claims changed under its original signature'),
  forgery('bearer-other-key', 'the token\'s claims signed with a key the server never issued, named in the header (jwk)'),
  forgery('bearer-client-secret', 'the token\'s claims signed HS256 with the client\'s own secret, the client id as kid: a token the client can mint itself'),
  forgery('bearer-expired', 'a token of this client whose exp is past (TARGET_EXPIRED_TOKEN)'),
];
