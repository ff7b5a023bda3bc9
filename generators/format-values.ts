import fc from 'fast-check';
import { assertedValidRegExp, formatOf, type FormatId } from '../contract/index.js';
import { cardBin, cardNumber, mmyy, type CardOptions } from './cards.js';
import { dateOfBirth, mmddyyyy } from './dates.js';
import { email, phone, ssn, stateCode, zip } from './person-values.js';
import { guid } from './text.js';

/** Options every value generator accepts. */
export interface ValueOptions extends CardOptions {
  /** Base year of MMYY expirations (default cards.ts mmyyBaseYear). */
  readonly baseYear?: number;
}

/**
 * Repetition bounds of a single-class format pattern, read from the contract:
 * `^[0-9]{5}$` → {min: 5, max: 5}, `^[0-9]{6,8}$` → {min: 6, max: 8}.
 */
export function patternRepeat(id: string): { min: number; max: number } {
  const m = /\{(\d+)(?:,(\d+))?\}/.exec(formatOf(id).assertedValidPattern ?? formatOf(id).pattern);
  if (!m) throw new Error(`generators: format ${id} has no repetition bound`);
  return { min: Number(m[1]), max: Number(m[2] ?? m[1]) };
}

/** Values the harness sends as valid, per format id; every one matches assertedValidRegExp(id). */
const byFormat: Record<FormatId, (o: ValueOptions & { maxLength?: number }) => fc.Arbitrary<string>> = {
  ssn: () => ssn(),
  dateOfBirth: () => dateOfBirth(),
  email: (o) => email(o.maxLength === undefined ? {} : { maxLength: o.maxLength }),
  phone10: () => phone({ length: patternRepeat('phone10').min }),
  stateCode: () => stateCode(),
  zip5: () => zip({ length: patternRepeat('zip5').min }),
  gender: () => fc.stringMatching(assertedValidRegExp('gender')),
  cardNumber: (o) => {
    const { min, max } = patternRepeat('cardNumber');
    return fc.integer({ min, max }).chain((length) => cardNumber({ ...o, length }));
  },
  mmyy: (o) => mmyy(o.baseYear === undefined ? {} : { baseYear: o.baseYear }),
  cardBin: (o) => {
    const { min, max } = patternRepeat('cardBin');
    return cardBin({ ...o, minLength: min, maxLength: max });
  },
  guid: () => guid(),
  trueFalse: () => fc.stringMatching(assertedValidRegExp('trueFalse')),
  amount: () => fc.stringMatching(assertedValidRegExp('amount')),
  count: () => fc.nat({ max: 9999 }).map(String),
  // D31: whole numbers and decimals both, so a target refusing either meets one.
  decimalNumber: () => fc.oneof(fc.nat({ max: 9999 }).map(String), fc.tuple(fc.nat({ max: 999 }), fc.integer({ min: 1, max: 99 })).map(([i, f]) => `${i}.${f}`)),
  mmddyyyy: () => mmddyyyy(),
  guidList: () => fc.array(guid(), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(',')),
};

/** A valid value of the format `id` (contract/formats.ts). */
export function formatValue(id: string, options: ValueOptions & { maxLength?: number } = {}): fc.Arbitrary<string> {
  formatOf(id);
  // What byFormat reads of the options: callers pass whole payload options (fixed values and all).
  const key = [id, options.declinedCardNumber, options.deniedCardBin, options.baseYear, options.maxLength].join(' ');
  let arbitrary = made.get(key);
  if (!arbitrary) {
    const { declinedCardNumber, deniedCardBin, baseYear, maxLength } = options;
    const read = { ...(declinedCardNumber === undefined ? {} : { declinedCardNumber }), ...(deniedCardBin === undefined ? {} : { deniedCardBin }), ...(baseYear === undefined ? {} : { baseYear }), ...(maxLength === undefined ? {} : { maxLength }) };
    made.set(key, (arbitrary = byFormat[id as FormatId](read)));
  }
  return arbitrary;
}

/**
 * Arbitraries are immutable, so one per format and options serves every draw. Made anew each time
 * (inside a chain, per case), fc.stringMatching rebuilt its strings' well-known-value slices each
 * time: 14 of 16 s of drawing AddCustomerAttributes' isolated cases.
 */
const made = new Map<string, fc.Arbitrary<string>>();
