/**
 * Classes blind batch 13 showed missing, each applied to every cell it fits (never a case of one field):
 * - a fixed-width digits value with a space at the format's own width, in place of its first digit, its
 *   last or one inside (` 12345678`, `12345678 `, `1234 6789`): `int.Parse` takes leading and trailing
 *   white space and a re-padding (`ToString("D9")`) gives back nine digits, a normaliser that strips spaces
 *   takes the inner one, and a length check counts nine. D41: whitespace in a digits format breaks it;
 * - a DDDDD.CC amount with a part missing: no whole part (`.50`) or no cent digits (`12345.`), which
 *   `decimal.TryParse` and `parseFloat` read as an amount. The format's words ask digits, a point and two
 *   cent digits (a one-cent-digit amount, a sign and a missing point have operators of their own).
 * @see decisions.md D41; interface.md field tables, AddCustomerAttributes "Format DDDDD.CC"
 */
import type { Cell } from './cells.js';
import { digitWidths } from './value-classes.js';
import { fixedFormat } from './predicates.js';
import type { Operator } from './types.js';

/** A fixed-width value written in digits alone (SSN, phone, zip, card number, BIN) or an MMYY: digits-with-sign's cells. */
export const fixedWidthDigits = (c: Cell): boolean => fixedFormat(c) && (digitWidths(c.format!) !== undefined || c.format === 'mmyy');

/** An amount cell of the documented DDDDD.CC format (every amount attribute, and any amount a later field adds). */
const amountCell = (c: Cell): boolean => fixedFormat(c) && c.format === 'amount';

export const parserHabitOperators: readonly Operator[] = [
  {
    id: 'digits-with-space', family: 'value-near-miss',
    sends: 'a fixed-width digits value (SSN, phone, zip, card number, BIN, MMYY) with a space in place of one digit, at the format\'s own width: the first ( 12345678), the last (12345678 ) and one inside (1234 6789), one request each',
    counterparts: [{ tool: 'CATS', name: 'LeadingWhitespacesInFieldsTrimValidateFuzzer' }, { tool: 'CATS', name: 'WhitespacesInFieldsTrimValidateFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: fixedWidthDigits, asserts: () => 'rejected',
    backing: ['D41 (whitespace around or inside a digits format is a violation)', 'interface.md "9 digits, no spaces or dashes", "Exactly 10 digits, no formatting", "5-digit zip", "Unformatted card number", "6 to 8 digit BIN", "MMYY"'],
  },
  {
    id: 'amount-part-missing', family: 'value-near-miss',
    sends: 'a DDDDD.CC amount with a part missing: no whole part (.67), no cent digits (12345.), one request each',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: amountCell, asserts: () => 'rejected',
    backing: ['interface.md "Format DDDDD.CC": digits, a point and two cent digits'],
  },
];
