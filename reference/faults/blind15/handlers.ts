import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { pause, sendOk, text, optionalText, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import { lastFourOf } from '../../operations/card-view.js';
import { historyOf, newestFirst } from '../../state/index.js';
import { anyBlind15 } from './inputs.js';

/**
 * The blind15 state faults that act before an operation's handler (answer instead of it, or change
 * the state it reads). Each is guarded by its fault; with none on, nothing happens.
 * @see reference/faults/blind15/index.ts
 */

/** Requests of AddOrUpdateCard / AddOrUpdateTokenizedCard whose card was already on file (replies.ts reads it). */
export const onFile = new WeakSet<object>();

const pageOf = (values: ValidRequest['values']): number => (typeof values.pageSize === 'number' && values.pageSize > 0 ? values.pageSize : 20);

/** May answer instead of the handler (or run `next`, the handler, later); undefined lets the handler run. */
export function blind15Before(c: OperationContext, req: ValidRequest, next?: () => FastifyReply | Promise<FastifyReply>): FastifyReply | Promise<FastifyReply> | undefined {
  const { op, values, reply, request } = req;
  const has = (fault: string, opId: string) => op.id === opId && c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  if (!anyBlind15(c.faults)) return undefined;
  if (op.id === 'AddOrUpdateCard' || op.id === 'AddOrUpdateTokenizedCard') {
    const kind = op.id === 'AddOrUpdateCard' ? 'number' : 'token';
    const existing = c.state.cards.find(customerId, kind, text(values, kind === 'number' ? 'cardNumber' : 'cardToken'));
    if (existing) onFile.add(request);
    // The "changed card" path INSERTs the new version and never retires the old row.
    if (existing && has('blind15-card-expiration-change-adds-card', 'AddOrUpdateCard') && existing.data.expirationMonthYear !== text(values, 'expirationMonthYear'))
      c.state.cards.reidentify(existing, `superseded-${randomUUID()}-${existing.identity}`);
  }
  // The history query joins cards to transactions on the card number, not the card id.
  if (has('blind15-history-joined-by-number-across-customers', 'GetTransactionHistory') && values.accountId === undefined && values.pagingTransactionReferenceNumber === undefined) {
    const own = c.state.cards.listValid(customerId);
    const others = c.state.cards.anyValid().filter((x) => x.kind === 'number' && x.customerId !== customerId && own.some((o) => o.kind === 'number' && o.identity === x.identity));
    if (others.length > 0) {
      const all = [...own, ...others].flatMap(historyOf).sort(newestFirst);
      return sendOk(reply, { searchResults: all.slice(0, pageOf(values)), totalRecords: all.length });
    }
  }
  // The paging reference is looked up in the whole transaction table and its card's history paged.
  const reference = optionalText(values, 'pagingTransactionReferenceNumber')?.toLowerCase();
  if (has('blind15-history-reference-other-customer-page', 'GetTransactionHistory') && reference !== undefined
    && !c.state.cards.listValid(customerId).flatMap(historyOf).some((t) => t.transactionId === reference)) {
    const holder = c.state.cards.anyValid().find((x) => historyOf(x).some((t) => t.transactionId === reference));
    if (holder) {
      const all = historyOf(holder).sort(newestFirst);
      const at = all.findIndex((t) => t.transactionId === reference);
      return sendOk(reply, { searchResults: all.slice(at, at + pageOf(values)), totalRecords: all.length });
    }
  }
  // DELETE ... WHERE CustomerId = @customer AND LastFour = @lastFour.
  const named = op.id === 'DeleteCard' ? c.state.cards.get(text(values, 'cardId')) : undefined;
  if (has('blind15-delete-removes-same-last-four', 'DeleteCard') && named && named.customerId === customerId)
    for (const other of c.state.cards.listValid(customerId)) if (other !== named && lastFourOf(other) === lastFourOf(named)) c.state.cards.remove(other);
  // Check, await the screening call, insert: the unique index on the SSN fails the later of two concurrent inserts.
  if (has('blind15-enroll-race-unique-index-500', 'EnrollCustomer') && next && !c.state.customers.withSsn(text(values, 'ssn')) && !c.state.customers.withEmail(text(values, 'emailAddress')))
    return pause().then(() => {
      if (c.state.customers.withSsn(text(values, 'ssn'))) throw new Error("Cannot insert duplicate key row in object 'dbo.Customers' with unique index 'IX_Customers_Ssn'.");
      return next();
    });
  // A fuzzy fallback: no SSN hit, so the first customer with the same birth date.
  if (has('blind15-find-matches-dob-when-ssn-misses', 'FindCustomer') && !c.state.customers.withSsn(text(values, 'ssn'))) {
    const match = c.state.customers.matching((x) => x.dateOfBirth === calendarDate(text(values, 'dateOfBirth')));
    if (match) return sendOk(reply, { customerId: match.customerId });
  }
  return undefined;
}
