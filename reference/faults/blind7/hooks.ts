import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { FieldRule, ValidationError } from '../../validate/index.js';

/**
 * The blind7 faults that live in request handling shared by every operation: rewrites of the raw
 * input before validation (a crashing parser, a truncating binder), rule changes and key spellings.
 * Each is guarded by its fault; with none on, every function is the identity.
 * @see reference/faults/blind7/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const anyBlind7 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind7-'));

/** The names of the required customer attributes, validated apart from the optional ones (blind7-cattr-key-index-of-optional-list). */
const requiredCustomerAttributes = ['CustomerId', 'SSN'];

/**
 * The request input as the faulty service reads it, before validation: a shallow copy where a
 * fault rewrites a member; the input itself otherwise. May throw (the crash faults), which the
 * core's error handler answers with 500. `hasCard` tells whether a customer holds a card number.
 */
export function blind7Input(faults: FaultSet, op: Operation, input: unknown, hasCard: (customerId: string, cardNumber: string) => boolean): unknown {
  const src = asObject(input);
  if (!src || !anyBlind7(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  // int.Parse on the query parameter, its FormatException unhandled.
  if (op.id === 'GetTransactionHistory' && faults.has('blind7-history-page-size-letters-500')) {
    const size = str('pageSize');
    if (size !== undefined && size !== '' && !/^-?[0-9]+$/.test(size)) throw new Error(`Input string was not in a correct format: "${size}" (pageSize).`);
  }
  // The filter is split on commas and each entry given to Guid.Parse before the format is checked.
  if (op.id === 'AddSessionAttributes' && faults.has('blind7-sattr-id-filter-trailing-comma-500') && Array.isArray(out.sessionAttributes)) {
    for (const item of out.sessionAttributes as unknown[]) {
      const a = asObject(item);
      const value = a?.value ?? a?.Value;
      if ((a?.name ?? a?.Name) === 'AccountIdFilter' && typeof value === 'string' && value.split(',').some((s) => s === ''))
        throw new Error('Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).');
    }
  }
  // The update path binds an UpdateCardCommand whose address column is 50 wide, truncating instead of validating.
  if (op.id === 'AddOrUpdateCard' && faults.has('blind7-card-address-line1-over-100-on-update')) {
    const line = str('addressLine1');
    const customerId = str('customerId');
    const number = str('cardNumber');
    if (line !== undefined && line.length > 50 && customerId && number && hasCard(customerId.toLowerCase(), number)) out.addressLine1 = line.slice(0, 50);
  }
  return out;
}

/** Rule changes of the blind7 validation faults; each touches one field of one operation. */
export function blind7Rule(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  if (!anyBlind7(faults)) return rule;
  const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
  // `value.Length < 50` where `<=` was meant.
  if (faults.has('blind7-enroll-first-name-fifty-refused') && at('EnrollCustomer', 'firstName')) return { ...rule, maxLength: 49 };
  // The enrolment validator copied from a form where the second address line is optional.
  if (faults.has('blind7-enroll-address-line2-optional') && at('EnrollCustomer', 'addressLine2')) return { ...rule, required: false };
  // `value.Length < 20` where `<=` was meant.
  if (faults.has('blind7-card-nickname-twenty-refused') && at('AddOrUpdateCard', 'cardNickname')) return { ...rule, maxLength: 19 };
  // The two BIN lengths in use (6 and 8), not the range between them.
  if (faults.has('blind7-tcard-bin-seven-digits-refused') && at('AddOrUpdateTokenizedCard', 'cardBin')) return { ...rule, pattern: /^([0-9]{6}|[0-9]{8})$/ };
  // The month checked as `month <= 12` only.
  if (faults.has('blind7-tcard-expiration-month-zero') && at('AddOrUpdateTokenizedCard', 'expirationMonthYear')) return { ...rule, pattern: /^(0[0-9]|1[0-2])[0-9]{2}$/ };
  // TransactionsPerMonth given the counts' whole-number validator.
  if (faults.has('blind7-cattr-transactions-per-month-decimal-refused') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes) {
    const valueFormats = new Map(rule.attributes.valueFormats);
    valueFormats.set('TransactionsPerMonth', { pattern: /^[0-9]+$/, description: 'a whole number' });
    return { ...rule, attributes: { ...rule.attributes, valueFormats } };
  }
  // `value.Length < 300` where `<=` was meant.
  if (faults.has('blind7-sattr-value-max-299') && at('AddSessionAttributes', 'sessionAttributes') && rule.attributes)
    return { ...rule, attributes: { ...rule.attributes, valueLength: { ...rule.attributes.valueLength, max: 299 } } };
  return rule;
}

/** Key spellings of the blind7 faults, applied to a finished error list; `input` is the request as validated. */
export function blind7Errors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!anyBlind7(faults) || errors.length === 0) return errors;
  // The OBO validator names the property without the command prefix.
  if (faults.has('blind7-obo-key-no-prefix') && op.id === 'AuthenticateOBO') return errors.map((e) => ({ ...e, key: e.key.replace(/^command\./, '') }));
  if (faults.has('blind7-cattr-key-index-of-optional-list') && op.id === 'AddCustomerAttributes') {
    const list = asObject(input)?.customerAttributes;
    if (!Array.isArray(list)) return errors;
    const nameAt = (i: number) => { const a = asObject(list[i]); return a?.name ?? a?.Name; };
    // The index within the list of optional items, the required CustomerId and SSN left out.
    const optionalIndex = (i: number) => list.slice(0, i).filter((_, j) => !requiredCustomerAttributes.includes(String(nameAt(j)))).length;
    return errors.map((e) => ({
      ...e,
      key: e.key.replace(/\[([0-9]+)\]/, (whole, i: string) => (requiredCustomerAttributes.includes(String(nameAt(Number(i)))) ? whole : `[${optionalIndex(Number(i))}]`)),
    }));
  }
  return errors;
}
