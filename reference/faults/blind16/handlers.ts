import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaults, exclusiveSessionFilters, responseMembers, sessionAttributes } from '../../../contract/index.js';
import { sendErrorRow } from '../../problems.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import type { PartnerSession, ReferenceState, StoredCard } from '../../state/index.js';
import type { Attribute } from '../../validate/index.js';
import { anyBlind16 } from './inputs.js';

/**
 * The blind16 state faults that act before an operation's handler (answer instead of it, throw, or
 * change the state it reads), and the memory they share with answers.ts. Each is guarded by its
 * fault; with none on, nothing happens.
 * @see reference/faults/blind16/index.ts
 */

/** Requests of AddOrUpdateCard whose card was already on file (the update branch). */
export const updating = new WeakSet<FastifyRequest>();
/** DeleteCard requests and the card they name, read before the delete (answers.ts serialises it). */
export const deleting = new WeakMap<FastifyRequest, StoredCard>();
/** Sessions whose filter once passed the account check (blind16-sattr-filter-validation-cached-per-session). */
export const filtersPassed = new WeakSet<PartnerSession>();

/** The last AddOrUpdateCard submission and its answer per customer and card number, per instance (never evicted by DeleteCard). */
const upsertAnswers = new WeakMap<ReferenceState, Map<string, { submitted: string; answer: string }>>();
export function upsertAnswersOf(state: ReferenceState): Map<string, { submitted: string; answer: string }> {
  let found = upsertAnswers.get(state);
  if (!found) upsertAnswers.set(state, (found = new Map()));
  return found;
}
/** The cache key and the submission as the cache compares them. */
export function upsertKey(body: unknown): { key: string; submitted: string } {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const sorted = Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  return { key: `${String(o.customerId ?? '').toLowerCase()}|${String(o.cardNumber ?? '')}`, submitted: JSON.stringify(sorted) };
}

const [idFilter, numberFilter] = exclusiveSessionFilters;
const allowedNames = sessionAttributes.attributes!.allowed.map((a) => a.name);

/** May answer instead of the handler (or throw: a 500); undefined lets the handler run. */
export function blind16Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind16(c.faults)) return undefined;
  const { op, values, reply, request, session } = req;
  const has = (fault: string, opId: string) => op.id === opId && c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  // `dob.ToString("MM-dd") == sent.ToString("MM-dd")`: the year is never compared.
  if (has('blind16-find-dob-year-ignored', 'FindCustomer')) {
    const customer = c.state.customers.withSsn(text(values, 'ssn'));
    const sent = calendarDate(text(values, 'dateOfBirth'));
    if (customer && customer.dateOfBirth !== sent && customer.dateOfBirth.slice(5) === sent.slice(5)) return sendOk(reply, { [responseMembers.findCustomer]: customer.customerId });
  }
  // MERGE Person ON Ssn ... before the duplicate checks, and no transaction around them.
  const enrolled = op.id === 'EnrollCustomer' ? c.state.customers.withSsn(text(values, 'ssn')) : undefined;
  if (enrolled && has('blind16-find-stale-after-refused-duplicate', 'EnrollCustomer'))
    Object.assign(enrolled as object, { dateOfBirth: calendarDate(text(values, 'dateOfBirth')), dateOfBirthSent: text(values, 'dateOfBirth') });
  if (op.id === 'AddOrUpdateCard') {
    const cardNumber = text(values, 'cardNumber');
    const existing = c.state.cards.find(customerId, 'number', cardNumber);
    const changed = (card: StoredCard) => Object.entries(values).some(([k, v]) => typeof v === 'string' && k !== 'customerId' && k !== 'cardNumber' && card.data[k] !== v)
      || Object.keys(card.data).some((k) => values[k] === undefined);
    if (existing?.valid && changed(existing)) updating.add(request);
    // The issuer client throws on a decline and nothing catches it.
    if (has('blind16-card-decline-unhandled-500', 'AddOrUpdateCard') && cardNumber === defaults.declinedCardNumber)
      throw new Error('IssuerDeclinedException: authorization declined by the issuer (response code 05)');
    // WHERE CustomerId = @customer AND CardNumber = @number AND NameOnCard = @name: NULL = NULL is not true.
    if (existing && values.nameOnCard === undefined && has('blind16-card-null-name-on-card-lookup-misses', 'AddOrUpdateCard')) {
      c.state.cards.reidentify(existing, `#${existing.cardId}#${existing.identity}`);
      updating.delete(request);
    }
    // The "unchanged" short cut reads the cached last submission, which DeleteCard does not evict.
    const { key, submitted } = upsertKey(request.body);
    const cached = upsertAnswersOf(c.state).get(key);
    if (has('blind16-delete-readd-identical-answered-from-cache', 'AddOrUpdateCard') && cached?.submitted === submitted) return sendOk(reply, JSON.parse(cached.answer));
  }
  if (op.id === 'AuthenticateOBO') {
    const customer = c.state.customers.get(customerId);
    // The accounts are read first, from a customer row that may be null.
    if (!customer && has('blind16-obo-unknown-customer-500', 'AuthenticateOBO')) throw new TypeError("Cannot read properties of null (reading 'accounts')");
    // The linked-account query counts cards whose status is Active; an update leaves it PendingReauthorization.
    const cards = c.state.cards.listValid(customerId);
    if (customer && cards.length > 0 && cards.every((card) => card.updates > 0) && has('blind16-obo-no-linked-after-card-update', 'AuthenticateOBO'))
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
  }
  if (op.id === 'DeleteCard') {
    const card = c.state.cards.get(text(values, 'cardId'));
    if (card && card.customerId === customerId) deleting.set(request, card);
  }
  if (op.id === 'AddSessionAttributes') {
    const items = values.sessionAttributes as Attribute[];
    const token = items.find((a) => a.name === 'SsoToken')?.value;
    // attributes["SsoToken"].Trim(): a list without it is a null dereference.
    if (token === undefined && has('blind16-sattr-missing-token-500', 'AddSessionAttributes')) throw new TypeError("Cannot read properties of undefined (reading 'trim')");
    // The session's "filters valid" flag stands in for the account check once set.
    const filters = items.filter((a) => a.name === idFilter || a.name === numberFilter).map((a) => a.name);
    const current = session.oboCustomerId !== undefined && token !== undefined && token === session.ssoTokens.at(-1);
    if (has('blind16-sattr-filter-validation-cached-per-session', 'AddSessionAttributes') && filtersPassed.has(session) && current
      && new Set(filters).size === 1 && items.every((a) => allowedNames.includes(a.name))) {
      for (const a of items) session.sessionAttributes.set(a.name, a.value);
      return sendDone(reply);
    }
  }
  return undefined;
}
