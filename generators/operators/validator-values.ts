/**
 * Values of the classes blind batch 12 showed missing (contract/operators/validator-habits.ts), built
 * from a cell's valid value. Pure.
 */
import type { Cell } from '../../contract/operators/index.js';
import { luhnCheckDigit } from '../cards.js';

/**
 * The valid digits with each sign in place of the first: the format's own width, so only the format is
 * broken. Both signs in every cell (blind13: one sign per cell, spread over the cells, sent FindCustomer's
 * SSN a minus only, and a parser that reads a plus went unseen); `first` picks which a cell gets first.
 */
export const signedDigits = (v: string, first = 0): readonly string[] => rotate(['+', '-'], first).map((sign) => `${sign}${v.slice(1)}`);

/**
 * The valid digits with a space in place of one: the first, the last, the middle one (D41), at the
 * format's own width, so a length check counts it right; `first` picks which a cell gets first.
 */
export const spacedDigits = (v: string, first = 0): readonly string[] => {
  const at = (i: number) => `${v.slice(0, i)} ${v.slice(i + 1)}`;
  return rotate([at(0), at(v.length - 1), at(Math.floor(v.length / 2))], first);
};

/** A DDDDD.CC amount with a part missing: the point and its cents alone, the whole part and its point alone. */
export const amountPartMissing = (v: string): readonly string[] => {
  const [whole = '', cents = ''] = v.split('.');
  return [`.${cents}`, `${whole}.`];
};

/** `values` starting at `first` (mod its length): cells of one request carry different values of a class, and each cell every one. */
const rotate = <T>(values: readonly T[], first: number): T[] => values.map((_, i) => values[(i + first) % values.length]!);

/** A card number with its Luhn check digit wrong (the right one plus 5): still 15 to 19 digits, as the document asks. */
const luhnBroken = (v: string): string => `${v.slice(0, -1)}${(luhnCheckDigit(v.slice(0, -1)) + 5) % 10}`;

/**
 * Nine digits made an ITIN: area 9 followed by the value's own two digits, group 7 and its own digit
 * (70-79: ITIN groups every issuance reading takes), its serial kept.
 */
const asItin = (v: string): string => `9${v.slice(1, 3)}7${v.slice(4)}`;

/**
 * Nine digits outside the SSA's issuance with an area it issues (1xx: never 000, 666 or 9xx): group 00, then
 * serial 0000, the other groups nonzero. Not all zeros: only the SSN members' own words ("SSN or ITIN") may exclude that.
 */
const unissued = (v: string): readonly string[] => {
  const area = `1${v.slice(1, 3)}`;
  const group = v.slice(3, 5) === '00' ? '01' : v.slice(3, 5);
  const serial = v.slice(5) === '0000' ? '0001' : v.slice(5);
  return [`${area}00${serial}`, `${area}${group}0000`];
};

/** Operator valid-beyond-validator-rules: the values a stricter validator refuses, by the cell's format, one request each. */
export const beyondValidatorRules = (v: string, c: Cell): readonly string[] => (c.format === 'cardNumber' ? [luhnBroken(v)] : [asItin(v), ...unissued(v)]);
