import type { Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the classes blind batch 16 showed missing, each on another field and operation than the
 * blind fault (a count with a thousands separator, a number bound as an attribute value; batch 17: an amount in exponent notation): a digits
 * value read by a number parser that takes the culture's group separator or an exponent, and a list binder that
 * drops an item whose value it cannot bind as a string. With none on, `operatorBinderFaultInput`
 * returns the input itself.
 */
export const operatorBinderFaults: Fault[] = [
  { name: 'tcard-bin-group-separators-read', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard reads cardBin with int.Parse(NumberStyles.AllowThousands) and writes back what it read, so 411,111 is taken as 411111; "6 to 8 digit BIN"' },
  { name: 'tcard-bin-exponent-read', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard reads cardBin with double.Parse(NumberStyles.Float) and writes back the whole number it read, so 4.11111E5 is taken as 411111; "6 to 8 digit BIN"' },
  { name: 'sattr-value-of-other-type-skipped', requirement: 'ERR-VALIDATION', breaks: 'AddSessionAttributes binds the list with a converter that skips an item whose value is no JSON string (a number, a boolean, an array, an object, null) and serves the rest; "value: string (required, 1-300)"' },
];

type Json = Record<string, unknown>;

/** Digits in groups of three parted by commas, as AllowThousands takes them in the invariant culture. */
const commaGroups = /^[0-9]{1,3}(,[0-9]{3})+$/;

/** A number in exponent notation, as NumberStyles.Float takes it. */
const exponentNumeral = /^[0-9]+(\.[0-9]+)?[eE][+-]?[0-9]+$/;

/** The input as the faulty service reads it before validation. */
export function operatorBinderFaultInput(faults: FaultSet, op: Operation, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !operatorBinderFaults.some((f) => faults.has(f.name))) return input;
  const out: Json = { ...(input as Json) };
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-bin-group-separators-read') && typeof out.cardBin === 'string' && commaGroups.test(out.cardBin))
    out.cardBin = out.cardBin.replace(/,/g, '');
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-bin-exponent-read') && typeof out.cardBin === 'string' && exponentNumeral.test(out.cardBin)
    && Number.isSafeInteger(Number(out.cardBin))) out.cardBin = String(Number(out.cardBin));
  if (op.id === 'AddSessionAttributes' && faults.has('sattr-value-of-other-type-skipped') && Array.isArray(out.sessionAttributes))
    out.sessionAttributes = (out.sessionAttributes as unknown[]).filter((it) => typeof it !== 'object' || it === null || !('value' in it) || typeof (it as Json).value === 'string');
  return out;
}
