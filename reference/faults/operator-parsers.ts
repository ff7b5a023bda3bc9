import { fieldKey, itemKey, type Operation } from '../../contract/index.js';
import type { ValidationError } from '../validate/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the classes blind batch 13 showed missing, each on another cell than the blind fault
 * (FindCustomer's SSN, CurrentBalance): a digits value read with an integer parser that takes a sign
 * and white space and re-pads what it read, and an amount read with a decimal parser that takes a
 * number with no whole part or no cent digits. Each is one change to the finished validation error
 * list; the identity when none is on.
 */
export const operatorParserFaults: Fault[] = [
  { name: 'enroll-zip-read-as-integer', requirement: 'ERR-KEYS-COMPLETE', breaks: 'EnrollCustomer reads zip with int.Parse and re-pads it to five digits, so five characters with a plus sign or a space at either end (+1234, " 1234", "1234 ") pass; "5-digit zip", D41' },
  { name: 'cattr-load-amount-part-optional', requirement: 'ERR-KEYS-COMPLETE', breaks: 'AddCustomerAttributes reads AverageMonthlyLoadAmount with decimal.TryParse, so an amount with no whole part (.50) or no cent digits (12345.) passes; "Format DDDDD.CC"' },
];

type Json = Record<string, unknown>;
const asObject = (input: unknown): Json => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : {});

/** What int.Parse takes beyond digits (NumberStyles.Integer): white space around, a leading sign; the re-padding gives a minus back, so only a plus passes. */
const readAsInteger = (v: string, width: number): boolean => v.length === width && /[^0-9]/.test(v) && /^[ \t]*\+?[0-9]+[ \t]*$/.test(v);

/** What decimal.TryParse takes of a DDDDD.CC amount with a part missing: digits and a point with nothing on one side. */
const decimalWithPartMissing = (v: string): boolean => /^(\.[0-9]{1,2}|[0-9]{1,5}\.)$/.test(v);

export function operatorParserErrors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!operatorParserFaults.some((f) => faults.has(f.name))) return errors;
  const src = asObject(input);
  let out = errors;
  if (faults.has('enroll-zip-read-as-integer') && op.id === 'EnrollCustomer' && typeof src.zip === 'string' && readAsInteger(src.zip, 5)) {
    const key = fieldKey(op, op.fields.find((f) => f.name === 'zip')!).toLowerCase();
    out = out.filter((e) => e.key.toLowerCase() !== key);
  }
  if (faults.has('cattr-load-amount-part-optional') && op.id === 'AddCustomerAttributes' && Array.isArray(src.customerAttributes)) {
    const field = op.fields[0]!;
    src.customerAttributes.forEach((raw: unknown, i) => {
      const item = asObject(raw);
      const key = itemKey(op, field, i, 'value').toLowerCase();
      if (item.name === 'AverageMonthlyLoadAmount' && typeof item.value === 'string' && decimalWithPartMissing(item.value)) out = out.filter((e) => e.key.toLowerCase() !== key);
    });
  }
  return out;
}
