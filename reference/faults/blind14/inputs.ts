import type { Operation } from '../../../contract/index.js';
import type { FieldRule } from '../../validate/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind14 faults of request handling: rewrites of the raw input before validation (lenient
 * parsers, truncating columns, crashes) and rule changes. Each is guarded by its fault; with none
 * on, every function is the identity.
 * @see reference/faults/blind14/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind14 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind14-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

/** Guid.TryParse's "N" form: 32 hex digits, written back with dashes. */
const dashed = (v: string): string => (/^[0-9a-fA-F]{32}$/.test(v) ? `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}` : v);

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. May throw (500). */
export function blind14Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind14(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  // char(2) column: the state is cut to fit before the validator reads the entity back.
  if (on('blind14-enroll-state-over-two-cut', 'EnrollCustomer') && (str('state') ?? '').length > 2) out.state = str('state')!.slice(0, 2);
  // The enrolment DTO normalises the home phone as it does for display.
  const home = str('homeNumber');
  if (on('blind14-enroll-home-number-punctuation-stripped', 'EnrollCustomer') && home !== undefined && /[^0-9]/.test(home) && /^[0-9]{10}$/.test(home.replace(/[\s().-]/g, '')))
    out.homeNumber = home.replace(/[\s().-]/g, '');
  // nvarchar(100) columns with ANSI_WARNINGS off: the value is cut where the validator never looked.
  if (on('blind14-card-address-line2-over-100-cut', 'AddOrUpdateCard') && (str('addressLine2') ?? '').length > 100) out.addressLine2 = str('addressLine2')!.slice(0, 100);
  if (on('blind14-tcard-name-on-card-over-100-cut', 'AddOrUpdateTokenizedCard') && (str('nameOnCard') ?? '').length > 100) out.nameOnCard = str('nameOnCard')!.slice(0, 100);
  // Guid.TryParse takes the 32-digit form; the bound Guid is written back with dashes.
  if (on('blind14-tcard-customer-id-no-dashes-accepted', 'AddOrUpdateTokenizedCard') && str('customerId') !== undefined) out.customerId = dashed(str('customerId')!);
  // Each AccountIdFilter entry is Guid.TryParse'd and the parsed Guid compared.
  if (on('blind14-sattr-id-filter-no-dashes-accepted', 'AddSessionAttributes') && Array.isArray(src.sessionAttributes))
    out.sessionAttributes = src.sessionAttributes.map((item: unknown) => {
      const o = asObject(item);
      return o && o.name === 'AccountIdFilter' && typeof o.value === 'string' ? { ...o, value: o.value.split(',').map(dashed).join(',') } : item;
    });
  // !isNaN(parseFloat(value)) as the number check, and the parsed number stored.
  if (on('blind14-cattr-transactions-per-month-parse-float', 'AddCustomerAttributes') && Array.isArray(src.customerAttributes))
    out.customerAttributes = src.customerAttributes.map((item: unknown) => {
      const o = asObject(item);
      const n = o && o.name === 'TransactionsPerMonth' && typeof o.value === 'string' ? parseFloat(o.value) : NaN;
      return o && Number.isFinite(n) && n >= 0 ? { ...o, value: String(n) } : item;
    });
  // DateTime.ParseExact(request.DateOfBirth, ...) runs in the controller before the validator.
  if (on('blind14-find-dob-missing-500', 'FindCustomer') && (src.dateOfBirth === undefined || src.dateOfBirth === null))
    throw new Error("Value cannot be null. (Parameter 's')");
  return out;
}

/** Rule changes of the blind14 validation faults; each touches one field of one operation. */
export function blind14Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind14(faults)) return rule;
  const at = (fault: string, opId: string, field: string) => faults.has(fault) && op.id === opId && rule.field.name === field;
  if (at('blind14-enroll-first-name-max-64', 'EnrollCustomer', 'firstName')) return { ...rule, maxLength: 64 };
  // The phone regex was built from the length column: ^\d{1,10}$.
  if (at('blind14-enroll-mobile-short-accepted', 'EnrollCustomer', 'mobileNumber')) {
    const { minLength: _min, ...rest } = rule;
    return { ...rest, pattern: /^[0-9]{1,10}$/ };
  }
  if (at('blind14-enroll-address-line1-max-100', 'EnrollCustomer', 'addressLine1')) return { ...rule, maxLength: 100 };
  if (at('blind14-card-number-fourteen-accepted', 'AddOrUpdateCard', 'cardNumber')) return { ...rule, minLength: 14, pattern: /^[0-9]{14,19}$/ };
  if (at('blind14-card-address-line2-over-100-cut', 'AddOrUpdateCard', 'addressLine2')) return { ...rule, maxLength: 100 };
  if (at('blind14-tcard-nickname-max-25', 'AddOrUpdateTokenizedCard', 'cardNickname')) return { ...rule, maxLength: 25 };
  if (at('blind14-tcard-address-line2-optional', 'AddOrUpdateTokenizedCard', 'addressLine2')) return { ...rule, required: false };
  if (at('blind14-tcard-state-three-accepted', 'AddOrUpdateTokenizedCard', 'state')) return { ...rule, maxLength: 3, pattern: /^[A-Za-z]{2,3}$/ };
  if (at('blind14-cattr-monthly-load-one-decimal-accepted', 'AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const before = rule.attributes.rewriteBeforeFormat;
    const rewrite = (name: string, v: string) => (name === 'AverageMonthlyLoadAmount' && /^[0-9]{1,5}\.[0-9]$/.test(v) ? `${v}0` : v);
    return { ...rule, attributes: { ...rule.attributes, rewriteBeforeFormat: (name, v) => rewrite(name, before ? before(name, v) : v) } };
  }
  return rule;
}
