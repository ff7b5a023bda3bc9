import type { FastifyReply, FastifyRequest } from 'fastify';
import { exclusiveSessionFilters, responseMembers, sessionHeaders } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { historyOf, newestFirst, type ReferenceState } from '../../state/index.js';
import { payloadObject } from '../reply-payload.js';
import { anyBlind16 } from './inputs.js';
import { deleting, filtersPassed, updating, upsertAnswersOf, upsertKey } from './handlers.js';

/**
 * The blind16 faults on a partner operation's answer on its way out (a route-level onSend hook that
 * sees the instance's state): validation keys, error rows, response members, a session-keyed cache
 * of the card list, a keyset page. Installed only when a blind16 fault is on; each rewrite is
 * guarded by its fault.
 * @see reference/faults/blind16/index.ts
 */

type Json = Record<string, unknown>;

/** blind16-cards-cached-per-session: card-list bodies by sessionId, per instance. */
const listCaches = new WeakMap<ReferenceState, Map<string, string>>();
const listCacheOf = (state: ReferenceState): Map<string, string> => {
  let found = listCaches.get(state);
  if (!found) listCaches.set(state, (found = new Map()));
  return found;
};

function rewrite(c: OperationContext, request: FastifyRequest, reply: FastifyReply, payload: string): string {
  const slug = request.url.split('?')[0]!.split('/').pop() ?? '';
  const status = reply.statusCode;
  const sessionId = String(request.headers[sessionHeaders.sessionId.toLowerCase()] ?? '');
  const cache = listCacheOf(c.state);
  // A card write of the session evicts its cached list; the cache key is the session, not the customer.
  if (status === 200 && /^(add-or-update|delete-card)/.test(slug)) cache.delete(sessionId);
  if (c.faults.has('blind16-cards-cached-per-session') && slug === 'get-registered-cards' && status === 200 && sessionId !== '') {
    const hit = cache.get(sessionId);
    if (hit !== undefined) return hit;
    cache.set(sessionId, payload);
  }
  const body = payloadObject(payload);
  if (!body) return payload;
  // The cache of answered submissions, read by handlers.ts (blind16-delete-readd-identical-answered-from-cache).
  if (slug === 'add-or-update-card' && status === 200 && c.faults.has('blind16-delete-readd-identical-answered-from-cache')) {
    const { key, submitted } = upsertKey(request.body);
    upsertAnswersOf(c.state).set(key, { submitted, answer: payload });
  }
  // The session's "filters valid" flag, set by the first filter that passed.
  const items = ((request.body ?? {}) as Json).sessionAttributes;
  if (slug === 'add-session-attributes' && status === 200 && Array.isArray(items) && items.some((a) => exclusiveSessionFilters.includes((a as Json)?.name as never))) {
    const session = sessionId !== '' ? c.state.sessions.get(sessionId) : undefined;
    if (session) filtersPassed.add(session);
  }
  const out = reshape(c, slug, status, request, body);
  return out ? JSON.stringify(out) : payload;
}

function reshape(c: OperationContext, slug: string, status: number, request: FastifyRequest, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const validation = Array.isArray(body.validationErrors) ? (body.validationErrors as Json[]) : undefined;
  // The route was a GET once and its keys still say so.
  if (on('blind16-find-validation-key-query-prefix', 'find-customer') && status === 400 && validation)
    return { ...body, validationErrors: validation.map((e) => ({ ...e, key: String(e.key).replace(/^command\./, 'query.') })) };
  // CascadeMode.Stop at class level: the first failing rule ends validation.
  if (on('blind16-delete-validation-stops-at-first-field', 'delete-card') && status === 400 && validation && validation.length > 1)
    return { ...body, validationErrors: validation.slice(0, 1) };
  // The SSN branch's legacy answer leaves its message out.
  if (on('blind16-enroll-duplicate-ssn-message-missing', 'enroll-customer') && status === 422 && body[responseMembers.legacyErrorCode] === 'DUPLICATE_SSN') {
    const { [responseMembers.legacyErrorMessage]: _message, ...rest } = body;
    return rest;
  }
  // The Problem's instance is the resource looked for.
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  if (on('blind16-obo-not-found-instance-names-customer', 'authenticate-obo') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND')
    return { ...body, instance: `${String(body.instance ?? '')}/${String(input.customerId ?? '')}` };
  const cards = Array.isArray(body[responseMembers.cards]) ? (body[responseMembers.cards] as Json[]) : undefined;
  // The list joins each card to its row versions: a changed number card has two.
  if (on('blind16-cards-updated-card-listed-twice', 'get-registered-cards') && status === 200 && cards)
    return { ...body, cards: cards.flatMap((x) => { const s = c.state.cards.get(String(x.cardId)); return s?.kind === 'number' && s.updates > 0 ? [x, x] : [x]; }) };
  // The update branch's DTO has a null hashId, and nulls are not written.
  if (on('blind16-card-hash-id-omitted-on-update', 'add-or-update-card') && status === 200 && cards && updating.has(request))
    return { ...body, cards: cards.map(({ hashId: _hash, ...rest }) => rest) };
  // The expiry as the token vault returns it, YYMM.
  if (on('blind16-tcard-response-expiration-yymm', 'add-or-update-tokenized-card') && status === 200 && cards)
    return { ...body, cards: cards.map((x) => (typeof x.expirationMonthYear === 'string' && x.expirationMonthYear.length === 4 ? { ...x, expirationMonthYear: x.expirationMonthYear.slice(2) + x.expirationMonthYear.slice(0, 2) } : x)) };
  // The deleted entity serialised whole.
  const removed = deleting.get(request);
  if (on('blind16-delete-success-returns-card-number', 'delete-card') && status === 200 && removed && removed.kind === 'number')
    return { deletedCard: { cardId: removed.cardId, customerId: removed.customerId, cardNumber: removed.identity, cardNickname: removed.data.cardNickname ?? '', expirationMonthYear: removed.data.expirationMonthYear ?? '' } };
  // WHERE TransactionId < @reference ORDER BY CreatedOn DESC.
  const reference = typeof input.pagingTransactionReferenceNumber === 'string' ? input.pagingTransactionReferenceNumber.toLowerCase() : undefined;
  if (on('blind16-history-paging-keyset-on-transaction-id', 'get-transaction-history') && status === 200 && reference !== undefined && Array.isArray(body.searchResults)) {
    const accountId = typeof input.accountId === 'string' ? input.accountId.toLowerCase() : undefined;
    const all = c.state.cards.listValid(String(input.customerId ?? '')).filter((x) => accountId === undefined || x.cardId === accountId).flatMap(historyOf).sort(newestFirst);
    const at = all.findIndex((t) => String(t.transactionId) === reference);
    const size = Number(input.pageSize) > 0 ? Number(input.pageSize) : 20;
    if (at >= 0) return { ...body, searchResults: [all[at]!, ...all.slice(at + 1).filter((t) => String(t.transactionId) < reference)].slice(0, size) };
  }
  return undefined;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind16 fault is on. */
export function blind16OnSend(c: OperationContext): ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>) | undefined {
  if (!anyBlind16(c.faults)) return undefined;
  return async (request, reply, payload) => (typeof payload === 'string' ? rewrite(c, request, reply, payload) : payload);
}
