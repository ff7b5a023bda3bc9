import { stateCodesOfEveryReading, type Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind6 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (a value bound to the wrong type, a crash of a parser), rule changes
 * and error keys. Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind6/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind6 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind6-'));

/** Attribute items of an attribute-list body, as sent (name/value or Name/Value). */
function items(list: unknown): Array<{ name: unknown; value: unknown }> {
  if (!Array.isArray(list)) return [];
  return list.map((i) => asObject(i) ?? {}).map((o) => ({ name: o.name ?? o.Name, value: o.value ?? o.Value }));
}

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500.
 */
export function blind6Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind6(faults)) return input;
  const out: Json = { ...src };
  if (op.id === 'EnrollCustomer') {
    const dob = typeof out.dateOfBirth === 'string' ? out.dateOfBirth : '';
    // new DateTime(today.Year, dob.Month, dob.Day) for the age check: 29 February of a non-leap year throws.
    if (faults.has('blind6-enroll-leap-day-500') && /^([0-9]{4}[-/]02[-/]29|02[-/]29[-/][0-9]{4})$/.test(dob))
      throw new RangeError('Year, Month, and Day parameters describe an un-representable DateTime.');
    // `if (!command.allowTexts) errors.Add("required")`: false is falsy.
    if (faults.has('blind6-enroll-allow-texts-false-required') && out.allowTexts === false) delete out.allowTexts;
    // The zip bound to an int and validated from its text: the leading zero is gone.
    if (faults.has('blind6-enroll-zip-leading-zero-refused') && typeof out.zip === 'string' && /^0[0-9]{4}$/.test(out.zip)) out.zip = String(Number(out.zip));
  }
  // Guid.Parse(command.customerId) before the validator runs.
  if (op.id === 'AuthenticateOBO' && faults.has('blind6-obo-customer-id-missing-500') && (out.customerId === undefined || out.customerId === null))
    throw new TypeError("Value cannot be null. (Parameter 'input')");
  if (op.id === 'AddCustomerAttributes' && faults.has('blind6-cattr-large-count-500')) {
    // int.Parse on a count that fits no Int32.
    const big = items(out.customerAttributes).some((a) => a.name === 'TotalNumberOfCustomers' && typeof a.value === 'string' && /^[0-9]+$/.test(a.value) && Number(a.value) > 2147483647);
    if (big) throw new RangeError('Value was either too large or too small for an Int32.');
  }
  return out;
}

/** A rewrite that makes the format check fail for values `refused` matches. */
const refuseWhen = (refused: RegExp, before?: (v: string) => string) => (v: string) => (refused.test(v) ? '\u0000' : before ? before(v) : v);

/** Rule changes of the blind6 validation faults; each touches one field of one operation. */
export function blind6Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind6(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // The date parser of FindCustomer lists "yyyy-MM-dd" and the month-first forms, not "yyyy/MM/dd".
  if (faults.has('blind6-find-dob-year-first-slash-refused') && at('FindCustomer', 'dateOfBirth'))
    return { ...rule, rewriteBeforeFormat: refuseWhen(/^[0-9]{4}\//, rule.rewriteBeforeFormat) };
  if (faults.has('blind6-enroll-suffix-length-unchecked') && at('EnrollCustomer', 'suffix')) {
    const { maxLength: _max, ...rest } = rule;
    return rest;
  }
  // The card number column is 18 characters wide.
  if (faults.has('blind6-card-number-nineteen-refused') && at('AddOrUpdateCard', 'cardNumber')) return { ...rule, maxLength: 18 };
  // state char(3): three characters pass the length rule, and the code lookup trims to the first two.
  if (faults.has('blind6-card-state-three-accepted') && at('AddOrUpdateCard', 'state'))
    return { ...rule, maxLength: 3, rewriteBeforeFormat: (v) => (v.length === 3 ? stateCodesOfEveryReading[0]! : v) };
  if (faults.has('blind6-tcard-last-four-five-accepted') && at('AddOrUpdateTokenizedCard', 'lastFourOfCard')) return { ...rule, maxLength: 5 };
  // ^[0-9]{6,7}$: the BIN rule written before eight-digit BINs were issued.
  if (faults.has('blind6-tcard-bin-eight-refused') && at('AddOrUpdateTokenizedCard', 'cardBin'))
    return { ...rule, rewriteBeforeFormat: refuseWhen(/^[0-9]{8}$/, rule.rewriteBeforeFormat) };
  if (faults.has('blind6-cattr-balance-negative-accepted') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const list = rule.attributes;
    const before = list.rewriteBeforeFormat;
    // decimal.TryParse on CurrentBalance: a leading minus sign is a number too.
    const rewrite = (name: string, v: string) => {
      const value = before ? before(name, v) : v;
      return name === 'CurrentBalance' && /^-[0-9]/.test(value) ? value.slice(1) : value;
    };
    return { ...rule, attributes: { ...list, rewriteBeforeFormat: rewrite } };
  }
  return rule;
}

/** Key spellings of the blind6 faults, applied to a finished error list. */
export function blind6Errors(faults: FaultSet, op: Operation, errors: ValidationError[]): ValidationError[] {
  // DeleteCard's cardId rule copied from its customerId rule, key included.
  if (faults.has('blind6-delete-card-id-error-on-customer-key') && op.id === 'DeleteCard')
    return errors.map((e) => (/^command\.cardId$/i.test(e.key) ? { ...e, key: e.key.replace(/cardId$/i, (m) => (m[0] === 'C' ? 'CustomerId' : 'customerId')) } : e));
  return errors;
}
