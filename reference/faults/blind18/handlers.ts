import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { exclusiveSessionFilters, responseMembers } from '../../../contract/index.js';
import { sendErrorRow } from '../../problems.js';
import { cardView } from '../../operations/card-view.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import type { PartnerSession } from '../../state/index.js';
import type { Attribute } from '../../validate/index.js';
import { anyBlind18, memoryOf } from './memo.js';

/**
 * The blind18 state faults that act before an operation's handler (answer instead of it, throw, or
 * change the state it reads). Each is guarded by its fault; with none on, nothing happens.
 * @see reference/faults/blind18/index.ts
 */

const [idFilter] = exclusiveSessionFilters;

function issueSsoToken(reply: FastifyReply, session: PartnerSession, customerId: string): FastifyReply {
  const ssoToken = randomBytes(32).toString('base64url');
  session.oboCustomerId = customerId;
  session.ssoTokens.push(ssoToken);
  return sendOk(reply, { [responseMembers.ssoToken]: ssoToken });
}

/** May answer instead of the handler (or throw: a 500); undefined lets the handler run. */
export function blind18Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind18(c.faults)) return undefined;
  const { op, values, reply, request, session } = req;
  const has = (fault: string) => c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  const memory = memoryOf(c.state);
  // The legacy DTO of the `email` path stored the date of birth as text with a time part.
  if (op.id === 'FindCustomer' && has('blind18-find-email-alias-enrolment-not-found')) {
    const customer = c.state.customers.withSsn(text(values, 'ssn'));
    if (customer && memory.aliasEnrolled.has(customer.customerId) && customer.dateOfBirth === calendarDate(text(values, 'dateOfBirth')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer matches the SSN and date of birth.');
  }
  // The card is looked up by customer, last four digits and expiration.
  if (op.id === 'AddOrUpdateCard' && has('blind18-card-update-matched-by-last-four-and-expiry')) {
    const number = text(values, 'cardNumber');
    const expiry = text(values, 'expirationMonthYear');
    const twin = c.state.cards.find(customerId, 'number', number) ? undefined
      : c.state.cards.listValid(customerId).find((k) => k.kind === 'number' && k.identity.slice(-4) === number.slice(-4) && k.data.expirationMonthYear === expiry);
    if (twin) {
      const moved = c.state.cards.reidentify(twin, number);
      moved.data = Object.fromEntries(Object.entries(values).filter(([k, v]) => typeof v === 'string' && k !== 'customerId' && k !== 'cardNumber')) as Record<string, string>;
      moved.updates += 1;
      return sendOk(reply, { [responseMembers.cards]: [cardView(moved, c.faults, { addOrUpdate: true, readings: c.readings })] });
    }
  }
  // The token stays in the lookup index after DeleteCard: the removed row is found and answered.
  if (op.id === 'AddOrUpdateTokenizedCard' && has('blind18-delete-token-index-left-readd-not-stored')) {
    const token = text(values, 'cardToken');
    const removed = c.state.cards.find(customerId, 'token', token) ? undefined
      : c.state.cards.listRemoved(customerId).find((k) => k.kind === 'token' && k.identity === token);
    if (removed) return sendOk(reply, { [responseMembers.cards]: [cardView(removed, c.faults, { addOrUpdate: true, readings: c.readings })] });
  }
  if (op.id === 'AuthenticateOBO') {
    const customer = c.state.customers.get(customerId);
    const cards = customer ? c.state.cards.listValid(customer.customerId) : [];
    // The linked-account query does not filter the soft-delete flag.
    if (customer && cards.length === 0 && has('blind18-obo-linked-counts-deleted-cards') && c.state.cards.listRemoved(customer.customerId).length > 0)
      return issueSsoToken(reply, session, customer.customerId);
    // The linked-account check reads the card list GetRegisteredCards cached.
    if (customer && cards.length > 0 && has('blind18-obo-linked-check-reads-card-list-cache') && memory.listCache.get(customer.customerId)?.length === 0)
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    // "Resolve any id": not a customer, so the accounts are searched too.
    const card = customer ? undefined : c.state.cards.get(customerId);
    if (card?.valid && has('blind18-obo-card-id-taken-for-customer-id')) return issueSsoToken(reply, session, card.customerId);
  }
  // The owner is compared with the session's customer context, not the customerId sent.
  if (op.id === 'DeleteCard' && has('blind18-delete-owner-checked-against-obo-customer')) {
    const card = c.state.cards.get(text(values, 'cardId'));
    if (card && card.customerId !== customerId && session.oboCustomerId === card.customerId) {
      c.state.cards.remove(card);
      return sendDone(reply);
    }
  }
  // customerAttributes[0].Value taken for the customer id.
  if (op.id === 'AddCustomerAttributes' && has('blind18-cattr-customer-id-read-from-first-item')) {
    const first = (values.customerAttributes as Attribute[])[0];
    if (first && first.name !== 'CustomerId' && !c.state.customers.get(first.value))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
  }
  if (op.id === 'AddSessionAttributes') {
    const ids = (values.sessionAttributes as Attribute[]).find((a) => a.name === idFilter)?.value;
    const parts = ids === undefined ? [] : ids.split(',').map((s) => s.trim());
    // Guid.Parse on every part of the split.
    if (has('blind18-sattr-id-filter-trailing-comma-500') && parts.includes(''))
      throw new Error('Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).');
    // The filter is checked against the card ids the session stored at AuthenticateOBO.
    const snapshot = memory.oboSnapshot.get(session.sessionId);
    const held = session.oboCustomerId ? c.state.cards.listValid(session.oboCustomerId).map((k) => k.cardId) : [];
    if (has('blind18-sattr-id-filter-cards-snapshot-at-obo') && snapshot && parts.some((p) => held.includes(p.toLowerCase()) && !snapshot.has(p.toLowerCase())))
      return sendErrorRow(reply, request, 'INVALID_INFORMATION', 'AccountIdFilter names a card that is not the customer\'s.');
  }
  return undefined;
}
