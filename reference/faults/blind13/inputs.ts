import type { Operation } from '../../../contract/index.js';
import type { ReferenceState, PartnerSession } from '../../state/index.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind13 faults of request handling: rewrites of the raw input before validation (lenient
 * parsers, truncating columns, partial updates, crashes), rule changes and key spellings. Each is
 * guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind13/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind13 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind13-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

export interface Blind13Scope {
  readonly faults: FaultSet;
  readonly state: ReferenceState;
  readonly session: PartnerSession;
}

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. May throw (500). */
export function blind13Input(scope: Blind13Scope, op: Operation, input: unknown): unknown {
  const { faults, state } = scope;
  const src = asObject(input);
  if (!src || !anyBlind13(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  // int.Parse(ssn).ToString("D9"): a sign or a space in a 9-character SSN is read away.
  const ssn = str('ssn');
  if (on('blind13-find-ssn-read-as-integer', 'FindCustomer') && ssn !== undefined && /^[+ ][0-9]{8}$|^[0-9]{8} $/.test(ssn)) out.ssn = `0${ssn.trim().replace('+', '')}`;
  // The enrolment DTO normalises the SSN and the phone before its validator runs.
  if (on('blind13-enroll-ssn-dashes-normalised', 'EnrollCustomer') && ssn !== undefined && /^[0-9]{3}-[0-9]{2}-[0-9]{4}$/.test(ssn)) out.ssn = ssn.replace(/-/g, '');
  const mobile = str('mobileNumber');
  if (on('blind13-enroll-mobile-punctuation-stripped', 'EnrollCustomer') && mobile !== undefined && /[^0-9]/.test(mobile) && /^[0-9]{10}$/.test(mobile.replace(/[\s().-]/g, '')))
    out.mobileNumber = mobile.replace(/[\s().-]/g, '');
  // nvarchar(50) with ANSI_WARNINGS off: the column cuts what the validator never saw.
  if (on('blind13-enroll-last-name-over-50-cut', 'EnrollCustomer') && (str('lastName') ?? '').length > 50) out.lastName = str('lastName')!.slice(0, 50);
  // The zip-to-state lookup parses the zip as an int before the validator runs.
  const zip = str('zip');
  if (on('blind13-enroll-zip-letters-500', 'EnrollCustomer') && zip !== undefined && zip !== '' && /[^0-9]/.test(zip))
    throw new Error(`Input string was not in a correct format (zip ${JSON.stringify(zip)})`);
  if (on('blind13-card-name-on-card-over-100-cut', 'AddOrUpdateCard') && (str('nameOnCard') ?? '').length > 100) out.nameOnCard = str('nameOnCard')!.slice(0, 100);
  // The update path merges the stored card under the request: a missing address line is "unchanged".
  const customerId = str('customerId') ?? '';
  if (on('blind13-card-address-line1-kept-on-update', 'AddOrUpdateCard') && !str('addressLine1')) {
    const stored = state.cards.find(customerId, 'number', str('cardNumber') ?? '');
    if (stored?.data.addressLine1) out.addressLine1 = stored.data.addressLine1;
  }
  if (on('blind13-tcard-city-unchecked-on-update', 'AddOrUpdateTokenizedCard') && (str('city') ?? '').length > 50 && state.cards.find(customerId, 'token', str('cardToken') ?? ''))
    out.city = str('city')!.slice(0, 50);
  // customerId.Trim() on whatever the deserializer produced.
  if (on('blind13-obo-customer-id-number-500', 'AuthenticateOBO') && src.customerId !== undefined && src.customerId !== null && typeof src.customerId !== 'string')
    throw new TypeError('customerId.trim is not a function');
  if (on('blind13-history-empty-account-id-500', 'GetTransactionHistory') && src.accountId === '')
    throw new Error("Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx). (Parameter 'accountId')");
  // An empty value of an optional session attribute is taken for "clear it" and dropped.
  if (on('blind13-sattr-empty-value-clears-attribute', 'AddSessionAttributes') && Array.isArray(src.sessionAttributes))
    out.sessionAttributes = src.sessionAttributes.filter((item: unknown) => {
      const o = asObject(item);
      const name = o?.name ?? o?.Name;
      return !(o && name !== 'SsoToken' && typeof name === 'string' && (o.value ?? o.Value) === '');
    });
  return out;
}

/** Rule changes of the blind13 validation faults; each touches one field of one operation. */
export function blind13Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind13(faults)) return rule;
  const at = (fault: string, opId: string, field: string) => faults.has(fault) && op.id === opId && rule.field.name === field;
  if (at('blind13-enroll-city-max-60', 'EnrollCustomer', 'city')) return { ...rule, maxLength: 60 };
  if (at('blind13-tcard-zip-four-digits-accepted', 'AddOrUpdateTokenizedCard', 'zip')) return { ...rule, minLength: 4, pattern: /^[0-9]{4,5}$/ };
  if (at('blind13-tcard-bin-trailing-letters-accepted', 'AddOrUpdateTokenizedCard', 'cardBin')) return { ...rule, pattern: /^[0-9]{6,8}(?![0-9])/ };
  if (at('blind13-history-reference-format-unchecked', 'GetTransactionHistory', 'pagingTransactionReferenceNumber')) {
    const { pattern: _pattern, ...rest } = rule;
    return rest;
  }
  if (at('blind13-cattr-balance-leading-dot-accepted', 'AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const before = rule.attributes.rewriteBeforeFormat;
    const rewrite = (name: string, v: string) => (name === 'CurrentBalance' && /^\.[0-9]{2}$/.test(v) ? `0${v}` : v);
    return { ...rule, attributes: { ...rule.attributes, rewriteBeforeFormat: (name, v) => rewrite(name, before ? before(name, v) : v) } };
  }
  return rule;
}

/** Key spellings of the blind13 faults, applied to a finished error list. */
export function blind13Errors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!faults.has('blind13-validation-key-json-path-on-type-error') || op.method !== 'POST') return errors;
  const src = asObject(input) ?? {};
  // System.Text.Json fails on the member before model validation: its path names the JSON member.
  return errors.map((e) => {
    const field = op.fields.find((f) => e.key.toLowerCase() === `command.${f.name}`.toLowerCase());
    const v = field ? src[field.name] : undefined;
    const wrongType = field !== undefined && v !== undefined && v !== null && (field.type === 'boolean' ? typeof v !== 'boolean' && typeof v !== 'string' : field.type !== 'int' && typeof v !== 'string' && !Array.isArray(v));
    return wrongType ? { ...e, key: `$.${field.name}` } : e;
  });
}
