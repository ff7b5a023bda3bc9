import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorRow, successMediaType, versionParameter } from '../contract/index.js';
import { testClientId, type ClientRegistry } from './clients.js';
import type { TokenSigner } from './jwt.js';
import { bearerChallenge, readingsOf, requestPath, sendProblem, sendReferenceProblem, sendValidationProblem } from './problems.js';
import { blind3BearerClaims } from './faults/blind3/access.js';
import { clientSecretClaims } from './faults/bearer-secret.js';
import { blind12IgnoresExpiry, blind12VersionRefused } from './faults/blind12/access.js';
import { blind14BearerSkipped, blind14IgnoresExpiry } from './faults/blind14/access.js';
import { blind15IgnoresExpiry } from './faults/blind15/access.js';
import { blind19IgnoresExpiry } from './faults/blind19/access.js';
import { blind17IgnoresExpiry } from './faults/blind17/access.js';
import { isWideJson } from './blind2/inputs.js';
import { deferRefusal } from './refusal-after-action.js';
import './fastify-types.js';

/** Partner operations live under this prefix; the guards below apply to it only. */
export const apiPrefix = '/api/';

function unauthorized(reply: FastifyReply, request: FastifyRequest, detail: string, tokenPresent: boolean): FastifyReply {
  const row = errorRow('UNAUTHORIZED');
  // blind2-bearer-invalid-403: a token that was sent but is no good is read as "not allowed".
  if (tokenPresent && request.server.faults.has('blind2-bearer-invalid-403'))
    return sendProblem(reply, request, { status: 403, errorCode: 'FORBIDDEN', title: 'Forbidden', detail });
  // blind8-bearer-invalid-no-challenge-on-get: the read controllers write their own 401 for a token that failed, without the challenge.
  if (tokenPresent && request.method === 'GET' && request.server.faults.has('blind8-bearer-invalid-no-challenge-on-get'))
    return reply.code(row.status).type('application/problem+json')
      .send(JSON.stringify({ type: row.typeRfc!.url, title: row.title, status: row.status, detail, instance: requestPath(request), errorCode: row.errorCode }));
  reply.header('www-authenticate', bearerChallenge(reply, tokenPresent ? 'Bearer error="invalid_token"' : 'Bearer'));
  // blind7-bearer-missing-empty-body-on-attributes: the ancillary controller's `return Unauthorized();`, no body.
  if (!tokenPresent && request.server.faults.has('blind7-bearer-missing-empty-body-on-attributes') && /\/add-(customer|session)-attributes$/.test(requestPath(request)))
    return reply.code(row.status).send();
  if (request.server.faults.has('bearer-401-plain-text')) return reply.code(row.status).type('text/plain; charset=utf-8').send(row.title);
  // bearer-refusal-type-wrong-on-authenticate: the session endpoint's token filter writes its 401 with the validation row's type.
  const typeRow = tokenPresent && request.server.faults.has('bearer-refusal-type-wrong-on-authenticate') && requestPath(request).endsWith('/partners/authenticate') ? errorRow('VALIDATION') : row;
  return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode!, title: row.title, typeUrl: typeRow.typeRfc!.url, detail });
}

/** Sets request.clientId, or answers 401 (D2, D27). `used` holds the tokens seen (fault token-single-use). */
async function checkBearer(request: FastifyRequest, reply: FastifyReply, clients: ClientRegistry, signer: TokenSigner, used: Set<string>) {
  const header = request.headers.authorization;
  // blind1-bearer-skipped-on-get: read-only operations are taken to need no token.
  if (request.method === 'GET' && request.server.faults.has('blind1-bearer-skipped-on-get')) {
    request.clientId = testClientId;
    return undefined;
  }
  // blind14-bearer-skipped-on-delete: DeleteCard's controller lacks the [Authorize] attribute.
  if (blind14BearerSkipped(request.server.faults, request)) {
    request.clientId = testClientId;
    return undefined;
  }
  if (!header) {
    // blind11-bearer-skipped-with-session: a call that names a session is taken as authenticated by it.
    const sessionNamed = typeof request.headers.sessionid === 'string' && request.headers.sessionid !== '';
    if (sessionNamed && request.server.faults.has('blind11-bearer-skipped-with-session')) {
      request.clientId = testClientId;
      return undefined;
    }
    if (request.server.faults.has('bearer-not-required')) {
      request.clientId = testClientId;
      return undefined;
    }
    return unauthorized(reply, request, 'a bearer access token is required', false);
  }
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!m) return unauthorized(reply, request, 'the Authorization header must be "Bearer <access_token>"', true);
  // blind2-bearer-opaque-accepted: a token that is not a JWT is taken for a legacy API key, not checked.
  if (!m[1]!.includes('.') && request.server.faults.has('blind2-bearer-opaque-accepted')) {
    request.clientId = testClientId;
    return undefined;
  }
  const faults = request.server.faults;
  // blind6-bearer-malformed-jwt-500: the token is split into its three parts and each decoded, unchecked.
  if (faults.has('blind6-bearer-malformed-jwt-500') && m[1]!.split('.').length !== 3) throw new TypeError("Cannot read properties of undefined (reading 'length')");
  // blind3-bearer-expired-on-authenticate: the session endpoint's middleware was configured to ignore the expiry.
  // blind7-bearer-expiry-unchecked-on-history: the history route's token filter has ValidateLifetime off.
  const ignoreExpiry = (faults.has('blind3-bearer-expired-on-authenticate') && requestPath(request).endsWith('/partners/authenticate'))
    || (faults.has('blind7-bearer-expiry-unchecked-on-history') && requestPath(request).endsWith('/get-transaction-history'))
    // blind8-bearer-expiry-unchecked-on-delete: the DeleteCard route's token filter has lifetime validation off.
    || (faults.has('blind8-bearer-expiry-unchecked-on-delete') && requestPath(request).endsWith('/delete-card'))
    // blind9-bearer-expiry-unchecked-on-cards: the card list route's token filter has lifetime validation off.
    || (faults.has('blind9-bearer-expiry-unchecked-on-cards') && requestPath(request).endsWith('/get-registered-cards'))
    // bearer-expiry-unchecked-on-tokenized-card: the tokenized-card route's token check skips the lifetime.
    || (faults.has('bearer-expiry-unchecked-on-tokenized-card') && requestPath(request).endsWith('/add-or-update-tokenized-card'))
    // bearer-expiry-unchecked-with-query-version: the query-versioned controllers' token filter has lifetime validation off.
    || (faults.has('bearer-expiry-unchecked-with-query-version') && /[?&]apiVersion=/.test(request.url))
    || blind12IgnoresExpiry(faults, request)
    // blind13-bearer-expiry-unchecked-on-find: FindCustomer's token check has lifetime validation off.
    || (faults.has('blind13-bearer-expiry-unchecked-on-find') && requestPath(request).endsWith('/find-customer'))
    // blind14-bearer-expiry-unchecked-on-enroll: EnrollCustomer's token filter has lifetime validation off.
    || blind14IgnoresExpiry(faults, request)
    // blind15-bearer-expiry-unchecked-on-obo/-cattr: those routes' token filters have lifetime validation off.
    || blind15IgnoresExpiry(faults, request)
    // blind17-bearer-expiry-unchecked-on-sattr: the session-attributes route's token filter has lifetime validation off.
    || blind17IgnoresExpiry(faults, request)
    // blind19-bearer-expiry-unchecked-on-card: AddOrUpdateCard's token filter has lifetime validation off.
    || blind19IgnoresExpiry(faults, request);
  const claims = (await signer.verify(m[1]!, ignoreExpiry ? { ignoreExpiry } : undefined)) ?? (await blind3BearerClaims(faults, m[1]!, clients))
    ?? (await clientSecretClaims(faults, m[1]!, clients, request.method));
  // blind13-bearer-challenge-missing-on-expiry: the middleware's expiry branch writes its 401 without the challenge (as it
  // arrived the challenge was added back, so the fault changed nothing D27 asserts; `challenge: false` added after scoring).
  if (!claims && faults.has('blind13-bearer-challenge-missing-on-expiry') && (await signer.verify(m[1]!, { ignoreExpiry: true })))
    return sendProblem(reply, request, { status: 401, errorCode: 'UNAUTHORIZED', title: 'Unauthorized', typeUrl: errorRow('UNAUTHORIZED').typeRfc!.url, detail: 'the access token expired', challenge: false });
  // bearer-expired-session-header-kept: an expired token's refusal on AuthenticatePartner is written after the action opened the session.
  const expired = !claims && faults.has('bearer-expired-session-header-kept') ? await signer.verify(m[1]!, { ignoreExpiry: true }) : undefined;
  if (expired && deferRefusal(faults, 'bearer-expired-session-header-kept', request, (r) => unauthorized(r, request, 'the access token is invalid or expired', true))) {
    request.clientId = typeof expired.sub === 'string' ? expired.sub : '';
    return undefined;
  }
  if (!claims) return unauthorized(reply, request, 'the access token is invalid or expired', true);
  if (request.server.faults.has('token-single-use')) {
    if (used.has(m[1]!)) return unauthorized(reply, request, 'the access token was used before', true);
    used.add(m[1]!);
  }
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  // blind3-bearer-scope-unchecked: any token the service signed is taken to grant the partner scope.
  if (faults.has('blind3-bearer-scope-unchecked')) scopes.push(clients.partnerScope);
  if (!scopes.includes(clients.partnerScope) && readingsOf(reply).has('blind-insufficient-scope-403')) {
    // RFC 6750 section 3.1: a token that lacks the scope is insufficient_scope, "SHOULD respond with the HTTP 403".
    reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${clients.partnerScope}"`);
    return sendProblem(reply, request, { status: 403, errorCode: 'INSUFFICIENT_SCOPE', title: 'Forbidden', detail: `the access token does not grant the scope ${clients.partnerScope}` });
  }
  if (!scopes.includes(clients.partnerScope)) {
    return unauthorized(reply, request, `the access token does not grant the scope ${clients.partnerScope}`, true);
  }
  request.clientId = typeof claims.sub === 'string' ? claims.sub : '';
  return undefined;
}

/**
 * apiVersion by header or query (D5): '1' or omitted selects version 1, anything else is 400.
 * The query parameter is removed from request.query, so operation handlers never see it.
 */
function checkVersion(request: FastifyRequest, reply: FastifyReply) {
  // Reading `blind-version-aspnet`: "1.0" is version 1 as "1" is (ASP.NET API versioning).
  const aspnet = readingsOf(reply).has('blind-version-aspnet');
  const asOne = <T>(v: T): T | '1' => (aspnet && v === '1.0' ? '1' : v);
  const header = asOne(request.headers.apiversion);
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = asOne(query?.apiVersion);
  // version-query-first-only (and blind2's): the version is parsed off the front of the query string only.
  const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const firstOnly = request.server.faults.has('blind2-version-query-first-param-only') || request.server.faults.has('version-query-first-only');
  if (fromQuery !== undefined && firstOnly && !rawQuery.startsWith('apiVersion='))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // blind5-version-query-unknown-on-get: the read operations' query binder refuses members it does not know.
  if (fromQuery !== undefined && request.method === 'GET' && request.server.faults.has('blind5-version-query-unknown-on-get'))
    return sendValidationProblem(reply, request, [{ key: 'query.apiVersion', message: 'query.apiVersion is not a parameter of this operation.' }]);
  // blind5-version-header-refused-ancillary: the ancillary controller reads the version from the query string only.
  if (header !== undefined && request.server.faults.has('blind5-version-header-refused-ancillary') && /\/add-(customer|session)-attributes$/.test(requestPath(request)))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
  // blind7-version-query-refused-obo: the OBO controller binds its body only and knows the header alone.
  if (fromQuery !== undefined && request.server.faults.has('blind7-version-query-refused-obo') && requestPath(request).endsWith('/authenticate-obo'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // blind8-version-query-refused-enroll: the enrolment controller binds its body only and knows the header alone.
  if (fromQuery !== undefined && request.server.faults.has('blind8-version-query-refused-enroll') && requestPath(request).endsWith('/enroll-customer'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // blind9-version-query-refused-sattr: the session-attributes controller binds its body only and knows the header alone.
  if (fromQuery !== undefined && request.server.faults.has('blind9-version-query-refused-sattr') && requestPath(request).endsWith('/add-session-attributes'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // blind10-cards-version-header-refused: the card list's GET route binds the query string only.
  if (header !== undefined && request.server.faults.has('blind10-cards-version-header-refused') && requestPath(request).endsWith('/get-registered-cards'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
  // blind11-version-query-refused-on-card: the number-card route binds its body only and knows the header alone.
  if (fromQuery !== undefined && request.server.faults.has('blind11-version-query-refused-on-card') && requestPath(request).endsWith('/add-or-update-card'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // version-header-name-exact-on-card: the number-card route looks the version header up in the raw header list by its documented spelling.
  if (header !== undefined && request.server.faults.has('version-header-name-exact-on-card') && requestPath(request).endsWith('/add-or-update-card')
    && !request.raw.rawHeaders.some((name, i) => i % 2 === 0 && name === versionParameter))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
  if (query && 'apiVersion' in query) delete query.apiVersion;
  // Reading `blind2-version-ignored` (D5): a single-version service serves any apiVersion as version 1.
  if (readingsOf(reply).has('blind2-version-ignored')) return undefined;
  if (header !== undefined && fromQuery === undefined && request.server.faults.has('version-header-ignored')) {
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
  }
  // version-header-refused-on-find: the FindCustomer route binds the query string only and refuses the header.
  if (header !== undefined && fromQuery === undefined && request.server.faults.has('version-header-refused-on-find') && requestPath(request).endsWith('/find-customer'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
  // version-query-refused-tokenized: the tokenized-card route was added after the version filter and knows the header only.
  if (fromQuery !== undefined && request.server.faults.has('version-query-refused-tokenized') && requestPath(request).endsWith('/add-or-update-tokenized-card'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  // blind6-version-query-refused-delete: the DeleteCard route binds the body only, and the query parameter is unknown there.
  if (fromQuery !== undefined && request.server.faults.has('blind6-version-query-refused-delete') && requestPath(request).endsWith('/delete-card'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  if (fromQuery !== undefined && request.method === 'POST' && request.server.faults.has('blind1-version-query-post-refused')) {
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  }
  if (fromQuery !== undefined && request.server.faults.has('version-query-ignored')) {
    return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
  }
  if (header === undefined && fromQuery === undefined && readingsOf(reply).has('version-required'))
    return sendReferenceProblem(reply, request, 'badApiVersion', 'apiVersion is required (header or query parameter)');
  for (const [where, value] of [['header', header], ['query parameter', fromQuery]] as const) {
    if (value !== undefined && value !== '1' && aspnet)
      return sendProblem(reply, request, { status: 400, errorCode: 'UnsupportedApiVersion', title: 'Unsupported API version', detail: `The HTTP resource does not support the API version ${JSON.stringify(value)}.` });
    if (value !== undefined && value !== '1' && readingsOf(reply).has('version-required'))
      return sendReferenceProblem(reply, request, 'notFound', `no API version ${JSON.stringify(value)}`);
    if (value !== undefined && value !== '1') {
      return sendReferenceProblem(reply, request, 'badApiVersion', `apiVersion ${where} must be 1, received ${JSON.stringify(value)}`);
    }
  }
  return undefined;
}

/** D30: a POST body must be JSON; anything else is 415 before it is parsed. */
function checkMediaType(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST') return undefined;
  const raw = request.headers['content-type'] ?? '';
  const type = raw.split(';')[0]!.trim().toLowerCase();
  // blind3-card-charset-415: the card routes' own guard compares the whole header with application/json.
  if (request.server.faults.has('blind3-card-charset-415') && /\/add-or-update-(tokenized-)?card$/.test(requestPath(request)) && raw.includes(';'))
    return sendReferenceProblem(reply, request, 'unsupportedMediaType', `the request body must be ${successMediaType}, received ${raw}`);
  // Faults charset-parameter-415 and media-type-case-sensitive: the media type compared as sent.
  // blind4-charset-param-415: the header compared as a whole string, parameters included.
  const strict = (request.server.faults.has('charset-parameter-415') && raw.includes(';'))
    || (request.server.faults.has('media-type-case-sensitive') && raw.split(';')[0]!.trim() !== successMediaType)
    || (request.server.faults.has('blind4-charset-param-415') && raw.trim().toLowerCase() !== successMediaType);
  if (type === successMediaType && !strict) return undefined;
  // Reading `blind2-json-media-types-wide` (D43): text/json and application/*+json are JSON too.
  if (isWideJson(readingsOf(reply), type)) return undefined;
  // blind2-unsupported-media-type-html: the web server's own error page.
  if (request.server.faults.has('blind2-unsupported-media-type-html'))
    return reply.code(415).type('text/html; charset=utf-8').send('<html><head><title>415 Unsupported Media Type</title></head><body><h1>Unsupported Media Type</h1></body></html>');
  if (request.server.faults.has('non-json-500')) return sendProblem(reply, request, { status: 500, title: 'Internal Server Error', errorCode: 'INTERNAL_SERVER_ERROR', detail: `no parser for ${type}` });
  if (readingsOf(reply).has('non-json-400')) return sendProblem(reply, request, { status: 400, title: 'Bad Request', errorCode: 'INVALID_CONTENT_TYPE', detail: `the request body must be ${successMediaType}` });
  return sendReferenceProblem(reply, request, 'unsupportedMediaType', `the request body must be ${successMediaType}, received ${type || 'no content type'}`);
}

/**
 * onRequest guards of every /api/ route, in order: bearer token, apiVersion, media type.
 * @see interface.md "Authentication", "Versioning"; decisions.md D2, D5, D27, D30
 */
export function registerApiGuards(app: FastifyInstance, clients: ClientRegistry, signer: TokenSigner): void {
  app.decorateRequest('clientId', '');
  const used = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    if (!requestPath(request).startsWith(apiPrefix)) return;
    if (readingsOf(reply).has('blind-version-aspnet')) reply.header('api-supported-versions', '1.0');
    if (await checkBearer(request, reply, clients, signer, used)) return reply;
    if (blind12VersionRefused(request, reply) || checkVersion(request, reply)) return reply;
    if (checkMediaType(request, reply)) return reply;
  });
}
