import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind5 faults that live in the request handling shared by every operation: rule changes
 * (off-by-one bounds, a pattern read from the wrong column), key spellings and rewrites of the raw
 * input before validation. With no blind5 fault on, every function is the identity.
 * @see reference/faults/blind5/index.ts
 */

type Json = Record<string, unknown>;

const anyBlind5 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind5-'));

/** Changes one compiled rule of one field; the rule itself when no blind5 fault touches it. */
export function blind5Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind5(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  const on = (name: string, opId: string, field: string) => faults.has(name) && at(opId, field);
  // The SSA rule "no SSN starts with 9" applied to a field that also takes ITINs.
  if (on('blind5-find-itin-refused', 'FindCustomer', 'ssn')) return { ...rule, pattern: /^[0-8][0-9]{8}$/ };
  // A home phone of 9 or 10 digits: the length rule and the pattern both written for the shorter form.
  if (on('blind5-enroll-home-number-nine-digits', 'EnrollCustomer', 'homeNumber')) return { ...rule, minLength: 9, pattern: /^[0-9]{9,10}$/ };
  // The pattern written from the length column (1 to 9), not from "9 digits".
  if (on('blind5-enroll-ssn-short-accepted', 'EnrollCustomer', 'ssn')) return { ...rule, pattern: /^[0-9]{1,9}$/ };
  if (on('blind5-enroll-email-max-254', 'EnrollCustomer', 'emailAddress')) return { ...rule, maxLength: 254 };
  if (on('blind5-card-expiration-month-thirteen', 'AddOrUpdateCard', 'expirationMonthYear')) return { ...rule, pattern: /^(0[1-9]|1[0-3])[0-9]{2}$/ };
  // A Visa/Mastercard-only pattern: American Express numbers have 15 digits.
  if (on('blind5-card-number-fifteen-refused', 'AddOrUpdateCard', 'cardNumber')) return { ...rule, pattern: /^[0-9]{16,19}$/ };
  if (on('blind5-card-zip-four-accepted', 'AddOrUpdateCard', 'zip')) return { ...rule, minLength: 4, pattern: /^[0-9]{4,5}$/ };
  if (on('blind5-tcard-token-max-300', 'AddOrUpdateTokenizedCard', 'cardToken')) return { ...rule, maxLength: 300 };
  if (on('blind5-tcard-bin-five-digits', 'AddOrUpdateTokenizedCard', 'cardBin')) return { ...rule, pattern: /^[0-9]{5,8}$/ };
  if (on('blind5-history-page-size-ten-refused', 'GetTransactionHistory', 'pageSize') && rule.range) return { ...rule, range: { ...rule.range, max: rule.range.max - 1 } };
  // DeleteCard's validator: NotEmpty and Length(36) on customerId, the GUID rule forgotten.
  if (on('blind5-delete-customer-id-unvalidated', 'DeleteCard', 'customerId')) {
    const { pattern: _pattern, ...rest } = rule;
    return rest;
  }
  if (at('AddCustomerAttributes', 'customerAttributes') && rule.attributes && (faults.has('blind5-cattr-amount-three-decimals') || faults.has('blind5-cattr-true-false-yes-no'))) {
    const list = rule.attributes;
    const formatOf = new Map(list.allowed.map((a) => [a.name, a.valueFormat as string | undefined]));
    const before = list.rewriteBeforeFormat;
    const rewrite = (name: string, v: string) => attributeRewrite(faults, formatOf.get(name), before ? before(name, v) : v);
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: rewrite } };
  }
  return rule;
}

/** AddCustomerAttributes values as the faulty parsers read them before the format check. */
function attributeRewrite(faults: FaultSet, format: string | undefined, value: string): string {
  // decimal.Parse then Math.Round(value, 2): the third decimal disappears before the format is checked.
  const cents = /^([0-9]{1,5})\.([0-9]{2})[0-9]$/.exec(value);
  if (format === 'amount' && faults.has('blind5-cattr-amount-three-decimals') && cents) return `${cents[1]}.${cents[2]}`;
  // A boolean converter that also knows Yes and No.
  if (format === 'trueFalse' && faults.has('blind5-cattr-true-false-yes-no') && /^(yes|no)$/i.test(value)) return /^yes$/i.test(value) ? 'True' : 'False';
  return value;
}

/** Key spellings of the blind5 faults, applied to a finished error list. */
export function blind5Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  // GetRegisteredCards' validator copied from a body-bound command.
  if (faults.has('blind5-cards-key-command-prefix') && op.id === 'GetRegisteredCards') return errors.map((e) => ({ ...e, key: e.key.replace(/^query\./, 'command.') }));
  return errors;
}

/**
 * The request input as the faulty service reads it, before validation; `hasCard` says whether
 * the customer already holds a card with this number (the update path of AddOrUpdateCard).
 */
export function blind5Input(faults: FaultSet, op: Operation, input: unknown, hasCard: (customerId: string, cardNumber: string) => boolean): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !anyBlind5(faults)) return input;
  const src = input as Json;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof src[name] === 'string' ? (src[name] as string) : undefined);
  if (op.id === 'AuthenticateOBO' && faults.has('blind5-obo-customer-id-unanchored')) {
    // /^[0-9a-f]{8}-...-[0-9a-f]{12}/i without $, then Guid.Parse(value.Substring(0, 36)).
    const id = str('customerId');
    if (id !== undefined && id.length > 36 && /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/.test(id)) out.customerId = id.slice(0, 36);
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('blind5-card-city-unchecked-on-update')) {
    // The update path binds to the entity, whose setter cuts the city to the column's 50 characters.
    const city = str('city');
    if (city !== undefined && city.length > 50 && hasCard(str('customerId') ?? '', str('cardNumber') ?? '')) out.city = city.slice(0, 50);
  }
  return out;
}
