import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';
import type { PartnerSession, ReferenceState } from '../../state/index.js';

/**
 * The blind12 faults of request reading and validation: lenient binders, crashes of a store
 * before validation, rules set up on one path only, keys named after the wrong property.
 * With no blind12 fault on, every function returns what it was given.
 * @see reference/faults/blind12/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind12 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind12-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const items = (list: unknown): Json[] => (Array.isArray(list) ? list.map((i) => asObject(i) ?? {}) : []);
const nameOf = (item: Json): unknown => item.name ?? item.Name;
const valueOf = (item: Json): unknown => item.value ?? item.Value;

/** What the input hook may read of the running service. */
export interface InputScope {
  readonly faults: FaultSet;
  readonly state: ReferenceState;
  readonly session: PartnerSession;
}

/** The request input as the faulty service reads it; may throw (the 500 faults). */
export function blind12Input(scope: InputScope, op: Operation, input: unknown): unknown {
  const { faults, state, session } = scope;
  const src = asObject(input);
  if (!src || !anyBlind12(faults)) return input;
  const out: Json = { ...src };
  if (op.id === 'FindCustomer' && faults.has('blind12-find-ssn-json-number-coerced') && typeof out.ssn === 'number') out.ssn = String(out.ssn);
  if (op.id === 'EnrollCustomer') {
    // The OFAC screening is called with the country as sent; an empty code is an unhandled lookup failure.
    if (faults.has('blind12-enroll-empty-country-500') && out.countryOfOrigin === '') throw new Error('OFAC screening failed: country code must not be empty.');
    // Convert.ToBoolean on a string member.
    if (faults.has('blind12-enroll-allow-texts-string-500') && typeof out.allowTexts === 'string') throw new TypeError(`String '${out.allowTexts}' was not recognized as a valid Boolean.`);
  }
  if (op.id === 'GetRegisteredCards' && faults.has('blind12-cards-customer-id-trimmed') && typeof out.customerId === 'string') out.customerId = out.customerId.trim();
  if (op.id === 'GetTransactionHistory' && faults.has('blind12-history-account-id-prefix-match')) {
    const id = typeof out.accountId === 'string' ? out.accountId.toLowerCase() : '';
    const customerId = typeof out.customerId === 'string' ? out.customerId : '';
    // WHERE CardId LIKE @accountId + '%': a shortened id names the first card it begins.
    if (id.length >= 8 && id.length < 36) {
      const card = state.cards.listValid(customerId).find((c) => c.cardId.startsWith(id));
      if (card) out.accountId = card.cardId;
    }
  }
  if (op.id === 'AddCustomerAttributes' && faults.has('blind12-cattr-long-name-logged-500')) {
    // The request log is written before validation, into a Name column of 100 characters.
    if (items(out.customerAttributes).some((i) => typeof nameOf(i) === 'string' && (nameOf(i) as string).length > 100))
      throw new Error("String or binary data would be truncated in table 'AttributeRequestLog', column 'Name'.");
  }
  if (op.id === 'AddSessionAttributes') {
    const list = items(out.sessionAttributes);
    // PreferredEmail is written to the customer's e-mail column, nvarchar(100).
    if (faults.has('blind12-sattr-preferred-email-over-100-500') && list.some((i) => nameOf(i) === 'PreferredEmail' && typeof valueOf(i) === 'string' && (valueOf(i) as string).length > 100))
      throw new Error("String or binary data would be truncated in table 'CustomerContact', column 'Email'.");
    // The account lookup helper shared with DeleteCard finds a card by number, token or id: an id stands for its card.
    if (faults.has('blind12-sattr-number-filter-takes-card-ids') && session.oboCustomerId !== undefined) {
      const cards = state.cards.listValid(session.oboCustomerId);
      out.sessionAttributes = list.map((i) => {
        const value = valueOf(i);
        if (nameOf(i) !== 'AccountNumberFilter' || typeof value !== 'string') return i;
        const mapped = value.split(',').map((v) => cards.find((c) => c.cardId === v.trim().toLowerCase())?.identity ?? v).join(',');
        return { name: nameOf(i), value: mapped };
      });
    }
  }
  return out;
}

/** Rule changes of the blind12 validation faults. */
export function blind12Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind12(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // long.TryParse(homeNumber) && homeNumber.Length == 10: a sign passes.
  if (faults.has('blind12-enroll-home-number-parsed-as-long') && at('EnrollCustomer', 'homeNumber')) return { ...rule, pattern: /^[+-]?[0-9]+$/ };
  // The tokenized card's DTO copied the address columns' width onto nameOnCard.
  if (faults.has('blind12-tcard-name-on-card-max-50') && at('AddOrUpdateTokenizedCard', 'nameOnCard')) return { ...rule, maxLength: 50 };
  return rule;
}
