import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { exclusiveSessionFilters, responseMembers, sessionAttributes } from '../../../contract/index.js';
import { sendErrorRow } from '../../problems.js';
import { cardView } from '../../operations/card-view.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import type { CardData } from '../../state/index.js';
import type { Attribute } from '../../validate/index.js';
import { anyBlind17 } from './inputs.js';
import { cardSubmissions, identicalToken, insertKey, memoryOf, submittedData, tokenOnFile, updatingCard } from './memo.js';

/**
 * The blind17 state faults that act before an operation's handler (answer instead of it, throw, or
 * change the state it reads), and the marks answers.ts reads. Each is guarded by its fault; with
 * none on, nothing happens.
 * @see reference/faults/blind17/index.ts
 */

const [idFilter, numberFilter] = exclusiveSessionFilters;
const allowedNames = sessionAttributes.attributes!.allowed.map((a) => a.name);
const dataOf = (data: CardData): string => submittedData(data, '');

/** May answer instead of the handler (or throw: a 500); undefined lets the handler run. */
export function blind17Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind17(c.faults)) return undefined;
  const { op, values, reply, request, session } = req;
  const has = (fault: string) => c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  const memory = memoryOf(c.state);
  // SELECT ... FROM Customers c INNER JOIN Accounts a ON a.CustomerId = c.Id: a cardless customer has no row.
  if (op.id === 'FindCustomer' && has('blind17-find-cardless-customer-not-found')) {
    const customer = c.state.customers.withSsn(text(values, 'ssn'));
    if (customer && customer.dateOfBirth === calendarDate(text(values, 'dateOfBirth')) && c.state.cards.listValid(customer.customerId).length === 0)
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer matches the SSN and date of birth.');
  }
  if (op.id === 'AddOrUpdateCard') {
    const number = text(values, 'cardNumber');
    const existing = c.state.cards.find(customerId, 'number', number);
    const submitted = submittedData(values, 'cardNumber');
    cardSubmissions.set(request, { key: insertKey(customerId, number), data: submitted });
    if (existing?.valid && dataOf(existing.data) !== submitted) updatingCard.add(request);
    // The "unchanged" test reads the data cached at insert, which no update refreshes.
    if (existing?.valid && has('blind17-card-identical-check-reads-insert-cache') && memory.insertedData.get(insertKey(customerId, number)) === submitted) {
      updatingCard.delete(request);
      return sendOk(reply, { [responseMembers.cards]: [cardView(existing, c.faults, { addOrUpdate: true, readings: c.readings })] });
    }
  }
  if (op.id === 'AddOrUpdateTokenizedCard') {
    const existing = c.state.cards.find(customerId, 'token', text(values, 'cardToken'));
    if (existing) tokenOnFile.add(request);
    if (existing?.valid && dataOf(existing.data) === submittedData(values, 'cardToken')) identicalToken.add(request);
  }
  if (op.id === 'AuthenticateOBO') {
    const customer = c.state.customers.get(customerId);
    const cards = customer ? c.state.cards.listValid(customer.customerId) : [];
    // The accounts are read through the session's unit of work: the cards this session wrote.
    if (customer && cards.length > 0 && has('blind17-obo-linked-check-session-cards-only') && !cards.some((card) => memory.cardSessions.get(card.cardId) === session.sessionId))
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    // SELECT COUNT(*) FROM Accounts WHERE CustomerId = @id: the declined rows count too.
    if (customer && cards.length === 0 && has('blind17-obo-declined-card-counts-as-linked') && memory.declined.has(customer.customerId)) {
      const ssoToken = randomBytes(32).toString('base64url');
      session.oboCustomerId = customer.customerId;
      session.ssoTokens.push(ssoToken);
      return sendOk(reply, { [responseMembers.ssoToken]: ssoToken });
    }
  }
  // if (customer != null && card.CustomerId != customer.Id) return NotFound(): no customer, no check.
  if (op.id === 'DeleteCard' && has('blind17-delete-owner-check-skipped-for-unknown-customer') && !c.state.customers.get(customerId)) {
    const card = c.state.cards.get(text(values, 'cardId'));
    if (card) {
      c.state.cards.remove(card);
      return sendDone(reply);
    }
  }
  if (op.id === 'AddCustomerAttributes' && has('blind17-cattr-unknown-customer-fk-500')) {
    const id = (values.customerAttributes as Attribute[]).find((a) => a.name === 'CustomerId')?.value ?? '';
    if (!c.state.customers.get(id))
      throw new Error('The INSERT statement conflicted with the FOREIGN KEY constraint "FK_CustomerAttributes_Customers".');
  }
  if (op.id === 'AddSessionAttributes' && has('blind17-sattr-both-filters-same-card-accepted')) {
    const items = values.sessionAttributes as Attribute[];
    const value = (name: string) => items.find((a) => a.name === name)?.value;
    const [ids, numbers] = [value(idFilter!), value(numberFilter!)];
    const token = value('SsoToken');
    const current = session.oboCustomerId !== undefined && token !== undefined && token === session.ssoTokens.at(-1);
    if (ids !== undefined && numbers !== undefined && current && items.every((a) => allowedNames.includes(a.name))) {
      const held = c.state.cards.listValid(session.oboCustomerId!);
      const named = ids.split(',').map((s) => held.find((card) => card.cardId === s.trim().toLowerCase()));
      const sameCards = named.every((card) => card !== undefined)
        && [...new Set(named.map((card) => card!.identity))].sort().join(',') === [...new Set(numbers.split(',').map((s) => s.trim()))].sort().join(',');
      if (sameCards) {
        for (const a of items) session.sessionAttributes.set(a.name, a.value);
        return sendDone(reply);
      }
    }
  }
  return undefined;
}
