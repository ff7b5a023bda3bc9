import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationContext } from '../../operations/context.js';
import { historyOf, newestFirst, type ReferenceState } from '../../state/index.js';
import { payloadObject } from '../reply-payload.js';
import { anyBlind15 } from './inputs.js';
import { onFile } from './handlers.js';

/**
 * The blind15 faults on a partner operation's answer on its way out (a route-level onSend hook that
 * sees the instance's state): response shapes, error rows, stale caches and history totals.
 * Installed only when a blind15 fault is on; each rewrite is guarded by its fault.
 * @see reference/faults/blind15/index.ts
 */

type Json = Record<string, unknown>;

/** Per-instance caches of answers: card lists and first history pages, by customer. */
const caches = new WeakMap<ReferenceState, { cards: Map<string, string>; history: Map<string, string> }>();
const cachesOf = (state: ReferenceState) => {
  let found = caches.get(state);
  if (!found) caches.set(state, (found = { cards: new Map(), history: new Map() }));
  return found;
};

function rewrite(c: OperationContext, request: FastifyRequest, reply: FastifyReply, payload: string): string {
  const slug = request.url.split('?')[0]!.split('/').pop() ?? '';
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  const customerId = String(input.customerId ?? '').toLowerCase();
  const status = reply.statusCode;
  const cache = cachesOf(c.state);
  // Evictions: DeleteCard clears both caches; an update of a card on file clears the card list (a new card does not).
  if (status === 200 && slug === 'delete-card') { cache.cards.delete(customerId); cache.history.delete(customerId); }
  if (status === 200 && /^add-or-update/.test(slug) && onFile.has(request)) cache.cards.delete(customerId);
  if (on('blind15-cards-list-cached-after-add', 'get-registered-cards') && status === 200) {
    const hit = cache.cards.get(customerId);
    if (hit !== undefined) return hit;
    cache.cards.set(customerId, payload);
  }
  const plainFirstPage = input.accountId === undefined && input.pagingTransactionReferenceNumber === undefined;
  if (on('blind15-history-cached-after-add', 'get-transaction-history') && status === 200 && plainFirstPage) {
    const key = `${customerId}|${String(input.pageSize ?? '')}`;
    const hit = cache.history.get(key);
    if (hit !== undefined) return hit;
    cache.history.set(key, payload);
  }
  const body = payloadObject(payload);
  if (!body) return payload;
  const out = reshape(c, slug, input, customerId, status, request, body);
  return out ? JSON.stringify(out) : payload;
}

function reshape(c: OperationContext, slug: string, input: Json, customerId: string, status: number, request: FastifyRequest, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const list = (key: string) => (Array.isArray(body[key]) ? (body[key] as Json[]) : undefined);
  const results = list('searchResults');
  const withRef = typeof input.pagingTransactionReferenceNumber === 'string';
  const withAccount = typeof input.accountId === 'string';
  // The per-account query reads amount and fee from decimal columns.
  if (on('blind15-history-ints-as-strings-with-account', 'get-transaction-history') && status === 200 && withAccount && results)
    return { ...body, searchResults: results.map((t) => ({ ...t, amount: String(t.amount), fee: String(t.fee) })) };
  // The older paging DTO spells its list member in PascalCase.
  if (on('blind15-history-search-results-pascal-when-paging', 'get-transaction-history') && status === 200 && withRef && results) {
    const { searchResults, ...rest } = body;
    return { SearchResults: searchResults, ...rest };
  }
  // The count query reads the card-number table only.
  if (on('blind15-history-total-excludes-token-cards', 'get-transaction-history') && status === 200 && !withAccount && results)
    return { ...body, totalRecords: c.state.cards.listValid(customerId).filter((x) => x.kind === 'number').flatMap(historyOf).length };
  // The count of a paged per-account query is the customer's count.
  if (on('blind15-history-total-unfiltered-when-paging-account', 'get-transaction-history') && status === 200 && withAccount && withRef && results)
    return { ...body, totalRecords: c.state.cards.listValid(customerId).flatMap(historyOf).length };
  // The paging cursor wraps around to the newest transactions.
  const size = Number(input.pageSize) > 0 ? Number(input.pageSize) : 20;
  if (on('blind15-history-last-page-wraps', 'get-transaction-history') && status === 200 && withRef && results && results.length < size) {
    const cards = c.state.cards.listValid(customerId).filter((x) => !withAccount || x.cardId === String(input.accountId).toLowerCase());
    return { ...body, searchResults: [...results, ...cards.flatMap(historyOf).sort(newestFirst).slice(0, size - results.length)] };
  }
  const cards = list('cards');
  // The list projection leaves the owner column out.
  if (on('blind15-cards-customer-id-empty-in-list', 'get-registered-cards') && status === 200 && cards)
    return { ...body, cards: cards.map((x) => ({ ...x, customerId: '' })) };
  // The add-or-update DTO masks the number as the tokenized path does.
  if (on('blind15-card-upsert-stars-for-number-card', 'add-or-update-card') && status === 200 && cards)
    return { ...body, cards: cards.map((x) => ({ ...x, lastFourDigits: '****' })) };
  // The UPDATE ... OUTPUT clause returns no key.
  if (on('blind15-tcard-update-card-id-empty', 'add-or-update-tokenized-card') && status === 200 && cards && onFile.has(request))
    return { ...body, cards: cards.map((x) => ({ ...x, cardId: '' })) };
  if (on('blind15-tcard-denied-error-code-lowercase', 'add-or-update-tokenized-card') && status === 422 && body.errorCode === 'BAD_REQUEST')
    return { ...body, errorCode: 'bad_request' };
  if (on('blind15-sattr-invalid-status-string', 'add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION')
    return { ...body, status: '422' };
  return undefined;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind15 fault is on. */
export function blind15OnSend(c: OperationContext): ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>) | undefined {
  if (!anyBlind15(c.faults)) return undefined;
  return async (request, reply, payload) => (typeof payload === 'string' ? rewrite(c, request, reply, payload) : payload);
}
