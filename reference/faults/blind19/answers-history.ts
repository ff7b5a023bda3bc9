import type { FastifyReply, FastifyRequest } from 'fastify';
import { history } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { historyOf, newestFirst, type Transaction } from '../../state/index.js';
import { concatenatedPages } from './inputs.js';
import { memoryOf, type Json } from './memo.js';

/**
 * The blind19 faults on GetTransactionHistory's answer on its way out (called by answers.ts' onSend
 * hook): a legacy date format, a null display name, a concatenated page end, a cache key.
 * Each rewrite is guarded by its fault.
 * @see reference/faults/blind19/index.ts
 */

export function reshapeHistory(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const items = Array.isArray(body[history.listMember]) ? (body[history.listMember] as Json[]) : undefined;
  if (slug !== 'get-transaction-history' || reply.statusCode !== 200 || !items) return undefined;
  const input = (request.query ?? {}) as Json;
  const customerId = String(input.customerId ?? '').toLowerCase();
  const accountId = typeof input.accountId === 'string' ? input.accountId.toLowerCase() : undefined;
  const reference = typeof input.pagingTransactionReferenceNumber === 'string' ? input.pagingTransactionReferenceNumber.toLowerCase() : undefined;
  const held = c.state.cards.listValid(customerId);
  // A response cache whose key names customerId, accountId and pageSize, not the paging reference.
  if (c.faults.has('blind19-history-cache-key-ignores-paging-reference')) {
    const memory = memoryOf(c.state);
    const key = `${customerId}|${accountId ?? ''}|${String(input.pageSize ?? '')}`;
    const cached = memory.historyCache.get(key);
    if (cached !== undefined) return JSON.parse(cached) as Json;
    memory.historyCache.set(key, JSON.stringify(body));
  }
  // The load date of the DataContractJsonSerializer-era DTO: "\/Date(ms)\/".
  if (c.faults.has('blind19-history-expected-load-date-ms-json-date'))
    return { ...body, [history.listMember]: items.map((t) => (typeof t.expectedLoadDate === 'string' ? { ...t, expectedLoadDate: `/Date(${Date.parse(t.expectedLoadDate)})/` } : t)) };
  // The token cards' rows come from a view without the destination column.
  if (c.faults.has('blind19-history-destination-name-null-for-token-cards')) {
    const tokenIds = new Set(held.filter((k) => k.kind === 'token').flatMap((k) => historyOf(k).map((t) => String(t.transactionId))));
    return { ...body, [history.listMember]: items.map((t) => (tokenIds.has(String(t.transactionId)) ? { ...t, destinationDisplayName: null } : t)) };
  }
  // `skip + pageSize` with pageSize a string: the page ends at Number(`${skip}${pageSize}`).
  const size = concatenatedPages.get(request);
  if (size !== undefined && reference !== undefined) {
    const all = held.filter((k) => accountId === undefined || k.cardId === accountId).flatMap((k) => historyOf(k)).sort(newestFirst);
    const at = all.findIndex((t: Transaction) => String(t.transactionId).toLowerCase() === reference);
    if (at >= 0) return { ...body, [history.listMember]: items.slice(0, Math.max(0, Number(`${at}${size}`) - at)) };
  }
  return undefined;
}
