import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenContract, tokenErrors } from '../contract/index.js';
import type { ClientRegistry } from './clients.js';
import type { TokenSigner } from './jwt.js';
import './fastify-types.js';
import { blind14BodySecretUnchecked } from './faults/blind14/access.js';
import { tokenErrorBody, tokenMediaType } from './blind2/media.js';

/** Path of the token endpoint on the reference ({auth_url}). */
export const tokenPath = '/oauth2/token';
/**
 * Reference only: the same grant, but the token is born expired (iat and exp two lifetimes
 * back). bin/target.ts fetches one for the bearer suite's expired-token case (D2); a real
 * target has no such path, and the harness never assumes one.
 */
export const expiredTokenPath = '/oauth2/token/expired';
/** How long before it is issued the embedded reference's expired token expired. */
export const expiredSecondsAgo = 600;

export interface TokenEndpointOptions {
  readonly clients: ClientRegistry;
  readonly signer: TokenSigner;
  readonly lifetimeSeconds: number;
}

type TokenError = { status: number; error: string };
type Form = Record<string, string | undefined>;

/** RFC 6749 section 5.2 error body, or the faulty `{message}` body. */
function sendTokenError(reply: FastifyReply, e: TokenError, description: string): FastifyReply {
  const body = reply.server.faults.has('token-error-not-rfc')
    ? { message: description }
    // Reading `blind2-token-errors-spring` (RFC 6749 5.2): error_uri instead of the optional error_description.
    : tokenErrorBody(reply.server.readings, e.error, description);
  // token-error-uri-unencoded: a help link made of the error's title, its spaces never percent-encoded.
  if (reply.server.faults.has('token-error-uri-unencoded') && e.error === 'invalid_client') Object.assign(body, { error_uri: 'https://docs.example.test/errors/client authentication failed' });
  // blind2-token-error-status-200: the error object is written as a normal answer; only a failed client authentication is an HTTP error.
  const status = reply.server.faults.has('blind2-token-error-status-200') && e.error !== 'invalid_client' ? 200 : e.status;
  return reply.code(status).header('cache-control', 'no-store').type(tokenMediaType(reply.server.readings)).send(body);
}

/**
 * `firstWins` (blind4-token-repeated-param-first-wins): a repeated parameter keeps its first value.
 * `secretLastWins` (token-repeated-secret-last-wins): a repeated client_secret keeps its last.
 */
function parseForm(text: string, firstWins = false, secretLastWins = false): Form {
  const form: Form = {};
  for (const [k, v] of new URLSearchParams(text)) form[k] = k in form ? (secretLastWins && k === 'client_secret' ? v : firstWins ? form[k] : undefined) : v; // repeated: unusable
  return form;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | 'absent' | 'malformed' {
  if (!header || !/^basic /i.test(header)) return 'absent';
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  const unescape = (s: string) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * POST /oauth2/token: the OAuth 2.0 client-credentials grant.
 * @see interface.md "Authentication", RFC 6749 sections 2.3.1, 4.4 and 5.2, decisions.md D24, D27
 */
/** The same header and claims under another signature: what a key the verifier does not hold makes. */
const otherKeySigned = (token: string): string => {
  const [header, claims, signature = ''] = token.split('.');
  return `${header}.${claims}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
};

export async function tokenEndpoint(app: FastifyInstance, opts: TokenEndpointOptions): Promise<void> {
  const { clients, signer } = opts;
  app.addContentTypeParser(tokenContract.contentType, { parseAs: 'string' }, (_req, body, done) => done(null, parseForm(body as string, app.faults.has('blind4-token-repeated-param-first-wins'), app.faults.has('token-repeated-secret-last-wins'))));
  app.setErrorHandler((error: Error, _request, reply) => sendTokenError(reply, tokenErrors.missingGrantType, `the token request could not be read: ${error.message}`));

  const grant = (shiftSeconds: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const faults = app.faults;
    const type = mediaType(request);
    const jsonAccepted = app.readings?.has('token-accepts-json') === true && type === 'application/json';
    // token-form-charset-refused: the other side of an open point (no D-row on a media type parameter at the token endpoint).
    const parameterRefused = app.readings?.has('token-form-charset-refused') === true && (request.headers['content-type'] ?? '').includes(';');
    if ((type !== tokenContract.contentType && !jsonAccepted) || parameterRefused) {
      return sendTokenError(reply, tokenErrors.missingGrantType, `the token request must be ${tokenContract.contentType}, received ${type || 'no content type'}`);
    }
    const form: Form = (request.body && typeof request.body === 'object' ? request.body : {}) as Form;
    const basic = basicCredentials(request.headers.authorization);
    const fromBody = form.client_id !== undefined || form.client_secret !== undefined;
    if (basic !== 'absent' && fromBody) {
      return sendTokenError(reply, tokenErrors.missingGrantType, 'client credentials must be sent by one method only');
    }
    const creds = basic === 'absent' ? { id: form.client_id, secret: form.client_secret } : basic === 'malformed' ? undefined : basic;
    // blind2-token-secret-prefix-accepted: a constant-time compare over the length of the secret sent only.
    const stored = creds?.id !== undefined ? clients.secrets.get(creds.id) : undefined;
    const prefixMatch = faults.has('blind2-token-secret-prefix-accepted') && stored !== undefined && !!creds?.secret && stored.startsWith(creds.secret);
    // token-secret-last-char-ignored: the secret is compared without its last character (an off-by-one in a hand-written compare).
    const lastIgnored = faults.has('token-secret-last-char-ignored') && stored !== undefined && !!creds?.secret && creds.secret.length === stored.length
      && creds.secret.slice(0, -1) === stored.slice(0, -1);
    // blind4-token-empty-secret-accepted: `if (sent && sent !== stored) fail`, so no secret is no check.
    // token-secret-extra-char-accepted: a compare over the stored secret's length, so what follows it is never read.
    const extraIgnored = faults.has('token-secret-extra-char-accepted') && stored !== undefined && !!creds?.secret && creds.secret.startsWith(stored);
    const noSecret = faults.has('blind4-token-empty-secret-accepted') && stored !== undefined && !creds?.secret;
    // blind9-token-secret-case-insensitive: the secret compared with a case-insensitive string comparison.
    const caseless = faults.has('blind9-token-secret-case-insensitive') && stored !== undefined && !!creds?.secret && creds.secret.toLowerCase() === stored.toLowerCase();
    // blind14-token-body-secret-unchecked: the form-credentials branch finds the client by client_id and stops there.
    const known = blind14BodySecretUnchecked(faults, basic === 'absent', stored) || caseless || extraIgnored || noSecret || prefixMatch || lastIgnored || (creds?.id !== undefined && clients.secrets.get(creds.id) === creds.secret && creds.secret !== undefined);
    if (!known || (basic !== 'absent' && faults.has('token-basic-refused'))) {
      if (basic !== 'absent' && !faults.has('no-www-authenticate') && !faults.has('blind2-token-401-no-challenge')) reply.header('www-authenticate', 'Basic realm="token"');
      // RFC 6749 5.2: 401 is required only when the client authenticated with the Authorization header.
      if (basic === 'absent' && app.readings?.has('token-body-client-400'))
        return sendTokenError(reply, { ...tokenErrors.wrongSecret, status: 400 }, 'client authentication failed');
      // blind8-token-body-secret-invalid-credentials: the form-credentials branch names its own error code.
      if (basic === 'absent' && faults.has('blind8-token-body-secret-invalid-credentials'))
        return sendTokenError(reply, { ...tokenErrors.wrongSecret, error: 'invalid_credentials' }, 'client authentication failed');
      return sendTokenError(reply, tokenErrors.wrongSecret, 'client authentication failed');
    }
    // blind1-token-error-echoes-secret: a debugging aid left in, the authenticated client's credentials in every later error.
    const said = (d: string) => (faults.has('blind1-token-error-echoes-secret') ? `${d} (client_id=${creds!.id}, client_secret=${creds!.secret})`
      : faults.has('token-error-quotes-secret') ? `${d}; request was authenticated with secret ${creds!.secret}` : d);
    // blind1-token-grant-type-optional: an absent grant_type defaults to the only grant the endpoint serves.
    const grantType = !form.grant_type && faults.has('blind1-token-grant-type-optional') ? tokenContract.grantType : form.grant_type;
    if (!grantType) return sendTokenError(reply, tokenErrors.missingGrantType, said('grant_type is required'));
    // blind3-token-any-grant-type: the grant is chosen by the client's registration, not by the request.
    // blind6-token-grant-type-case-insensitive: string.Equals(..., OrdinalIgnoreCase) on the grant type.
    const sameGrant = faults.has('blind6-token-grant-type-case-insensitive') && grantType.toLowerCase() === tokenContract.grantType;
    // token-body-credentials-any-grant-type: the form-credentials branch never reads grant_type (the only grant it knows).
    const bodyAnyGrant = faults.has('token-body-credentials-any-grant-type') && basic === 'absent';
    if (grantType !== tokenContract.grantType && !faults.has('blind3-token-any-grant-type') && !sameGrant && !bodyAnyGrant) {
      return sendTokenError(reply, tokenErrors.otherGrantType, said(`grant_type must be ${tokenContract.grantType}, received ${grantType}`));
    }
    // token-empty-scope-defaulted: a scope sent empty is read as "the default scope" (the partner operations').
    if (form.scope === '' && faults.has('token-empty-scope-defaulted')) form.scope = clients.partnerScope;
    // blind9-token-absent-scope-defaulted-body-credentials: the form-credentials branch fills a missing scope with the client's default.
    if (form.scope === undefined && basic === 'absent' && faults.has('blind9-token-absent-scope-defaulted-body-credentials')) form.scope = clients.partnerScope;
    if (!form.scope) return sendTokenError(reply, app.readings?.has('token-missing-scope-invalid-scope') ? tokenErrors.unknownScope : tokenErrors.missingScope, said('scope is required'));
    // blind7-token-identity-scope-refused: the scope table was written before the identity-score API and lacks its row.
    const scopeKnown = (s: string) => clients.scopes.includes(s) && !(faults.has('blind7-token-identity-scope-refused') && s.endsWith('/auth/insights/identity-score'));
    const unknown = form.scope.split(' ').filter((s) => !scopeKnown(s));
    // blind7-token-invalid-scope-no-error-member: the scope refusal built as `{ error_description }` alone.
    if (unknown.length > 0 && faults.has('blind7-token-invalid-scope-no-error-member'))
      return reply.code(tokenErrors.unknownScope.status).header('cache-control', 'no-store').type('application/json').send({ error_description: `unknown scope ${unknown.join(' ')}` });
    if (unknown.length > 0) return sendTokenError(reply, tokenErrors.unknownScope, said(`unknown scope ${unknown.join(' ')}`));

    // blind8-token-identity-scope-opaque: the identity-score scope is served by a reference-token store, not the JWT signer.
    const opaque = faults.has('blind8-token-identity-scope-opaque') && form.scope.includes('/insights/identity-score');
    // Reading `blind2-token-scope-client-wide` (D34, RFC 6749 3.3): every scope the client is registered for.
    const granted = app.readings?.has('blind2-token-scope-client-wide') ? clients.scopes.join(' ') : form.scope;
    // token-body-credentials-issued-by-clock-behind: the form-credentials branch stamps iat from a clock 50 minutes behind UTC.
    const behind = faults.has('token-body-credentials-issued-by-clock-behind') && basic === 'absent' ? -50 * 60 : 0;
    const signed = opaque ? randomBytes(24).toString('hex') : await signer.issue(creds!.id!, granted, shiftSeconds + behind);
    // token-body-credentials-other-signing-key: the form-credentials branch signs with a key of its own the API does not know.
    const accessToken = !opaque && basic === 'absent' && faults.has('token-body-credentials-other-signing-key') ? otherKeySigned(signed) : signed;
    // blind5-token-no-store-basic-only: the cache headers are set in the Basic-credentials branch only.
    if (!(faults.has('blind5-token-no-store-basic-only') && basic === 'absent'))
      // blind8-token-cache-control-no-cache: no-cache taken for "do not store".
      reply.header('cache-control', faults.has('token-cacheable') ? 'max-age=300' : faults.has('blind8-token-cache-control-no-cache') ? 'no-cache' : 'no-store').header('pragma', 'no-cache');
    return reply.code(200).type(tokenMediaType(app.readings)).send({
      access_token: accessToken,
      // blind5-token-expires-in-remaining: (exp - now) after the signing took a moment, rounded down.
      // blind6-token-identity-scope-expires-in: a per-scope lifetime setting, half an hour for identity-score.
      expires_in: faults.has('blind6-token-identity-scope-expires-in') && form.scope.includes('/insights/identity-score') ? 1800
        : faults.has('blind5-token-expires-in-remaining') ? opts.lifetimeSeconds - 1 : faults.has('token-wrong-expires-in') ? opts.lifetimeSeconds * 2
        : faults.has('blind1-token-expires-in-string') ? String(opts.lifetimeSeconds) : opts.lifetimeSeconds,
      token_type: tokenContract.tokenType,
      // blind7-token-scope-missing-body-credentials: the form-credentials branch builds its answer without the scope.
      ...(faults.has('blind7-token-scope-missing-body-credentials') && basic === 'absent' ? {}
        : { scope: faults.has('token-scope-empty') ? '' : app.readings?.has('token-scope-other') ? clients.scopeBase : granted }),
      ...(app.readings?.has('extra-members') ? { ext_expires_in: opts.lifetimeSeconds } : {}),
    });
  };
  app.post(tokenPath, grant(0));
  // Expired ten minutes ago, not a lifetime: past any clock skew a verifier may allow (RFC 7519 4.1.4: "a small
  // leeway, usually no more than a few minutes"; .NET's default is five), near enough to show a longer one.
  app.post(expiredTokenPath, grant(-(opts.lifetimeSeconds + expiredSecondsAgo)));
}
