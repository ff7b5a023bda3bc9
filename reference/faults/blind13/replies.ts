import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenContract } from '../../../contract/index.js';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import type { FaultSet } from '../types.js';
import { anyBlind13 } from './inputs.js';
import { payloadObject } from '../reply-payload.js';

/**
 * The blind13 faults that sit in hooks on the way in (token endpoint, version binding) and on the
 * way out (response envelopes, error rows answered in another shape). Installed only when a
 * blind13 fault is on; each rewrite is guarded by its fault.
 * @see reference/faults/blind13/index.ts
 */

type Json = Record<string, unknown>;

/** Rewrites of an answer on its way out; the payload unchanged when no fault applies. */
function rewrite(faults: FaultSet, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const path = requestPath(request);
  const status = reply.statusCode;
  const at = (fault: string, slug: string) => faults.has(fault) && path.endsWith(`/partners/${slug}`);
  // The denial is built by a filter that sets title and code but never the detail.
  if (at('blind13-auth-denied-detail-missing', 'authenticate') && status === 401 && /denied/i.test(String(body.detail ?? ''))) {
    const { detail: _detail, ...rest } = body;
    return rest;
  }
  // A response-envelope middleware added for the newer endpoints caught this one too.
  if (at('blind13-find-customer-id-in-data-envelope', 'find-customer') && status === 200 && 'customerId' in body) return { data: body };
  // The list DTO formats the expiration for display.
  if (at('blind13-cards-expiration-slashed-in-list', 'get-registered-cards') && status === 200 && Array.isArray(body.cards))
    return { ...body, cards: body.cards.map((c: Json) => (typeof c.expirationMonthYear === 'string' && /^[0-9]{4}$/.test(c.expirationMonthYear) ? { ...c, expirationMonthYear: `${c.expirationMonthYear.slice(0, 2)}/${c.expirationMonthYear.slice(2)}` } : c)) };
  // The network check was written as a validator rule on CardBin, answered with 422.
  if (at('blind13-tcard-denied-validation-shape', 'add-or-update-tokenized-card') && status === 422 && body.errorCode === 'BAD_REQUEST')
    return { errors: {}, type: body.type, title: 'One or more validation errors occurred.', status: 422, detail: body.detail, instance: body.instance, validationErrors: [{ key: 'command.CardBin', message: 'The card account is not allowed in the network.' }] };
  if (at('blind13-obo-not-found-detail-null', 'authenticate-obo') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND') return { ...body, detail: null };
  // The legacy "result with an error code" contract of the session attributes service, passed through.
  if (at('blind13-sattr-invalid-filter-200-error-code', 'add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION') {
    reply.code(200).type('application/json');
    return { ErrorCode: 'INVALID_INFORMATION', ErrorMessage: body.detail };
  }
  // The query binder's problem factory is the framework's, with its RFC 9110 type.
  if (faults.has('blind13-validation-type-rfc9110-on-get') && request.method === 'GET' && status === 400 && Array.isArray(body.validationErrors))
    return { ...body, type: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1' };
  // The paging query is a UNION of the reference row and the rows "at or before" it.
  const query = (request.query ?? {}) as Json;
  if (at('blind13-history-reference-row-duplicated', 'get-transaction-history') && status === 200 && typeof query.pagingTransactionReferenceNumber === 'string'
    && Array.isArray(body.searchResults) && body.searchResults.length > 0) {
    const [first, ...rest] = body.searchResults as unknown[];
    return { ...body, searchResults: [first, first, ...(rest.length > 0 ? rest.slice(0, -1) : [])] };
  }
  return undefined;
}

/** Installs the blind13 hooks (after the core's guards); nothing when no blind13 fault is on. */
export function installBlind13Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind13(faults)) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    // The token route compares the whole Content-Type header with the form media type.
    const type = request.headers['content-type'] ?? '';
    if (faults.has('blind13-token-form-charset-refused') && path === tokenPath && type.includes(';'))
      return reply.code(400).header('cache-control', 'no-store').type('application/json').send({ error: 'invalid_request', error_description: `the token request must be ${tokenContract.contentType}` });
    if (faults.has('blind13-version-header-refused-on-obo') && path.endsWith('/partners/authenticate-obo') && request.headers.apiversion !== undefined)
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
    if (faults.has('blind13-version-query-refused-on-find') && path.endsWith('/partners/find-customer') && /[?&]apiVersion=/.test(request.url))
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    const form = (request.body ?? {}) as Json;
    // The grant switch has no default branch; the null grant handler is dereferenced.
    if (faults.has('blind13-token-other-grant-500') && requestPath(request) === tokenPath && typeof form.grant_type === 'string' && form.grant_type !== '' && form.grant_type !== tokenContract.grantType)
      return reply.code(500).type('application/json').send({ error: 'server_error', error_description: "Cannot read properties of undefined (reading 'issue')" });
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const body = payloadObject(payload);
    const out = body ? rewrite(faults, request, reply, body) : undefined;
    return out ? JSON.stringify(out) : payload;
  });
}
