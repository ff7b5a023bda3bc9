import { fieldKey, type Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind11 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (lenient parsers, a clamp, a cut, crashes of a store), rule changes and
 * key spellings. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind11/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

export const anyBlind11 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind11-'));

/** What the input hook may ask of the reference's state. */
export interface Blind11Lookups {
  readonly hasCard: (customerId: string, cardNumber: string) => boolean;
  /** The customerId of the card `cardId` names, if any. */
  readonly ownerOf: (cardId: string) => string | undefined;
}

/** The year of a date of birth in one of the accepted 10-character forms. */
const yearOf = (dob: string): number | undefined => {
  const m = /^([0-9]{4})[-/][0-9]{2}[-/][0-9]{2}$/.exec(dob) ?? /^[0-9]{2}[-/][0-9]{2}[-/]([0-9]{4})$/.exec(dob);
  return m ? Number(m[1]) : undefined;
};

/** An attribute item's name and value as the reference reads them (`name`/`Name`, `value`/`Value`). */
const itemName = (item: Json): unknown => item.name ?? item.Name;
const valueKeyOf = (item: Json): 'value' | 'Value' => ('value' in item ? 'value' : 'Value');

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. May throw (the 500 faults). */
export function blind11Input(faults: FaultSet, op: Operation, input: unknown, lookups: Blind11Lookups): unknown {
  const src = asObject(input);
  if (!src || !anyBlind11(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'AddOrUpdateCard' && faults.has('blind11-card-expiration-month-clamped-on-update')) {
    // The partial-update parser reads MM and YY as numbers and clamps the month: Math.min(month, 12).
    const exp = str('expirationMonthYear');
    if (exp !== undefined && /^[0-9]{4}$/.test(exp) && Number(exp.slice(0, 2)) > 12 && lookups.hasCard(str('customerId') ?? '', str('cardNumber') ?? ''))
      out.expirationMonthYear = `12${exp.slice(2)}`;
  }
  if (op.id === 'EnrollCustomer') {
    // The city column is nvarchar(40); the validator allows the documented 50.
    const city = str('city') ?? '';
    if (faults.has('blind11-enroll-city-over-forty-500') && city.length > 40 && city.length <= 50)
      throw new Error("String or binary data would be truncated in table 'Address', column 'City'.");
    // `bool? AllowTexts` with [Required] on the key only: null binds and is defaulted.
    if (faults.has('blind11-enroll-allow-texts-null-defaulted') && 'allowTexts' in src && src.allowTexts === null) out.allowTexts = false;
  }
  if (op.id === 'FindCustomer' && faults.has('blind11-find-dob-before-1900-500')) {
    const year = yearOf(str('dateOfBirth') ?? '');
    if (year !== undefined && year < 1900) throw new Error('SqlDateTime overflow. Must be between 1/1/1900 12:00:00 AM and 6/6/2079 11:59:59 PM.');
  }
  if (op.id === 'AddCustomerAttributes' && faults.has('blind11-cattr-tenure-zero-500') && Array.isArray(out.customerAttributes)) {
    const zero = out.customerAttributes.some((item) => { const o = asObject(item); return o && itemName(o) === 'Tenure' && typeof o[valueKeyOf(o)] === 'string' && /^0+$/.test(o[valueKeyOf(o)] as string); });
    if (zero) throw new RangeError('Attempted to divide by zero.');
  }
  if (op.id === 'AddSessionAttributes' && Array.isArray(out.sessionAttributes)) {
    out.sessionAttributes = out.sessionAttributes.map((item, i) => {
      const o = asObject(item);
      if (!o) return item;
      const key = valueKeyOf(o);
      const value = o[key];
      if (typeof value !== 'string') return item;
      // Only the first item's value is validated; the others are cut to the column when stored.
      if (faults.has('blind11-sattr-later-values-truncated') && i > 0 && value.length > 300) return { ...o, [key]: value.slice(0, 300) };
      // The filter's entries are trimmed before Guid.Parse.
      if (faults.has('blind11-sattr-id-filter-spaces-trimmed') && itemName(o) === 'AccountIdFilter') return { ...o, [key]: value.split(',').map((s) => s.trim()).join(',') };
      return item;
    });
  }
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('blind11-tcard-bin-dashes-stripped')) {
    const bin = str('cardBin');
    if (bin !== undefined) out.cardBin = bin.replace(/[-\s]/g, '');
  }
  if (op.id === 'DeleteCard' && faults.has('blind11-delete-customer-id-optional') && (out.customerId === undefined || out.customerId === null)) {
    // The owner check runs only when a customerId is sent: the card's own owner is taken.
    const owner = lookups.ownerOf(str('cardId') ?? '');
    if (owner !== undefined) out.customerId = owner;
  }
  if (op.id === 'GetRegisteredCards' && faults.has('blind11-cards-customer-id-over-36-cut')) {
    // Guid.Parse over a fixed-width slice of the parameter.
    const id = str('customerId') ?? '';
    if (id.length > 36) out.customerId = id.slice(0, 36);
  }
  return out;
}

/** Value rewrites of the AddCustomerAttributes format faults, before the format of the name is checked. */
function attributeRewrite(faults: FaultSet, name: string, format: string | undefined, value: string): string {
  if (name === 'SSN' && faults.has('blind11-cattr-ssn-eight-digits-accepted') && /^[0-9]{8}$/.test(value)) return `0${value}`;
  if (format === 'amount' && faults.has('blind11-cattr-amount-decimal-comma') && /^[0-9]{1,5},[0-9]{2}$/.test(value)) return value.replace(',', '.');
  if (format === 'count' && faults.has('blind11-cattr-count-whitespace-accepted')) return value.trim();
  return value;
}

const attributeFaults = ['blind11-cattr-ssn-eight-digits-accepted', 'blind11-cattr-amount-decimal-comma', 'blind11-cattr-count-whitespace-accepted'];

/** Rule changes of the blind11 validation faults; each touches one field of one operation. */
export function blind11Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind11(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // An SSN validator that knows the issued areas only: 900-999 (ITINs) is "not an SSN".
  if (faults.has('blind11-enroll-itin-refused') && at('EnrollCustomer', 'ssn')) return { ...rule, pattern: /^(?!9)[0-9]{9}$/ };
  if (at('AddCustomerAttributes', 'customerAttributes') && rule.attributes && attributeFaults.some((f) => faults.has(f))) {
    const list = rule.attributes;
    const formatOf = new Map(list.allowed.map((a) => [a.name, a.valueFormat as string | undefined]));
    const before = list.rewriteBeforeFormat;
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: (name, v) => attributeRewrite(faults, name, formatOf.get(name), before ? before(name, v) : v) } };
  }
  return rule;
}

/** Key spellings and extra refusals of the blind11 faults, applied to a finished error list. */
export function blind11Errors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!anyBlind11(faults)) return errors;
  let out = errors;
  if (op.id === 'AddCustomerAttributes' && faults.has('blind11-cattr-keys-index-of-first-error')) {
    const first = out.map((e) => /\[([0-9]+)\]/.exec(e.key)?.[1]).find((i) => i !== undefined);
    if (first !== undefined) out = out.map((e) => ({ ...e, key: e.key.replace(/\[[0-9]+\]/, `[${first}]`) }));
  }
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('blind11-tcard-token-key-card-number')) {
    const tokenKey = fieldKey(op, op.fields.find((f) => f.name === 'cardToken')!);
    out = out.map((e) => (e.key === tokenKey ? { key: 'command.CardNumber', message: e.message.replace(/CardToken/g, 'CardNumber') } : e));
  }
  if (op.id === 'AuthenticateOBO' && faults.has('blind11-obo-customer-id-key-query-prefix'))
    out = out.map((e) => ({ ...e, key: e.key.replace(/^command\.CustomerId/i, 'query.customerId') }));
  if (op.id === 'GetTransactionHistory' && faults.has('blind11-history-page-size-ten-refused-with-account')) {
    const q = asObject(input) ?? {};
    const key = fieldKey(op, op.fields.find((f) => f.name === 'pageSize')!);
    const account = typeof q.accountId === 'string' && q.accountId !== '';
    if (account && String(q.pageSize) === '10' && !out.some((e) => e.key === key)) out = [...out, { key, message: 'pageSize must be less than 10.' }];
  }
  return out;
}
