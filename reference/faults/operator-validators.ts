import { fieldKey, itemKey, mmyyOf, type Operation } from '../../contract/index.js';
import type { ValidationError } from '../validate/index.js';
import type { Fault, FaultSet } from './types.js';
import { operatorParserErrors } from './operator-parsers.js';

/**
 * Faults of the classes blind batch 12 showed missing, each on another trigger than the blind fault
 * (another field or operation): a digits value read with a number parser that takes a sign, a format
 * rule set up on one payload shape only, a validator's own rule refusing a valid value. Each is one
 * change to the finished validation error list; the identity when none is on.
 */
export const operatorValidatorFaults: Fault[] = [
  { name: 'tcard-bin-sign-read', requirement: 'ERR-KEYS-COMPLETE', breaks: 'AddOrUpdateTokenizedCard checks cardBin with long.TryParse and a length of 6 to 8, so a sign before the digits (+1234567, -123456) passes; "6 to 8 digit BIN"' },
  { name: 'card-number-trimmed-without-name-on-card', requirement: 'ERR-KEYS-COMPLETE', breaks: 'AddOrUpdateCard without nameOnCard binds to a second command whose binder trims strings, so a cardNumber with a space or newline around it passes its check there (with nameOnCard it is refused); "Unformatted card number", D41' },
  // Blind batch 19's class (a valid MMYY read through a two-digit-year window), on the number card, not its tokenized card.
  { name: 'card-expiration-year-window-2049-refused', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddOrUpdateCard parses expirationMonthYear with DateTime.ParseExact("MMyy"), whose two-digit-year window ends in 2049, so "1299" is December 1999 and refused 400 as expired, though the value is "MMYY" and a valid payload is never refused with 400 (D37)' },
  // Blind batch 20's classes (valid values at services' own edges, generators/edge-valid.ts), each on another trigger than the blind fault.
  { name: 'enroll-zip-leading-zero-dropped', requirement: 'GEN-VALID-ACCEPTED', breaks: 'EnrollCustomer binds zip to an int and checks that it has five digits, so a ZIP with a leading zero (02134, Boston) is four digits and refused 400, though the value is a "5-digit zip" and a valid payload is never refused with 400 (D37)' },
  { name: 'tcard-expiry-this-month-refused', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddOrUpdateTokenizedCard takes a card as expired when its MMYY is not after the current month (< where <= was meant), so a card expiring this month is refused 400, though the value is "MMYY" and a valid payload is never refused with 400 (D37)' },
  { name: 'cattr-ssn-itin-refused', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddCustomerAttributes checks the SSN attribute as an SSN the SSA issues (no area 9xx), so an ITIN is refused with 400, where the value is "9 digits, no spaces or dashes" (D37: a 400 to a valid payload is a failure)' },
];

type Json = Record<string, unknown>;
const asObject = (input: unknown): Json => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : {});
const sent = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
/** A format error (messages.ts badFormat) on `key`, whatever the key's letter case (D13). */
const formatError = (e: ValidationError, key: string): boolean => e.key.toLowerCase() === key.toLowerCase() && / is not valid: expected /.test(e.message);

/** `errors` with one more on `key`, unless it names the key already. */
const withError = (errors: ValidationError[], key: string, text: string): ValidationError[] =>
  (errors.some((e) => e.key === key) ? errors : [...errors, { key, message: `${key.slice('command.'.length)} ${text}` }]);

/** The error list with the faults of operator-validators.ts and operator-parsers.ts applied (blind batches 12 and 13). */
export function operatorValidatorErrors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  return operatorParserErrors(faults, op, validatorErrors(faults, op, errors, input), input);
}

function validatorErrors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!operatorValidatorFaults.some((f) => faults.has(f.name))) return errors;
  const src = asObject(input);
  let out = errors;
  // long.TryParse(cardBin) && cardBin.Length is 6 to 8: a sign passes.
  if (faults.has('tcard-bin-sign-read') && op.id === 'AddOrUpdateTokenizedCard' && typeof src.cardBin === 'string' && /^[+-][0-9]{5,7}$/.test(src.cardBin))
    out = out.filter((e) => !formatError(e, 'command.CardBin'));
  // The command without a cardholder name is bound by a binder that trims strings before the rules run.
  if (faults.has('card-number-trimmed-without-name-on-card') && op.id === 'AddOrUpdateCard' && !sent(src.nameOnCard)
    && typeof src.cardNumber === 'string' && /^[0-9]{15,19}$/.test(src.cardNumber.trim()))
    out = out.filter((e) => e.key.toLowerCase() !== 'command.cardnumber');
  // ParseExact(value, "MMyy"): years 50-99 are 1950-1999, an expired card.
  if (faults.has('card-expiration-year-window-2049-refused') && op.id === 'AddOrUpdateCard' && /^(0[1-9]|1[0-2])[5-9][0-9]$/.test(String(src.expirationMonthYear ?? ''))) {
    const key = fieldKey(op, op.fields.find((f) => f.name === 'expirationMonthYear')!);
    if (!out.some((e) => e.key === key)) out = [...out, { key, message: `${key.slice('command.'.length)} is an expired card.` }];
  }
  if (faults.has('enroll-zip-leading-zero-dropped') && op.id === 'EnrollCustomer' && typeof src.zip === 'string' && /^0[0-9]{4}$/.test(src.zip))
    out = withError(out, fieldKey(op, op.fields.find((f) => f.name === 'zip')!), 'must be a 5-digit number.');
  if (faults.has('tcard-expiry-this-month-refused') && op.id === 'AddOrUpdateTokenizedCard' && src.expirationMonthYear === mmyyOf(new Date()))
    out = withError(out, fieldKey(op, op.fields.find((f) => f.name === 'expirationMonthYear')!), 'is an expired card.');
  if (faults.has('cattr-ssn-itin-refused') && op.id === 'AddCustomerAttributes' && Array.isArray(src.customerAttributes)) {
    const field = op.fields[0]!;
    src.customerAttributes.forEach((raw: unknown, i) => {
      const item = asObject(raw);
      const key = itemKey(op, field, i, 'value');
      if (item.name === 'SSN' && typeof item.value === 'string' && /^9[0-9]{8}$/.test(item.value) && !out.some((e) => e.key === key))
        out = [...out, { key, message: `${key.slice('command.'.length)} is not a valid SSN.` }];
    });
  }
  return out;
}
