import type { FastifyReply, FastifyRequest } from 'fastify';
import { history } from '../../../contract/index.js';
import { lastFourOf } from '../../operations/card-view.js';
import type { OperationContext } from '../../operations/context.js';
import { historyOf, newestFirst, type StoredCard, type Transaction } from '../../state/index.js';
import type { Json } from './memo.js';

/**
 * The blind18 faults on the answers of GetTransactionHistory and AddCustomerAttributes on their way
 * out (called by answers.ts' onSend hook). Each rewrite is guarded by its fault.
 * @see reference/faults/blind18/index.ts
 */

const allOf = (cards: StoredCard[]): Transaction[] => cards.flatMap((k) => historyOf(k)).sort(newestFirst);

export function reshapeMore(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  const customerId = String(input.customerId ?? '').toLowerCase();
  // The success answer returns the attributes as stored, SSN included.
  if (on('blind18-cattr-success-echoes-ssn', 'add-customer-attributes') && status === 200 && Array.isArray(input.customerAttributes))
    return { ...body, customerAttributes: input.customerAttributes };
  const items = Array.isArray(body[history.listMember]) ? (body[history.listMember] as Json[]) : undefined;
  if (slug !== 'get-transaction-history' || status !== 200 || !items) return undefined;
  const reference = typeof input.pagingTransactionReferenceNumber === 'string' ? input.pagingTransactionReferenceNumber.toLowerCase() : undefined;
  const accountId = typeof input.accountId === 'string' ? input.accountId.toLowerCase() : undefined;
  const held = c.state.cards.listValid(customerId);
  const size = Number(input.pageSize);
  const pageSize = Number.isInteger(size) && size >= 1 && size <= 10 ? size : history.defaultPageSize;
  // The count query reuses the page's WHERE createdOn <= @reference.
  if (c.faults.has('blind18-history-total-counts-from-reference') && reference !== undefined) {
    const all = allOf(accountId === undefined ? held : held.filter((k) => k.cardId === accountId));
    const at = all.findIndex((t) => String(t.transactionId) === reference);
    if (at > 0) return { ...body, [history.totalMember]: all.length - at };
  }
  // The card joined through the customer: the first card's digits on every row.
  if (c.faults.has('blind18-history-last-four-of-first-card') && held[0])
    return { ...body, [history.listMember]: items.map((t) => (t.lastFourDigitsOfCard ? { ...t, lastFourDigitsOfCard: lastFourOf(held[0]!) } : t)) };
  // Two queries, each newest first, concatenated: number cards' rows, then token cards'.
  if (c.faults.has('blind18-history-token-card-transactions-appended-unsorted') && reference === undefined && accountId === undefined) {
    const tokenIds = new Set(held.filter((k) => k.kind === 'token').flatMap((k) => historyOf(k).map((t) => String(t.transactionId))));
    const isToken = (t: Json) => tokenIds.has(String(t.transactionId));
    if (items.some(isToken) && items.some((t) => !isToken(t)))
      return { ...body, [history.listMember]: [...items.filter((t) => !isToken(t)), ...items.filter(isToken)] };
  }
  // The removed card's rows were re-parented to the remaining card.
  if (c.faults.has('blind18-delete-history-moved-to-next-card') && accountId !== undefined && reference === undefined && held.some((k) => k.cardId === accountId)) {
    const moved = allOf(c.state.cards.listRemoved(customerId));
    if (moved.length > 0)
      return { ...body, [history.listMember]: [...items, ...moved].sort((a, b) => newestFirst(a as Transaction, b as Transaction)).slice(0, pageSize),
        [history.totalMember]: Number(body[history.totalMember]) + moved.length };
  }
  return undefined;
}
