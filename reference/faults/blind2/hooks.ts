import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind2 faults that live in request handling shared by every operation: rewrites of the
 * raw input before validation (normalisers, crashes), rule changes, key spellings and the
 * allow-list matcher. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind2/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind2 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind2-'));

/** Free-text members of EnrollCustomer that go into the concatenated insert statement. */
const enrollTextFields = ['firstName', 'lastName', 'middleInitial', 'title', 'suffix', 'addressLine1', 'addressLine2', 'city'];

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind2Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind2(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer' && faults.has('blind2-find-ssn-zero-padded')) {
    // int.Parse(ssn).ToString("D9"): the leading zeros a number cannot keep are put back.
    const ssn = str('ssn');
    if (ssn !== undefined && /^[0-9]{7,8}$/.test(ssn)) out.ssn = ssn.padStart(9, '0');
  }
  if (op.id === 'EnrollCustomer') {
    const zip = str('zip');
    if (faults.has('blind2-enroll-zip-plus-four-truncated') && zip !== undefined && /^[0-9]{5}-?[0-9]{4}$/.test(zip)) out.zip = zip.slice(0, 5);
    const gender = str('gender');
    if (faults.has('blind2-enroll-gender-word-accepted') && gender !== undefined && /^[MFmf].+$/.test(gender)) out.gender = gender.charAt(0).toUpperCase();
    if (faults.has('blind2-enroll-allow-texts-defaulted') && out.allowTexts === undefined) out.allowTexts = false;
    if (faults.has('blind2-enroll-apostrophe-500')) {
      const bad = enrollTextFields.find((f) => (str(f) ?? '').includes("'"));
      if (bad) throw new Error(`Incorrect syntax near '${(str(bad) ?? '').split("'")[1] ?? ''}'. Unclosed quotation mark after the character string.`);
    }
  }
  if (op.id === 'GetRegisteredCards' && faults.has('blind2-cards-customer-id-no-dashes')) {
    const id = str('customerId');
    if (id !== undefined && /^[0-9A-Fa-f]{32}$/.test(id)) out.customerId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('blind2-card-expiration-four-digit-year-cut')) {
    const exp = str('expirationMonthYear');
    if (exp !== undefined && /^(0[1-9]|1[0-2])[0-9]{4}$/.test(exp)) out.expirationMonthYear = exp.slice(0, 2) + exp.slice(4);
  }
  if (op.id === 'AddOrUpdateTokenizedCard') {
    const lastFour = str('lastFourOfCard');
    if (faults.has('blind2-tcard-last-four-tail-kept') && lastFour !== undefined && lastFour.length > 4) out.lastFourOfCard = lastFour.slice(-4);
    // The masking helper calls lastFourOfCard.padStart(...) on a member that may be absent.
    if (faults.has('blind2-tcard-no-last-four-500') && !str('lastFourOfCard')) throw new TypeError("Cannot read properties of undefined (reading 'padStart')");
  }
  if (op.id === 'GetTransactionHistory' && faults.has('blind2-history-page-size-negative-default')) {
    // `pageSize <= 0 ? default : pageSize`, ahead of the range rule.
    const size = out.pageSize;
    if ((typeof size === 'string' && /^-[0-9]+$/.test(size)) || (typeof size === 'number' && size < 0)) delete out.pageSize;
  }
  return out;
}

/** Value rewrites of the AddCustomerAttributes format faults, by the value format of the name. */
function attributeRewrite(faults: FaultSet, format: string | undefined, value: string): string {
  if (format === 'amount' && faults.has('blind2-cattr-amount-thousands-separator') && /^\$?[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}$/.test(value))
    return value.replace(/[$,]/g, '');
  if (format === 'mmddyyyy' && faults.has('blind2-cattr-date-day-first')) {
    const m = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/.exec(value);
    if (m) return `${m[2]}-${m[1]}-${m[3]}`;
  }
  if (format === 'count' && faults.has('blind2-cattr-count-negative') && /^-[0-9]+$/.test(value)) return value.slice(1);
  return value;
}

/** Rule changes of the blind2 validation faults; each touches one field of one operation. */
export function blind2Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind2(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  if (faults.has('blind2-enroll-last-name-max-51') && at('EnrollCustomer', 'lastName') && rule.maxLength !== undefined)
    return { ...rule, maxLength: rule.maxLength + 1 };
  if (faults.has('blind2-enroll-home-number-format-unchecked') && at('EnrollCustomer', 'homeNumber')) {
    const { pattern: _pattern, ...rest } = rule;
    return rest;
  }
  if (faults.has('blind2-card-nickname-max-21') && at('AddOrUpdateCard', 'cardNickname') && rule.maxLength !== undefined)
    return { ...rule, maxLength: rule.maxLength + 1 };
  if (faults.has('blind2-card-address-line2-optional') && at('AddOrUpdateCard', 'addressLine2')) return { ...rule, required: false };
  if (faults.has('blind2-tcard-token-max-1000') && at('AddOrUpdateTokenizedCard', 'cardToken')) return { ...rule, maxLength: 1000 };
  if (faults.has('blind2-history-page-size-eleven') && at('GetTransactionHistory', 'pageSize') && rule.range)
    return { ...rule, range: { min: rule.range.min, max: rule.range.max + 1 } };
  if (at('AddCustomerAttributes', 'customerAttributes') && rule.attributes
    && ['blind2-cattr-amount-thousands-separator', 'blind2-cattr-date-day-first', 'blind2-cattr-count-negative'].some((f) => faults.has(f))) {
    const list = rule.attributes;
    const formatOf = new Map(list.allowed.map((a) => [a.name, a.valueFormat as string | undefined]));
    const before = list.rewriteBeforeFormat;
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: (name, v) => attributeRewrite(faults, formatOf.get(name), before ? before(name, v) : v) } };
  }
  return rule;
}

/** Key spellings of the blind2 faults, applied to a finished error list. */
export function blind2Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  if (faults.has('blind2-history-key-command-prefix') && op.id === 'GetTransactionHistory')
    return errors.map((e) => ({ ...e, key: e.key.replace(/^query\./, 'command.') }));
  if (faults.has('blind2-cattr-index-one-based') && op.id === 'AddCustomerAttributes')
    return errors.map((e) => ({ ...e, key: e.key.replace(/\[([0-9]+)\]/g, (_m, i: string) => `[${Number(i) + 1}]`) }));
  return errors;
}

/** blind2-allow-list-loopback-exempt: loopback sources pass, as a local health check would. */
export function blind2AllowList(faults: FaultSet, allowed: (address: string | undefined) => boolean): (address: string | undefined) => boolean {
  if (!faults.has('blind2-allow-list-loopback-exempt')) return allowed;
  return (address) => allowed(address) || /^(::ffff:)?127\./i.test(address ?? '') || address === '::1';
}
