import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind4 faults that live in request handling shared by every operation: rewrites of the
 * raw input before validation (lenient parsers, crashes of a deserializer or a store), rule
 * changes and key spellings. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind4/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind4 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind4-'));

/** Characters outside the Basic Multilingual Plane (emoji): a utf8mb3 column cannot hold them. */
const astral = /[\u{10000}-\u{10FFFF}]/u;

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind4Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind4(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer') {
    const dob = str('dateOfBirth');
    // DateTime.TryParse with the invariant culture: dots are date separators too.
    if (faults.has('blind4-find-dob-dot-separators') && dob !== undefined && /^([0-9]{4}\.[0-9]{2}\.[0-9]{2}|[0-9]{2}\.[0-9]{2}\.[0-9]{4})$/.test(dob))
      out.dateOfBirth = dob.replace(/\./g, '-');
    const ssn = str('ssn');
    // A model binder with a "trim all strings" filter, ahead of the length and format rules.
    if (faults.has('blind4-find-ssn-whitespace-trimmed') && ssn !== undefined && ssn.trim() !== ssn) out.ssn = ssn.trim();
  }
  if (op.id === 'EnrollCustomer') {
    const dob = str('dateOfBirth');
    // The date of birth bound to a DateTime and written back as its date part.
    if (faults.has('blind4-enroll-dob-date-time-cut') && dob !== undefined && /^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+(Z|[+-][0-9]{2}:?[0-9]{2})?$/.test(dob))
      out.dateOfBirth = dob.slice(0, 10);
    // gender.ToUpperInvariant() on a member the deserializer set to null.
    if (faults.has('blind4-enroll-gender-null-500') && 'gender' in src && src.gender === null)
      throw new TypeError("Cannot read properties of null (reading 'toUpperCase')");
    // countryOfOrigin has no maximum in the document; the column is nvarchar(255).
    if (faults.has('blind4-enroll-country-long-500') && (str('countryOfOrigin') ?? '').length > 255)
      throw new Error("String or binary data would be truncated in table 'Customer', column 'CountryOfOrigin'.");
  }
  if (op.id === 'GetRegisteredCards' && faults.has('blind4-cards-customer-id-braces')) {
    // Guid.TryParse takes the "B" and "P" forms too: {guid} and (guid).
    const m = /^[{(]([0-9A-Fa-f-]{36})[})]$/.exec(str('customerId') ?? '');
    if (m) out.customerId = m[1];
  }
  if (op.id === 'AddOrUpdateCard') {
    const number = str('cardNumber');
    // A .NET-style `$` matches before a final newline, and the value is trimmed when stored.
    if (faults.has('blind4-card-number-trailing-newline') && number !== undefined && /^[0-9]{15,19}\n$/.test(number)) out.cardNumber = number.slice(0, -1);
    if (faults.has('blind4-card-nickname-emoji-500') && ['cardNickname', 'nameOnCard'].some((f) => astral.test(str(f) ?? '')))
      throw new Error("Incorrect string value: '\\xF0\\x9F\\x92\\xB3' for column 'CardNickname' at row 1");
    // A lenient deserializer turns a JSON number into the string property.
    if (faults.has('blind4-card-zip-number-coerced') && typeof out.zip === 'number') out.zip = String(out.zip);
  }
  if (op.id === 'AddOrUpdateTokenizedCard') {
    const bin = str('cardBin');
    // Unicode normalisation (NFKC) of the card fields turns full-width digits into ASCII ones.
    if (faults.has('blind4-tcard-bin-full-width-digits') && bin !== undefined) out.cardBin = bin.normalize('NFKC');
    const exp = str('expirationMonthYear');
    // The expiration read as a number and written back with "D4": 427 → 0427.
    if (faults.has('blind4-tcard-expiration-three-digits-padded') && exp !== undefined && /^[1-9][0-9]{2}$/.test(exp)) out.expirationMonthYear = exp.padStart(4, '0');
    // FAIL_ON_UNKNOWN_PROPERTIES without an exception mapper: the deserializer's exception becomes a 500.
    if (faults.has('blind4-tcard-unknown-member-500')) {
      const unknown = Object.keys(src).find((k) => !op.fields.some((f) => f.name === k));
      if (unknown) throw new Error(`Unrecognized field "${unknown}" (class AddOrUpdateTokenizedCardCommand), not marked as ignorable`);
    }
  }
  if (op.id === 'AuthenticateOBO' && faults.has('blind4-obo-customer-id-whitespace-trimmed')) {
    // Guid.TryParse ignores leading and trailing white space.
    const id = str('customerId');
    if (id !== undefined && id.trim() !== id) out.customerId = id.trim();
  }
  if (op.id === 'GetTransactionHistory' && faults.has('blind4-history-page-size-decimal-truncated')) {
    // parseInt reads the leading digits: 5.7 → 5.
    const size = str('pageSize');
    if (size !== undefined && /^[0-9]+\.[0-9]+$/.test(size)) out.pageSize = String(parseInt(size, 10));
  }
  if (op.id === 'AddCustomerAttributes' && faults.has('blind4-cattr-over-sixteen-500')) {
    // The attributes are copied into a fixed array of one slot per allowed name.
    const list = out.customerAttributes;
    if (Array.isArray(list) && list.length > 16) throw new RangeError('Index was outside the bounds of the array.');
  }
  if (op.id === 'AddSessionAttributes' && faults.has('blind4-sattr-empty-list-500')) {
    // The first item is read to find the SsoToken before the list is checked.
    const list = out.sessionAttributes;
    if (Array.isArray(list) && list.length === 0) throw new TypeError("Cannot read properties of undefined (reading 'name')");
  }
  return out;
}

/** Value rewrites of the AddCustomerAttributes format faults, by attribute name and value format. */
function attributeRewrite(faults: FaultSet, name: string, format: string | undefined, value: string): string {
  // A second amount validator (decimal.TryParse) on the 90-day amounts: the cents are optional there.
  if (['AverageCheckCashedAmt', 'BalanceOnReturnedChecks'].includes(name) && faults.has('blind4-cattr-amount-cents-optional') && /^[0-9]{1,5}$/.test(value))
    return `${value}.00`;
  // int.Parse with NumberStyles.Integer: a leading plus sign is allowed.
  if (format === 'count' && faults.has('blind4-cattr-count-plus-sign') && /^\+[0-9]+$/.test(value)) return value.slice(1);
  // DateTime.TryParse: the ISO date form is taken as well as MM-DD-YYYY.
  if (format === 'mmddyyyy' && faults.has('blind4-cattr-date-iso-accepted')) {
    const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
    if (m) return `${m[2]}-${m[3]}-${m[1]}`;
  }
  if (name === 'SSN' && faults.has('blind4-cattr-ssn-whitespace-trimmed')) return value.trim();
  return value;
}

const attributeFaults = ['blind4-cattr-amount-cents-optional', 'blind4-cattr-count-plus-sign', 'blind4-cattr-date-iso-accepted', 'blind4-cattr-ssn-whitespace-trimmed'];

/** Rule changes of the blind4 validation faults; each touches one field of one operation. */
export function blind4Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind4(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // \d of a Unicode-aware regex engine: any decimal digit (Arabic-Indic, full-width) passes.
  if (faults.has('blind4-enroll-mobile-unicode-digits') && at('EnrollCustomer', 'mobileNumber')) return { ...rule, pattern: /^\p{Nd}{10}$/u };
  // A gender list extended with X (non-binary) and U (unknown) by a later product change.
  if (faults.has('blind4-enroll-gender-x-u') && at('EnrollCustomer', 'gender')) return { ...rule, pattern: /^[MFXU]$/ };
  // nameOnCard validated with the width of the address columns.
  if (faults.has('blind4-card-name-on-card-max-50') && at('AddOrUpdateCard', 'nameOnCard')) return { ...rule, maxLength: 50 };
  // The tokenized card's zip stored as a ZIP+4 column.
  if (faults.has('blind4-tcard-zip-plus-four-kept') && at('AddOrUpdateTokenizedCard', 'zip')) return { ...rule, maxLength: 10, pattern: /^[0-9]{5}(-?[0-9]{4})?$/ };
  if (at('AddCustomerAttributes', 'customerAttributes') && rule.attributes && attributeFaults.some((f) => faults.has(f))) {
    const list = rule.attributes;
    const formatOf = new Map(list.allowed.map((a) => [a.name, a.valueFormat as string | undefined]));
    const before = list.rewriteBeforeFormat;
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: (name, v) => attributeRewrite(faults, name, formatOf.get(name), before ? before(name, v) : v) } };
  }
  return rule;
}

/** Key spellings of the blind4 faults, applied to a finished error list. */
export function blind4Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  // DeleteCard's validator copied from GetRegisteredCards, prefix included.
  if (faults.has('blind4-delete-key-query-prefix') && op.id === 'DeleteCard')
    return errors.map((e) => ({ ...e, key: e.key.replace(/^command\./, 'query.') }));
  return errors;
}

/** The source address as the faulty allow list reads it: a forwarding header is trusted (D46). */
export function blind4SourceAddress(faults: FaultSet, headers: Record<string, string | string[] | undefined>, remote: string): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  if (faults.has('blind4-allow-list-x-forwarded-for')) {
    const xff = first(headers['x-forwarded-for'])?.split(',')[0]?.trim();
    if (xff) return xff;
  }
  if (faults.has('blind4-allow-list-forwarded-header')) {
    const m = /for=(?:"?\[?)([^\]";,]+)/i.exec(first(headers.forwarded) ?? '');
    if (m) return m[1]!.replace(/:[0-9]+$/, (p) => (m[1]!.includes('.') ? '' : p));
  }
  return remote;
}
