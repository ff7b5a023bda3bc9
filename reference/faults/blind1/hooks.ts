import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind1 faults that live in request handling shared by every operation: rewrites of the
 * raw input before validation (normalisers, crashes of a parser or a store), rule changes and
 * key spellings. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind1/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

/** Free-text members of EnrollCustomer that a store limited to ASCII would choke on. */
const enrollTextFields = ['firstName', 'lastName', 'middleInitial', 'title', 'suffix', 'addressLine1', 'addressLine2', 'city', 'countryOfOrigin', 'referrerCode'];

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind1Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !faults.names.some((n) => n.startsWith('blind1-'))) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer' && faults.has('blind1-find-ssn-dashes-stripped')) {
    // A normaliser for SSNs "as people write them": 123-45-6789 → 123456789.
    const ssn = str('ssn');
    if (ssn !== undefined && /^[0-9]{3}-[0-9]{2}-[0-9]{4}$/.test(ssn)) out.ssn = ssn.replace(/-/g, '');
  }
  if (op.id === 'EnrollCustomer') {
    const mobile = str('mobileNumber');
    // A US number with its country code: the leading 1 is dropped instead of refusing 11 digits.
    if (faults.has('blind1-enroll-mobile-leading-one') && mobile !== undefined && /^1[0-9]{10}$/.test(mobile)) out.mobileNumber = mobile.slice(1);
    const referrer = str('referrerCode');
    // The column is 50 wide and the value is cut to fit.
    if (faults.has('blind1-enroll-referrer-code-truncated') && referrer !== undefined && referrer.length > 50) out.referrerCode = referrer.slice(0, 50);
    if (faults.has('blind1-enroll-non-ascii-500')) {
      const bad = enrollTextFields.find((f) => /[^\x00-\x7F]/.test(str(f) ?? ''));
      if (bad) throw new Error(`Incorrect string value for column '${bad}' (ASCII only)`);
    }
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('blind1-card-number-spaces-stripped')) {
    const number = str('cardNumber');
    if (number !== undefined && /^[0-9 ]+$/.test(number) && number.includes(' ')) out.cardNumber = number.replace(/ /g, '');
  }
  if (op.id === 'GetTransactionHistory' && faults.has('blind1-history-page-size-overflow-500')) {
    const size = str('pageSize');
    // Int32.Parse of the query value: out of range throws before the range rule is checked.
    if (size !== undefined && /^-?[0-9]+$/.test(size) && Math.abs(Number(size)) > 2_147_483_647)
      throw new RangeError('Value was either too large or too small for an Int32.');
  }
  if (op.id === 'AddCustomerAttributes' && faults.has('blind1-cattr-long-value-500')) {
    const list = out.customerAttributes;
    if (Array.isArray(list) && list.some((item) => {
      const o = asObject(item);
      const v = o?.value ?? o?.Value;
      return typeof v === 'string' && v.length > 200;
    })) throw new Error('String or binary data would be truncated in column Value.');
  }
  return out;
}

/** Rule changes of the blind1 validation faults; each touches one field of one operation. */
export function blind1Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  if (faults.has('blind1-enroll-middle-initial-two') && at('EnrollCustomer', 'middleInitial') && rule.maxLength !== undefined)
    return { ...rule, maxLength: rule.maxLength + 1 };
  if (faults.has('blind1-card-expiration-month-unchecked') && at('AddOrUpdateCard', 'expirationMonthYear'))
    return { ...rule, pattern: /^[0-9]{4}$/ };
  if (faults.has('blind1-tcard-bin-nine-digits') && at('AddOrUpdateTokenizedCard', 'cardBin'))
    return { ...rule, pattern: /^[0-9]{6,9}$/ };
  if (faults.has('blind1-delete-card-id-unvalidated') && at('DeleteCard', 'cardId')) {
    const { pattern: _pattern, ...lengthOnly } = rule;
    return lengthOnly;
  }
  if (faults.has('blind1-sattr-value-length-unchecked') && at('AddSessionAttributes', 'sessionAttributes') && rule.attributes)
    return { ...rule, attributes: { ...rule.attributes, valueLength: { ...rule.attributes.valueLength, max: Number.MAX_SAFE_INTEGER } } };
  if (faults.has('blind1-cattr-formats-first-item-only') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes)
    return { ...rule, attributes: { ...rule.attributes, formatCheckedAt: (index) => index === 0 } };
  return rule;
}

/** Key spellings of the blind1 faults, applied to a finished error list. */
export function blind1Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  if (faults.has('blind1-cattr-key-dotted-index') && op.id === 'AddCustomerAttributes')
    return errors.map((e) => ({ ...e, key: e.key.replace(/\[([0-9]+)\]/g, '.$1') }));
  return errors;
}
