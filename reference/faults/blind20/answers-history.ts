import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationContext } from '../../operations/context.js';
import { historyOf } from '../../state/index.js';
import { memoryOf, queryVersioned, type Json } from './memo.js';

/**
 * The blind20 faults on GetTransactionHistory's answer (a reshaper of answers.ts' onSend hook):
 * DATE columns, a count query with an extra filter, a sort on display text, the older DTO of the
 * query-versioned route, a count kept in a singleton. Each is guarded by its fault.
 * @see reference/faults/blind20/index.ts
 */

/** createdOn as the display formatter writes it: "M/d/yyyy h:mm:ss tt" (UTC). */
function displayed(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

export function reshapeHistory(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  if (slug !== 'get-transaction-history' || reply.statusCode !== 200 || !Array.isArray(body.searchResults)) return undefined;
  const has = (fault: string) => c.faults.has(fault);
  const query = (request.query ?? {}) as Json;
  const rows = body.searchResults as Json[];
  // submittedForApprovalOn and finishedApprovalOn are DATE columns.
  if (has('blind20-history-approval-dates-date-only'))
    return { ...body, searchResults: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, (k === 'submittedForApprovalOn' || k === 'finishedApprovalOn') && typeof v === 'string' ? v.slice(0, 10) : v]))) };
  // The count query filters declined transactions out; the list query does not.
  if (has('blind20-history-total-excludes-declined')) {
    const customerId = String(query.customerId ?? '').toLowerCase();
    const account = typeof query.accountId === 'string' ? query.accountId.toLowerCase() : undefined;
    const cards = c.state.cards.listValid(customerId).filter((k) => account === undefined || k.cardId === account);
    const counted = cards.flatMap((k) => historyOf(k)).filter((t) => Number(t.declineReasonCode) === 0).length;
    return { ...body, totalRecords: counted };
  }
  // The list is sorted on the display text of createdOn.
  if (has('blind20-history-sorted-by-formatted-date-text')) {
    const key = (r: Json) => displayed(String(r.createdOn));
    return { ...body, searchResults: [...rows].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0)) };
  }
  // The query-versioned route's older DTO has no totalRecords.
  if (has('blind20-version-query-history-total-missing') && queryVersioned(request.url)) {
    const { totalRecords: _t, ...rest } = body;
    return rest;
  }
  // The count is a field of a singleton: each answer carries the previous request's.
  if (has('blind20-history-total-from-previous-request') && typeof body.totalRecords === 'number') {
    const memory = memoryOf(c.faults);
    const previous = memory.lastTotal;
    memory.lastTotal = body.totalRecords;
    if (previous !== undefined) return { ...body, totalRecords: previous };
  }
  return undefined;
}
