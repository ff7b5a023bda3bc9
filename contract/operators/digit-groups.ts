/**
 * The class blind batch 16 showed missing (a count read with a number parser that takes a thousands
 * separator: `int.Parse(v, NumberStyles.AllowThousands)` reads 1,200 as 1200), applied to every cell it
 * fits, never one field: a number written in digit groups, with a comma and with the other marks
 * locales and languages group digits by (an apostrophe, a space, a no-break space, a narrow no-break
 * space, an underscore). Only decimal-locale-forms sent a group separator before, and only in the
 * DDDDD.CC amounts and TransactionsPerMonth (it keeps the decimal comma and the space group). Every numeral format the document gives excludes them in
 * its own words: "9 digits, no spaces or dashes", "exactly 10 digits, no formatting", "5-digit zip",
 * "unformatted card number", "6 to 8 digit BIN", "DDDDD.CC", and D31 (the counts are whole numbers;
 * TransactionsPerMonth's separators other than one "." are violations); D41 names amounts and counts
 * in attribute values as fixed formats. A "." is no group mark here: D31 lets TransactionsPerMonth have one.
 * @see decisions.md D31, D41; interface.md field tables, AddCustomerAttributes
 */
import { formatOf } from '../formats.js';
import type { Cell } from './cells.js';
import { fixedFormat } from './predicates.js';
import type { Operator } from './types.js';

/**
 * A format whose pattern is ASCII digits alone, with at most a decimal point (`^[0-9]{9}$`, `^[0-9]+$`,
 * `^[0-9]{1,5}\.[0-9]{2}$`, `^[0-9]+(\.[0-9]+)?$`): a number, whatever its width. Read from the pattern,
 * so a numeral format added later is one too; an MMYY, a date or a GUID is not (other characters).
 */
export const isNumeral = (format: string | undefined): boolean =>
  format !== undefined
  && formatOf(format).pattern.replace(/\[0-9\](\{[0-9]+(,[0-9]+)?\}|\+)?/g, '').replace(/\\\./g, '').replace(/[()?]/g, '') === '^$';

/** A value of a numeral format: every such body member, query parameter and attribute value (pageSize is an Int, no format). */
const numeralCell = (c: Cell): boolean => fixedFormat(c) && isNumeral(c.format);

export const digitGroupOperators: readonly Operator[] = [
  {
    id: 'digit-group-separators', family: 'value-near-miss',
    sends: 'a number written in groups of three digits: with commas in every cell (1,234; 123,456,789; 12,345.67), then with another group mark spread over the cells (an apostrophe, a space, U+00A0, U+202F, an underscore), two requests',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: numeralCell, asserts: () => 'rejected',
    backing: [
      'interface.md "9 digits, no spaces or dashes", "Exactly 10 digits, no formatting", "5-digit zip", "Unformatted card number", "6 to 8 digit BIN", "Format DDDDD.CC"',
      'D31 (the counts are whole numbers; separators other than one "." are violations)', 'D41 (amounts and counts in attribute values are fixed formats)',
    ],
  },
];
