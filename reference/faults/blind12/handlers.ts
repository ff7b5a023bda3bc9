import type { FastifyReply } from 'fastify';
import { defaults, fieldKey, responseMembers } from '../../../contract/index.js';
import { sendErrorRow, sendValidationProblem } from '../../problems.js';
import { calendarDate } from '../../operations/dates.js';
import { cardView } from '../../operations/card-view.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import type { CustomerStore } from '../../state/customers.js';
import { anyBlind12 } from './inputs.js';

/**
 * The blind12 faults that act after validation and before the operation's own handler: a
 * cache, a lookup by the wrong key, a branch that answers on its own. Each returns the reply
 * it sent, or undefined to let the operation run. Nothing runs when no blind12 fault is on.
 * @see reference/faults/blind12/index.ts
 */

/** blind12-find-hit-cached-by-ssn: customers found before, by SSN, per customer store. */
const foundBySsn = new WeakMap<CustomerStore, Map<string, string>>();

function findCustomer(c: OperationContext, { values, reply }: ValidRequest): FastifyReply | undefined {
  const ssn = text(values, 'ssn');
  const dob = values.dateOfBirth;
  // blind12-find-dob-optional-for-ssn: no date of birth, no date comparison.
  if (c.faults.has('blind12-find-dob-optional-for-ssn') && typeof dob !== 'string') {
    const customer = c.state.customers.withSsn(ssn);
    return customer ? sendOk(reply, { [responseMembers.findCustomer]: customer.customerId })
      : sendErrorRow(reply, reply.request, 'CUSTOMER_NOT_FOUND', 'No customer matches the SSN and date of birth.');
  }
  if (c.faults.has('blind12-find-hit-cached-by-ssn') && typeof dob === 'string') {
    const cache = foundBySsn.get(c.state.customers) ?? new Map<string, string>();
    foundBySsn.set(c.state.customers, cache);
    const hit = cache.get(ssn);
    if (hit) return sendOk(reply, { [responseMembers.findCustomer]: hit });
    const customer = c.state.customers.withSsn(ssn);
    if (customer && customer.dateOfBirth === calendarDate(dob)) cache.set(ssn, customer.customerId);
  }
  return undefined;
}

function cardWrite(c: OperationContext, { op, values, session, reply }: ValidRequest): FastifyReply | undefined {
  // blind12-sattr-obo-context-lost-after-card-write: the session's customer context is rebuilt from the card cache, without the OBO record.
  if (c.faults.has('blind12-sattr-obo-context-lost-after-card-write') && session.oboCustomerId !== undefined) {
    session.oboCustomerId = undefined;
    session.ssoTokens = [];
  }
  if (op.id !== 'AddOrUpdateCard' || !c.faults.has('blind12-card-update-written-to-first-card')) return undefined;
  const customerId = text(values, 'customerId');
  const card = c.state.cards.find(customerId, 'number', text(values, 'cardNumber'));
  const first = c.state.cards.listValid(customerId)[0];
  // Only a registered card is updated: a card flagged invalid goes through authorization again (D15), untouched here.
  if (!card?.valid || !first || first === card) return undefined;
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && k !== 'customerId' && k !== 'cardNumber') data[k] = v;
  const same = Object.keys({ ...data, ...card.data }).every((k) => data[k] === card.data[k]);
  if (same) return undefined;
  // UPDATE TOP (1) Cards SET ... WHERE CustomerId = @customerId: the customer's first card takes the new data.
  first.data = data;
  first.updates += 1;
  return sendOk(reply, { [responseMembers.cards]: [cardView(card, c.faults, { addOrUpdate: true, readings: c.readings })] });
}

function deleteCard(c: OperationContext, { values, reply }: ValidRequest): FastifyReply | undefined {
  const customerId = text(values, 'customerId').toLowerCase();
  const card = c.state.cards.get(text(values, 'cardId'));
  if (!card) return undefined;
  // blind12-delete-foreign-card-when-cardless: `cards.Count == 0 ? db.Cards.Find(cardId) : cards.Find(cardId)`.
  if (c.faults.has('blind12-delete-foreign-card-when-cardless') && card.customerId !== customerId && c.state.cards.listValid(customerId).length === 0) {
    c.state.cards.remove(card);
    return sendDone(reply);
  }
  // blind12-delete-token-card-audit-500: the audit record reads the card number after the removal.
  if (c.faults.has('blind12-delete-token-card-audit-500') && card.customerId === customerId && card.kind === 'token') {
    c.state.cards.remove(card);
    throw new TypeError("Cannot read properties of undefined (reading 'slice') at CardAudit.maskNumber");
  }
  return undefined;
}

function authenticateObo(c: OperationContext, { values, session, reply }: ValidRequest): FastifyReply | undefined {
  if (!c.faults.has('blind12-obo-sso-token-empty-when-only-tokenized')) return undefined;
  const customer = c.state.customers.get(text(values, 'customerId'));
  const cards = customer ? c.state.cards.listValid(customer.customerId) : [];
  if (!customer || cards.length === 0 || cards.some((card) => card.kind === 'number')) return undefined;
  // The token is minted by the card-number processor; with no number card it is left empty.
  session.oboCustomerId = customer.customerId;
  session.ssoTokens.push('');
  return sendOk(reply, { [responseMembers.ssoToken]: '' });
}

function enrollCustomer(c: OperationContext, { op, values, request, reply }: ValidRequest): FastifyReply | undefined {
  if (!c.faults.has('blind12-enroll-duplicate-ssn-400-validation') || !c.state.customers.withSsn(text(values, 'ssn'))) return undefined;
  // A uniqueness rule of the validator (MustAsync(BeUniqueSsn)), reported as a validation error.
  const key = fieldKey(op, op.fields.find((f) => f.name === 'ssn')!);
  return sendValidationProblem(reply, request, [{ key, message: `${key.slice('command.'.length)} is already in use.` }]);
}

/** Runs the blind12 fault for this operation, if any; undefined lets the operation run. */
export function blind12Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind12(c.faults)) return undefined;
  switch (req.op.id) {
    case 'FindCustomer': return findCustomer(c, req);
    case 'EnrollCustomer': return enrollCustomer(c, req);
    case 'AddOrUpdateCard': case 'AddOrUpdateTokenizedCard': return cardWrite(c, req);
    case 'DeleteCard': return cardWrite(c, req) ?? deleteCard(c, req);
    case 'AuthenticateOBO': return authenticateObo(c, req);
    default: return undefined;
  }
}

/** blind12-tcard-denied-bin-with-last-four: the network check lives in the branch that fetches the last four. */
export const deniedCheckSkipped = (c: OperationContext, data: Readonly<Record<string, string>>): boolean =>
  c.faults.has('blind12-tcard-denied-bin-with-last-four') && data.cardBin === defaults.deniedCardBin && Boolean(data.lastFourOfCard);
