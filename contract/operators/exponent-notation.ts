/**
 * The class blind batch 17 showed missing (an amount read with a float parser: `decimal.Parse(v,
 * NumberStyles.Float)` reads 1E3 as 1000), applied to every cell it fits, never one field: a number
 * written in exponent notation, upper and lower case, with and without a sign on the exponent, in
 * every cell of a numeral format (the cells digit-group-separators fills: counts, decimals, amounts,
 * SSNs, phones, zip, card numbers, BINs and any numeral format added later). Every numeral format the
 * document gives excludes a letter in its own words: "9 digits, no spaces or dashes", "exactly 10
 * digits, no formatting", "5-digit zip", "unformatted card number", "6 to 8 digit BIN", "DDDDD.CC",
 * and D31 (letters in the counts and TransactionsPerMonth are violations); D41 names amounts and
 * counts in attribute values as fixed formats.
 * @see decisions.md D31, D41; interface.md field tables, AddCustomerAttributes
 */
import type { Cell } from './cells.js';
import { isNumeral } from './digit-groups.js';
import { fixedFormat } from './predicates.js';
import type { Operator } from './types.js';

/** A value of a numeral format: every such body member, query parameter and attribute value. */
const numeralCell = (c: Cell): boolean => fixedFormat(c) && isNumeral(c.format);

export const exponentNotationOperators: readonly Operator[] = [
  {
    id: 'exponent-notation', family: 'value-near-miss',
    sends: 'the valid number in exponent notation worth the same: 1.2345E4 (no sign) in every cell, then 1.2345e+4, 12345e0 or 1234500E-2 spread over the cells, two requests',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: numeralCell, asserts: () => 'rejected',
    backing: [
      'interface.md "9 digits, no spaces or dashes", "Exactly 10 digits, no formatting", "5-digit zip", "Unformatted card number", "6 to 8 digit BIN", "Format DDDDD.CC"',
      'D31 (letters in a count or a decimal are violations)', 'D41 (amounts and counts in attribute values are fixed formats)',
    ],
  },
];
