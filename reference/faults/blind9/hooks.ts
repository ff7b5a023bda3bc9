import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind9 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (lenient parsers, column widths, crashes), rule changes and key spellings.
 * Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind9/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

export const anyBlind9 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind9-'));

/** What the input rewrites may ask of the store: whether the customer holds this card number. */
export type HasCard = (customerId: string, cardNumber: string) => boolean;

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind9Input(faults: FaultSet, op: Operation, input: unknown, hasCard: HasCard): unknown {
  const src = asObject(input);
  if (!src || !anyBlind9(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer') {
    const dob = str('dateOfBirth') ?? '';
    // DateTime.ParseExact with "yyyy-M-dd": a one-digit month is read and written back padded.
    const m = /^([0-9]{4})-([1-9])-([0-9]{2})$/.exec(dob);
    if (faults.has('blind9-find-dob-single-digit-month-accepted') && m) out.dateOfBirth = `${m[1]}-0${m[2]}-${m[3]}`;
    // The age calculation adds years to the birth date with a constructor that has no 29 February.
    if (faults.has('blind9-find-dob-leap-day-500') && /^[0-9]{4}[-/]02[-/]29$/.test(dob))
      throw new RangeError('Year, Month, and Day parameters describe an un-representable DateTime.');
  }
  // The ReferrerCode column is varchar(49): the longest documented value fails the insert.
  if (op.id === 'EnrollCustomer' && faults.has('blind9-enroll-referrer-code-fifty-500') && (str('referrerCode') ?? '').length === 50)
    throw new Error("String or binary data would be truncated in table 'Enrollment', column 'ReferrerCode'.");
  if (op.id === 'AddOrUpdateCard' && faults.has('blind9-card-number-dashes-accepted-on-update')) {
    // The update path looks the card up by its digits, so a formatted number of a card on file is taken.
    const number = str('cardNumber') ?? '';
    const digits = number.replace(/[- ]/g, '');
    if (digits !== number && /^[0-9]{15,19}$/.test(digits) && hasCard((str('customerId') ?? '').toLowerCase(), digits)) out.cardNumber = digits;
  }
  if (op.id === 'GetTransactionHistory' && faults.has('blind9-history-account-id-no-dashes')) {
    // Guid.Parse accepts the "N" format for the account filter.
    const n = /^([0-9a-fA-F]{8})([0-9a-fA-F]{4})([0-9a-fA-F]{4})([0-9a-fA-F]{4})([0-9a-fA-F]{12})$/.exec(str('accountId') ?? '');
    if (n) out.accountId = n.slice(1).join('-');
  }
  // The customerId column is char(36): a longer value is cut by the binder before the validator sees it.
  if (op.id === 'DeleteCard' && faults.has('blind9-delete-customer-id-37-cut') && (str('customerId') ?? '').length > 36) out.customerId = str('customerId')!.slice(0, 36);
  if (op.id === 'AddCustomerAttributes' && faults.has('blind9-cattr-empty-optional-value-skipped') && Array.isArray(out.customerAttributes)) {
    // Optional attributes with an empty value are dropped as "not provided" before validation.
    out.customerAttributes = out.customerAttributes.filter((item) => {
      const o = asObject(item);
      return !o || o.value !== '' || o.name === 'CustomerId' || o.name === 'SSN';
    });
  }
  if (op.id === 'AddSessionAttributes' && faults.has('blind9-sattr-preferred-email-non-ascii-500') && Array.isArray(out.sessionAttributes)) {
    // The e-mail is handed to an IDN library that throws on a non-ASCII local part.
    const email = out.sessionAttributes.map(asObject).find((o) => o?.name === 'PreferredEmail')?.value;
    if (typeof email === 'string' && /[^\x20-\x7e]/.test(email)) throw new TypeError('Invalid character in e-mail local part (punycode).');
  }
  return out;
}

/** Rule changes of the blind9 validation faults; each touches one field of one operation. */
export function blind9Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind9(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // The state checked as one or two letters, as the length column reads, not as a state code.
  if (faults.has('blind9-enroll-state-one-letter-accepted') && at('EnrollCustomer', 'state')) return { ...rule, pattern: /^[A-Za-z]{1,2}$/ };
  // `value.Length < 100`.
  if (faults.has('blind9-enroll-email-max-100-refused') && at('EnrollCustomer', 'emailAddress')) return { ...rule, maxLength: 99 };
  // `[MaxLength(19)]` on the tokenized card's nickname.
  if (faults.has('blind9-tcard-nickname-twenty-refused') && at('AddOrUpdateTokenizedCard', 'cardNickname')) return { ...rule, maxLength: 19 };
  // The tokenized card's address lines validated with the description's 100 (D12 is about AddOrUpdateCard only).
  if (faults.has('blind9-tcard-address-line1-max-100') && at('AddOrUpdateTokenizedCard', 'addressLine1')) return { ...rule, maxLength: 100 };
  // AverageMonthlyLoadAmount validated with a DDDDDD.CC pattern copied from another amount.
  if (faults.has('blind9-cattr-monthly-load-six-digits') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const valueFormats = new Map(rule.attributes.valueFormats);
    valueFormats.set('AverageMonthlyLoadAmount', { pattern: /^[0-9]{1,6}\.[0-9]{2}$/, description: 'DDDDD.CC' });
    return { ...rule, attributes: { ...rule.attributes, valueFormats } };
  }
  return rule;
}

/** Key spellings of the blind9 faults, applied to a finished error list. */
export function blind9Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  // The history query binder names the optional filters by their bare parameter names.
  if (faults.has('blind9-history-account-id-key-no-prefix') && op.id === 'GetTransactionHistory')
    return errors.map((e) => (/^query\.accountid$/i.test(e.key) ? { ...e, key: e.key.slice('query.'.length) } : e));
  return errors;
}

/** Cards whose data an update changed (blind9-history-account-filter-lost-after-card-update, blind9-delete-updated-card-not-found). */
export const updatedCards = new WeakSet<object>();
