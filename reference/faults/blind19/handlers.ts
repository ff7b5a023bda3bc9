import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { exclusiveSessionFilters, fieldKey, responseMembers } from '../../../contract/index.js';
import { sendErrorRow, sendValidationProblem } from '../../problems.js';
import { cardView } from '../../operations/card-view.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import type { Attribute } from '../../validate/index.js';
import { anyBlind19, memoryOf } from './memo.js';

/**
 * The blind19 faults that act before an operation's handler (answer instead of it, or change the
 * state it reads). Each is guarded by its fault; with none on, nothing happens.
 * @see reference/faults/blind19/index.ts
 */

const [idFilter, numberFilter] = exclusiveSessionFilters;

/** May answer instead of the handler; undefined lets the handler run. */
export function blind19Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind19(c.faults)) return undefined;
  const { op, values, reply, request, session } = req;
  const has = (fault: string) => c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  // Birth dates are stored as whole days since 1970 with Math.trunc: before 1970 the stored day is one later.
  if (op.id === 'FindCustomer' && has('blind19-find-dob-before-1970-day-truncated')) {
    const date = calendarDate(text(values, 'dateOfBirth'));
    const customer = c.state.customers.withSsn(text(values, 'ssn'));
    if (customer && Number(date.slice(0, 4)) < 1970 && customer.dateOfBirth === date)
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer matches the SSN and date of birth.');
  }
  // The expiry is parsed with the two-digit-year window of .NET (TwoDigitYearMax 2049): "50" is 1950, an expired card.
  if (op.id === 'AddOrUpdateTokenizedCard' && has('blind19-tcard-expiration-year-fifty-pivot-refused') && Number(text(values, 'expirationMonthYear').slice(2)) >= 50) {
    const key = fieldKey(op, op.fields.find((f) => f.name === 'expirationMonthYear')!);
    return sendValidationProblem(reply, request, [{ key, message: 'The card has expired.' }]);
  }
  if (op.id === 'AddOrUpdateCard') {
    const number = text(values, 'cardNumber');
    const stored = c.state.cards.find(customerId, 'number', number);
    const sent = Object.entries(values).filter(([k, v]) => typeof v === 'string' && k !== 'customerId' && k !== 'cardNumber') as Array<[string, string]>;
    // The "unchanged" comparison runs in the database under a case-insensitive collation.
    if (has('blind19-card-nickname-case-only-change-ignored') && stored?.valid && sent.some(([k, v]) => stored.data[k] !== v)
      && sent.every(([k, v]) => (stored.data[k] ?? '').toLowerCase() === v.toLowerCase()) && Object.keys(stored.data).every((k) => values[k] !== undefined))
      return sendOk(reply, { [responseMembers.cards]: [cardView(stored, c.faults, { addOrUpdate: true, readings: c.readings })] });
    // The "update" path finds the soft-deleted row by number and revives it with the new data.
    const removed = stored ? undefined : c.state.cards.listRemoved(customerId).find((k) => k.kind === 'number' && k.identity === number);
    if (has('blind19-delete-readd-changed-expiry-same-id') && removed && removed.data.expirationMonthYear !== text(values, 'expirationMonthYear')) {
      const revived = c.state.cards.restore(removed.cardId, customerId)!;
      revived.data = Object.fromEntries(sent);
      revived.updates += 1;
      return sendOk(reply, { [responseMembers.cards]: [cardView(revived, c.faults, { addOrUpdate: true, readings: c.readings })] });
    }
  }
  // The pageSize range check compares the query string with "10" as text.
  const rawSize = (request.query as Record<string, unknown> | undefined)?.pageSize;
  if (op.id === 'GetTransactionHistory' && has('blind19-history-page-size-compared-as-string') && typeof rawSize === 'string' && rawSize > '10') {
    const key = fieldKey(op, op.fields.find((f) => f.name === 'pageSize')!);
    return sendValidationProblem(reply, request, [{ key, message: 'pageSize must be between 1 and 10.' }]);
  }
  // The existing token card is looked up under a case-insensitive collation.
  if (op.id === 'AddOrUpdateTokenizedCard' && has('blind19-tcard-token-lookup-case-insensitive')) {
    const token = text(values, 'cardToken');
    const twin = c.state.cards.find(customerId, 'token', token) ? undefined
      : c.state.cards.listValid(customerId).find((k) => k.kind === 'token' && k.identity.toLowerCase() === token.toLowerCase());
    if (twin) {
      twin.data = Object.fromEntries(Object.entries(values).filter(([k, v]) => typeof v === 'string' && k !== 'customerId' && k !== 'cardToken')) as Record<string, string>;
      twin.updates += 1;
      return sendOk(reply, { [responseMembers.cards]: [cardView(twin, c.faults, { addOrUpdate: true, readings: c.readings })] });
    }
  }
  // The linked-account query runs on a replica a few seconds behind the primary.
  if (op.id === 'AuthenticateOBO' && has('blind19-obo-linked-check-reads-lagging-replica')) {
    const first = memoryOf(c.state).firstCardAt.get(customerId);
    if (c.state.customers.get(customerId) && first !== undefined && Date.now() - first < 3000)
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
  }
  // The linked-account query counts card rows whatever their network status.
  if (op.id === 'AuthenticateOBO' && has('blind19-obo-linked-after-tcard-denied')) {
    const customer = c.state.customers.get(customerId);
    if (customer && c.state.cards.listValid(customer.customerId).length === 0 && memoryOf(c.state).tcardDenied.has(customer.customerId)) {
      const ssoToken = randomBytes(32).toString('base64url');
      session.oboCustomerId = customer.customerId;
      session.ssoTokens.push(ssoToken);
      return sendOk(reply, { [responseMembers.ssoToken]: ssoToken });
    }
  }
  // AccountNumberFilter is checked against every card row of the customer, deleted ones included.
  if (op.id === 'AddSessionAttributes' && has('blind19-sattr-number-filter-deleted-card-accepted') && session.oboCustomerId) {
    const items = values.sessionAttributes as Attribute[];
    const token = items.find((a) => a.name === 'SsoToken')?.value;
    const numbers = items.find((a) => a.name === numberFilter)?.value?.split(',').map((s) => s.trim());
    const removed = c.state.cards.listRemoved(session.oboCustomerId).map((k) => k.identity);
    const held = c.state.cards.listValid(session.oboCustomerId).map((k) => k.identity);
    if (token !== undefined && session.ssoTokens.includes(token) && !items.some((a) => a.name === idFilter) && numbers && numbers.length > 0
      && numbers.every((n) => removed.includes(n) || held.includes(n)) && numbers.some((n) => !held.includes(n)))
      return sendDone(reply);
  }
  return undefined;
}
