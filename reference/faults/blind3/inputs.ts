import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind3 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (lenient parsers), crashes on input shapes, one rule change and one key
 * spelling. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind3/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind3 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind3-'));

/** Zeros of the decimal digit blocks a Unicode-aware parser reads: ASCII, Arabic-Indic, extended Arabic-Indic, Devanagari, full-width. */
const digitZeros = [0x30, 0x660, 0x6f0, 0x966, 0xff10];
const asciiDigits = (v: string): string => [...v].map((ch) => {
  const cp = ch.codePointAt(0)!;
  const zero = digitZeros.find((z) => cp >= z && cp <= z + 9);
  return zero === undefined ? ch : String(cp - zero);
}).join('');

/** A crash as the faulty service's runtime reports it; the core answers it with 500. */
const crash = (message: string): never => {
  throw new TypeError(message);
};

/** An attribute list as sent, or undefined when the member is not an array. */
const listOf = (src: Json, member: string): unknown[] | undefined => (Array.isArray(src[member]) ? (src[member] as unknown[]) : undefined);
const itemName = (item: unknown): unknown => asObject(item)?.name ?? asObject(item)?.Name;
const itemValue = (item: unknown): unknown => asObject(item)?.value ?? asObject(item)?.Value;

/** The customer attribute rewrites: each reads one attribute's value more leniently than its format. */
function customerAttribute(faults: FaultSet, name: unknown, value: string): string {
  if (name === 'LastDebitPurchaseDate' && faults.has('blind3-cattr-purchase-date-with-time')) {
    const m = /^([0-9]{2}-[0-9]{2}-[0-9]{4})[T ][0-9]{2}:[0-9]{2}/.exec(value);
    if (m) return m[1]!;
  }
  if (name === 'AverageCheckCashedAmt' && faults.has('blind3-cattr-check-amount-loose') && /^[0-9]{1,5}(\.[0-9]*)?$/.test(value)) return Number(value).toFixed(2);
  if (name === 'NumberOfChecksReturned' && faults.has('blind3-cattr-returned-count-decimal') && /^[0-9]+\.0*$/.test(value)) return value.replace(/\.0*$/, '');
  if (name === 'SSN' && faults.has('blind3-cattr-ssn-attribute-trimmed')) return value.trim();
  if (name === 'DebitActive' && faults.has('blind3-cattr-debit-active-y-n')) return ({ Y: 'True', N: 'False' } as Record<string, string>)[value] ?? value;
  return value;
}

/** The crashes of input shapes the faulty service does not expect. */
function crashes(faults: FaultSet, op: Operation, input: unknown): void {
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('blind3-tcard-body-not-object-500') && !asObject(input))
    crash("Cannot destructure property 'customerId' of 'request.body' as it is not an object.");
  const src = asObject(input);
  if (!src) return;
  if (op.id === 'AddCustomerAttributes') {
    const list = listOf(src, 'customerAttributes');
    if (list && faults.has('blind3-cattr-item-not-object-500') && list.some((i) => !asObject(i))) crash("Cannot read properties of null (reading 'Name')");
    if (list && faults.has('blind3-cattr-duplicate-name-500') && new Set(list.map(itemName)).size < list.length) crash('An item with the same key has already been added.');
    if (list && faults.has('blind3-cattr-empty-list-500') && list.length === 0) crash('Sequence contains no elements');
  }
  if (op.id === 'AddSessionAttributes') {
    const list = listOf(src, 'sessionAttributes');
    if (list && faults.has('blind3-sattr-value-not-string-500') && list.some((i) => itemValue(i) !== undefined && itemValue(i) !== null && typeof itemValue(i) !== 'string'))
      crash('value.trim is not a function');
    if (list && faults.has('blind3-sattr-over-four-500') && list.length > 4) crash('Index was outside the bounds of the array.');
  }
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('blind3-tcard-emoji-500') && Object.values(src).some((v) => typeof v === 'string' && /[\u{10000}-\u{10FFFF}]/u.test(v)))
    crash("Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'nickname' at row 1");
  if (op.id === 'AddOrUpdateCard' && faults.has('blind3-card-address-over-50-500')
    && ['addressLine1', 'addressLine2'].some((k) => typeof src[k] === 'string' && (src[k] as string).length > 50 && (src[k] as string).length <= 100))
    crash('String or binary data would be truncated in table \'Cards\', column \'AddressLine\'.');
  if ((op.id === 'DeleteCard' || op.id === 'AuthenticateOBO') && faults.has('blind3-unknown-member-500')) {
    const unknown = Object.keys(src).find((k) => !op.fields.some((f) => f.name === k));
    if (unknown) crash(`Could not find member '${unknown}' on object of type '${op.id}Command'.`);
  }
  if (op.id === 'EnrollCustomer' && faults.has('blind3-enroll-null-optional-500') && (src.gender === null || src.homeNumber === null))
    crash("Cannot read properties of null (reading 'toUpperCase')");
  if (op.id === 'GetRegisteredCards' && faults.has('blind3-cards-customer-id-repeated-500') && Array.isArray(src.customerId))
    crash('customerId.toLowerCase is not a function');
}

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults).
 */
export function blind3Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  if (!anyBlind3(faults)) return input;
  crashes(faults, op, input);
  const src = asObject(input);
  if (!src) return input;
  const out: Json = { ...src };
  const rewrite = (opId: string, fault: string, member: string, f: (v: string) => string) => {
    if (op.id === opId && faults.has(fault) && typeof out[member] === 'string') out[member] = f(out[member] as string);
  };
  rewrite('EnrollCustomer', 'blind3-enroll-mobile-trimmed', 'mobileNumber', (v) => v.trim());
  rewrite('EnrollCustomer', 'blind3-enroll-ssn-trailing-newline', 'ssn', (v) => v.replace(/\n$/, ''));
  rewrite('AddOrUpdateTokenizedCard', 'blind3-tcard-bin-fullwidth-digits', 'cardBin', (v) => v.normalize('NFKC'));
  rewrite('AddOrUpdateCard', 'blind3-card-number-unicode-digits', 'cardNumber', asciiDigits);
  rewrite('FindCustomer', 'blind3-find-dob-date-time', 'dateOfBirth', (v) => (/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9]{2}:?[0-9]{2})?$/.test(v) ? v.slice(0, 10) : v));
  rewrite('GetTransactionHistory', 'blind3-history-account-id-braces', 'accountId', (v) => v.replace(/^\{(.{36})\}$|^\((.{36})\)$/, '$1$2'));
  rewrite('DeleteCard', 'blind3-delete-card-id-trimmed', 'cardId', (v) => v.trim());
  rewrite('AddOrUpdateTokenizedCard', 'blind3-tcard-expiration-slashed', 'expirationMonthYear', (v) => v.replace(/^([0-9]{2})\/([0-9]{2})$/, '$1$2'));
  rewrite('GetTransactionHistory', 'blind3-history-page-size-parse-int', 'pageSize', (v) => (Number.isNaN(parseInt(v, 10)) ? v : String(parseInt(v, 10))));
  if (op.id === 'EnrollCustomer' && faults.has('blind3-enroll-allow-texts-number') && (out.allowTexts === 1 || out.allowTexts === 0)) out.allowTexts = out.allowTexts === 1;
  const list = op.id === 'AddCustomerAttributes' ? listOf(out, 'customerAttributes') : undefined;
  if (list) {
    out.customerAttributes = list.map((item) => {
      const obj = asObject(item);
      const valueKey = obj && typeof obj.value === 'string' ? 'value' : obj && typeof obj.Value === 'string' ? 'Value' : undefined;
      return obj && valueKey ? { ...obj, [valueKey]: customerAttribute(faults, itemName(obj), obj[valueKey] as string) } : item;
    });
  }
  return out;
}

/** Rule change of blind3-enroll-gender-unknown-u: the gender pattern takes U besides M and F. */
export function blind3Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (faults.has('blind3-enroll-gender-unknown-u') && op.id === 'EnrollCustomer' && rule.field.name === 'gender' && rule.pattern)
    return { ...rule, pattern: new RegExp(rule.pattern.source.replace('[MF]', '[MFU]')) };
  return rule;
}

/** Key spelling of blind3-sattr-key-no-index, applied to a finished error list. */
export function blind3Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  if (faults.has('blind3-sattr-key-no-index') && op.id === 'AddSessionAttributes')
    return errors.map((e) => ({ ...e, key: e.key.replace(/\[[0-9]+\]/g, '') }));
  return errors;
}

/** blind3-card-validation-echoes-number: the detail of AddOrUpdateCard's validation problems names the card by its number. */
export function blind3ValidationDetail(faults: FaultSet, op: Operation, input: unknown): string | undefined {
  const number = asObject(input)?.cardNumber;
  if (!faults.has('blind3-card-validation-echoes-number') || op.id !== 'AddOrUpdateCard' || typeof number !== 'string' || number === '') return undefined;
  return `One or more validation errors occurred for card ${number}. (VAL-001)`;
}
