import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import type { FaultSet } from '../types.js';
import { anyBlind14 } from './inputs.js';
import { payloadObject } from '../reply-payload.js';

/**
 * The blind14 faults that sit in hooks on the way in (token endpoint, version binding) and on the
 * way out (response keys and envelopes, error rows, page order). Installed only when a blind14
 * fault is on; each rewrite is guarded by its fault.
 * @see reference/faults/blind14/index.ts
 */

type Json = Record<string, unknown>;

/** Rewrites of an answer on its way out; undefined when no fault applies. */
function rewrite(faults: FaultSet, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const path = requestPath(request);
  const status = reply.statusCode;
  const at = (fault: string, slug: string) => faults.has(fault) && path.endsWith(`/partners/${slug}`);
  // The tokenized card's FluentValidation validator is run by hand: its keys are bare property names.
  if (at('blind14-tcard-validation-key-no-prefix', 'add-or-update-tokenized-card') && status === 400 && Array.isArray(body.validationErrors))
    return { ...body, validationErrors: (body.validationErrors as Json[]).map((e) => ({ ...e, key: String(e.key).replace(/^command\./, '') })) };
  // The paged-result base class names its count [JsonPropertyName("TotalRecords")].
  if (at('blind14-history-total-records-pascal-key', 'get-transaction-history') && status === 200 && 'totalRecords' in body) {
    const { totalRecords, ...rest } = body;
    return { ...rest, TotalRecords: totalRecords };
  }
  // The list reads the token table's nullable LastFour column; the **** placeholder is the upsert DTO's only.
  if (at('blind14-cards-token-last-four-null-when-not-sent', 'get-registered-cards') && status === 200 && Array.isArray(body.cards))
    return { ...body, cards: (body.cards as Json[]).map((c) => (c.lastFourDigits === '****' ? { ...c, lastFourDigits: null } : c)) };
  // The count query runs for the first page only; later pages leave TotalRecords unset (and ignored when null).
  const query = (request.query ?? {}) as Json;
  if (at('blind14-history-total-missing-when-paging', 'get-transaction-history') && status === 200 && typeof query.pagingTransactionReferenceNumber === 'string' && 'totalRecords' in body) {
    const { totalRecords: _total, ...rest } = body;
    return rest;
  }
  // The page is mapped through a SortedDictionary keyed by TransactionId.
  if (at('blind14-history-ordered-by-transaction-id', 'get-transaction-history') && status === 200 && Array.isArray(body.searchResults))
    return { ...body, searchResults: [...(body.searchResults as Json[])].sort((a, b) => String(b.transactionId).localeCompare(String(a.transactionId))) };
  // The tokenized-card answer returns the changed card (SingleOrDefault) instead of a list of it.
  if (at('blind14-tcard-cards-single-object', 'add-or-update-tokenized-card') && status === 200 && Array.isArray(body.cards) && body.cards.length === 1) return { ...body, cards: body.cards[0] };
  // Problem() from the framework's factory: no errorCode extension.
  if (at('blind14-find-not-found-error-code-missing', 'find-customer') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND') {
    const { errorCode: _code, ...rest } = body;
    return rest;
  }
  // The no-linked-account branch was copied from the not-found one and kept its code.
  if (at('blind14-obo-no-linked-code-customer-not-found', 'authenticate-obo') && status === 422 && body.errorCode === 'NO_LINKED_ACCOUNT') return { ...body, errorCode: 'CUSTOMER_NOT_FOUND' };
  // One helper builds both 422 answers of the OBO controller, with the title of the no-linked branch.
  if (at('blind14-obo-not-found-title-no-linked', 'authenticate-obo') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND') return { ...body, title: 'No linked account' };
  // The session-attributes Problem is a hand-built object that never sets Instance.
  if (at('blind14-sattr-invalid-instance-missing', 'add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION') {
    const { instance: _instance, ...rest } = body;
    return rest;
  }
  // The authentication handler writes its Problem from a Dictionary<string, string> and without Instance.
  const denied = status === 401 && body.errorCode === 'UNAUTHORIZED' && /denied/i.test(String(body.detail ?? ''));
  if (at('blind14-auth-denied-status-string', 'authenticate') && denied) return { ...body, status: String(body.status) };
  if (at('blind14-auth-denied-instance-missing', 'authenticate') && denied) {
    const { instance: _instance, ...rest } = body;
    return rest;
  }
  return undefined;
}

/** Installs the blind14 hooks (after the core's guards); nothing when no blind14 fault is on. */
export function installBlind14Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind14(faults)) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    // DeleteCard's route binds the query-string version only; the header is an unknown input.
    if (faults.has('blind14-version-header-refused-on-delete') && path.endsWith('/partners/delete-card') && request.headers.apiversion !== undefined)
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
    // The ancillary body binder refuses query members it does not know.
    if (faults.has('blind14-version-query-refused-on-cattr') && path.endsWith('/partners/add-customer-attributes') && /[?&]apiVersion=/.test(request.url))
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    const form = (request.body ?? {}) as Json;
    // form["scope"].Split(' ') with no null check: a missing scope is a NullReferenceException.
    if (faults.has('blind14-token-missing-scope-500') && requestPath(request) === tokenPath && form.scope === undefined)
      return reply.code(500).type('application/json').send({ error: 'server_error', error_description: 'Object reference not set to an instance of an object.' });
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const body = payloadObject(payload);
    const out = body ? rewrite(faults, request, reply, body) : undefined;
    return out ? JSON.stringify(out) : payload;
  });
}
