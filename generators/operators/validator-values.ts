/**
 * Values of the classes blind batch 12 showed missing (contract/operators/validator-habits.ts), built
 * from a cell's valid value. Pure.
 */
import type { Cell } from '../../contract/operators/index.js';
import { luhnCheckDigit } from '../cards.js';

/** The valid digits with `sign` in place of the first: the format's own width, so only the format is broken. */
export const signedDigits = (v: string, sign: string): readonly string[] => [`${sign}${v.slice(1)}`];

/** A card number with its Luhn check digit wrong (the right one plus 5): still 15 to 19 digits, as the document asks. */
const luhnBroken = (v: string): string => `${v.slice(0, -1)}${(luhnCheckDigit(v.slice(0, -1)) + 5) % 10}`;

/**
 * Nine digits made an ITIN: area 9 followed by the value's own two digits, group 7 and its own digit
 * (70-79: ITIN groups every issuance reading takes), its serial kept.
 */
const asItin = (v: string): string => `9${v.slice(1, 3)}7${v.slice(4)}`;

/** Operator valid-beyond-validator-rules: the value a stricter validator refuses, by the cell's format. */
export const beyondValidatorRules = (v: string, c: Cell): readonly string[] => (c.format === 'cardNumber' ? [luhnBroken(v)] : [asItin(v)]);
