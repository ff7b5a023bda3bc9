import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind8 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (lenient parsers, column types, crashes), rule changes and key spellings.
 * Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind8/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind8 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind8-'));

/** What the input rewrites may ask of the store: the data of a card the customer holds, if any. */
export type StoredCardData = (customerId: string, kind: 'number' | 'token', identity: string) => Readonly<Record<string, string>> | undefined;

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind8Input(faults: FaultSet, op: Operation, input: unknown, stored: StoredCardData): unknown {
  const src = asObject(input);
  if (!src || !anyBlind8(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  if (op.id === 'FindCustomer') {
    const dob = str('dateOfBirth');
    // A "yyyy/dd/MM" format string for the slashed year-first form.
    const m = /^([0-9]{4})\/([0-9]{2})\/([0-9]{2})$/.exec(dob ?? '');
    if (faults.has('blind8-find-dob-year-first-slash-day-month-swapped') && m) out.dateOfBirth = `${m[1]}/${m[3]}/${m[2]}`;
    // The SSN's area (first three digits) is looked up in a table with no row for 000.
    if (faults.has('blind8-find-ssn-area-zero-500') && /^000[0-9]{6}$/.test(str('ssn') ?? ''))
      throw new TypeError("Cannot read properties of undefined (reading 'issuingState')");
  }
  // `middleInitial[0].toUpperCase()` on a value that is there but empty.
  if (op.id === 'EnrollCustomer' && faults.has('blind8-enroll-empty-middle-initial-500') && out.middleInitial === '')
    throw new TypeError("Cannot read properties of undefined (reading 'toUpperCase')");
  const customerId = str('customerId')?.toLowerCase() ?? '';
  if (op.id === 'AddOrUpdateCard' && faults.has('blind8-card-zip-unchecked-on-update')) {
    // The update command normalises the zip as a number of five digits (ZIP+4 cut, a short one zero-padded) instead of validating it.
    const zip = str('zip');
    if (zip !== undefined && /^[0-9]{1,9}$/.test(zip) && zip.length !== 5 && stored(customerId, 'number', str('cardNumber') ?? '')) out.zip = zip.padStart(5, '0').slice(0, 5);
  }
  if (op.id === 'AddOrUpdateTokenizedCard') {
    // The update path takes the BIN from the stored card: a token's BIN cannot change, so the sent one is not read.
    const card = faults.has('blind8-tcard-bin-unchecked-on-update') ? stored(customerId, 'token', str('cardToken') ?? '') : undefined;
    if (card?.cardBin !== undefined) out.cardBin = card.cardBin;
    // A second parse as YYMM when the first two digits cannot be a month.
    const exp = /^([0-9]{2})([0-9]{2})$/.exec(str('expirationMonthYear') ?? '');
    if (faults.has('blind8-tcard-expiration-yymm-accepted') && exp && Number(exp[1]) > 12 && Number(exp[2]) >= 1 && Number(exp[2]) <= 12)
      out.expirationMonthYear = `${exp[2]}${exp[1]}`;
  }
  // Guid.Parse accepts the "N" format, 32 digits without dashes.
  const n = /^([0-9a-fA-F]{8})([0-9a-fA-F]{4})([0-9a-fA-F]{4})([0-9a-fA-F]{4})([0-9a-fA-F]{12})$/.exec(str('customerId') ?? '');
  if (op.id === 'AuthenticateOBO' && faults.has('blind8-obo-customer-id-no-dashes') && n) out.customerId = n.slice(1).join('-');
  if (op.id === 'DeleteCard') {
    // `request.cardId.toLowerCase()` before the validator runs.
    if (faults.has('blind8-delete-card-id-missing-500') && out.cardId === undefined) throw new TypeError("Cannot read properties of undefined (reading 'toLowerCase')");
    // Guid.TryParse accepts the "B" format, {guid}.
    const b = /^\{([0-9a-fA-F-]{36})\}$/.exec(str('cardId') ?? '');
    if (faults.has('blind8-delete-card-id-braces-accepted') && b) out.cardId = b[1];
  }
  return out;
}

/** Rule changes of the blind8 validation faults; each touches one field of one operation. */
export function blind8Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind8(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // `value.Length <= 51`.
  if (faults.has('blind8-enroll-referrer-code-max-51') && at('EnrollCustomer', 'referrerCode')) return { ...rule, maxLength: 51 };
  // CardIssueDate checked by its own regex: two digits, a day, a year.
  if (faults.has('blind8-cattr-card-issue-date-month-unchecked') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const valueFormats = new Map(rule.attributes.valueFormats);
    valueFormats.set('CardIssueDate', { pattern: /^[0-9]{2}-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$/, description: 'MM-DD-YYYY' });
    return { ...rule, attributes: { ...rule.attributes, valueFormats } };
  }
  return rule;
}

const required = ['CustomerId', 'SSN'];

/** Key spellings and extra refusals of the blind8 faults, applied to a finished error list; `input` is the request as validated. */
export function blind8Errors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!anyBlind8(faults)) return errors;
  if (faults.has('blind8-card-customer-id-key-blames-card-number') && op.id === 'AddOrUpdateCard')
    return errors.map((e) => (/^command\.customerid$/i.test(e.key) ? { ...e, key: 'command.CardNumber' } : e));
  if (faults.has('blind8-cattr-value-error-keyed-on-name') && op.id === 'AddCustomerAttributes')
    return errors.map((e) => ({ ...e, key: e.key.replace(/(\[[0-9]+\])\.Value$/i, '$1.Name') }));
  if (faults.has('blind8-sattr-key-index-one-based') && op.id === 'AddSessionAttributes')
    return errors.map((e) => ({ ...e, key: e.key.replace(/\[([0-9]+)\]/, (_w, i: string) => `[${Number(i) + 1}]`) }));
  if (faults.has('blind8-cattr-required-at-fixed-positions') && op.id === 'AddCustomerAttributes' && errors.length === 0) {
    const list = asObject(input)?.customerAttributes;
    const nameAt = (i: number) => (Array.isArray(list) ? asObject(list[i])?.name : undefined);
    if (Array.isArray(list) && (nameAt(0) !== required[0] || nameAt(1) !== required[1]))
      return [{ key: 'command.CustomerAttributes', message: 'CustomerAttributes must contain the attributes CustomerId and SSN.' }];
  }
  return errors;
}
