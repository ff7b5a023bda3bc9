/**
 * Classes blind batch 11 showed missing, each applied to every cell it fits (never a case of one field):
 * - a fixed-width digits format one digit short and one digit long, wherever it appears (a field, an
 *   attribute value whose column is wider than its format: an 8-digit SSN attribute was zero-padded);
 * - the locale forms of a decimal format (a decimal comma, a thousands separator, a space group
 *   separator): a culture-aware parser reads `12345,67` as 12345.67;
 * - calendar extremes on every date (0001-01-01, 1899-12-31, 1900-01-01, 9999-12-31): a store with a
 *   narrower date type (smalldatetime from 1900, datetime from 1753) fails on them. No D-row rules on
 *   a date's range, so acceptance is open: never 5xx, a 4xx with a JSON error body.
 * @see decisions.md D31, D41; interface.md "9 digits, no spaces or dashes", "6 to 8 digit BIN", "DDDDD.CC"
 */
import { formatOf } from '../formats.js';
import type { Cell } from './cells.js';
import { fixedFormat, isDigitsOnly } from './predicates.js';
import type { Operator } from './types.js';

/** The width bounds of a digits-only format of bounded length (`^[0-9]{9}$`: 9 and 9; `{6,8}`: 6 and 8). */
export function digitWidths(format: string): { min: number; max: number } | undefined {
  if (!isDigitsOnly(format)) return undefined;
  const m = /\{([0-9]+)(?:,([0-9]+))?\}/.exec(formatOf(format).pattern);
  return m ? { min: Number(m[1]), max: Number(m[2] ?? m[1]) } : undefined;
}

/** The formats of a whole date (year, month and day): D9's date of birth and MM-DD-YYYY. */
export const fullDateFormats: readonly string[] = ['dateOfBirth', 'mmddyyyy'];

/** The days calendar-extreme-date sends (year, month, day): the calendar's ends and a store's epoch around 1900. */
export const calendarExtremeDays = [['0001', '01', '01'], ['1899', '12', '31'], ['1900', '01', '01'], ['9999', '12', '31']] as const;

/**
 * A date at one of those days, in any layout D9 or MM-DD-YYYY allows: no D-row rules on a date's range,
 * and a reading may refuse it (a date before its store's epoch, a birth in the future), so it is open:
 * the audit reads it so too (audit/rules/field-verdict.ts), as the run does.
 */
export const calendarExtremeValue = (format: string, v: string): boolean =>
  fullDateFormats.includes(format)
  && calendarExtremeDays.some(([y, m, d]) => ['-', '/'].some((s) => v === [y, m, d].join(s) || v === [m, d, y].join(s)));

/**
 * A fixed-width digits value whose length column is wider than its format (an attribute value of 1 to
 * 200 characters, a BIN of 1 to 50, D28): there the format alone excludes one digit short or long. Where
 * the column is the format's width (ssn 9, phone 10, zip 5), those values are its length breaks, sent
 * by every run's length coverage already.
 */
const fixedWidthDigits = (c: Cell): boolean => {
  const w = fixedFormat(c) ? digitWidths(c.format!) : undefined;
  return w !== undefined && ((c.minLength ?? 0) < w.min - 1 || (c.maxLength ?? Infinity) > w.max);
};
const decimalFormat = (c: Cell): boolean => fixedFormat(c) && (c.format === 'amount' || c.format === 'decimalNumber');
const fullDate = (c: Cell): boolean => fixedFormat(c) && fullDateFormats.includes(c.format!);

const cats = (name: string) => ({ tool: 'CATS', name }) as const;
const schemathesis = (name: string) => ({ tool: 'Schemathesis', name }) as const;

export const valueClassOperators: readonly Operator[] = [
  {
    id: 'digits-width-off-by-one', family: 'value-near-miss',
    sends: 'a fixed-width digits value one digit short and one digit long (8 and 10 digits for a 9-digit SSN; 5 and 9 for a 6-to-8-digit BIN), one request each',
    counterparts: [cats('StringFieldsLeftBoundaryFuzzer'), cats('StringFieldsRightBoundaryFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: fixedWidthDigits, asserts: () => 'rejected',
    backing: ['interface.md "9 digits, no spaces or dashes", "Exactly 10 digits", "5-digit zip", "6 to 8 digit BIN", "Unformatted card number"', 'D28 (the format wins over a wider length column)'],
  },
  {
    id: 'decimal-locale-forms', family: 'value-near-miss',
    // Comma groups (1,234.56) are digit-group-separators', which sends them in every numeral cell (digit-groups.ts).
    sends: 'a decimal written the way a locale writes it: a decimal comma (12345,67), a space group separator (1 234.56), one request each',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: decimalFormat, asserts: () => 'rejected',
    backing: ['interface.md "Format DDDDD.CC"', 'D31: separators other than one "." are violations'],
  },
  {
    // Blind batch 11: AccountIdFilter items trimmed before their check; on made-up GUIDs the list is refused anyway (D19), so the items name the customer's card.
    id: 'list-item-near-miss', family: 'value-near-miss', oneCellPerRequest: true,
    // Lists of a fixed format only: AccountNumberFilter's items may be tokens (free text, D41 open), and its empty entries are filter-exactness's (D19).
    // A leading or trailing comma is filter-empty-entry's (contract/operators/filter-exactness.ts): not sent twice.
    sends: 'a list of the customer\'s own cards with one item broken: whitespace after a comma (id1, id2), an empty item between two (id1,,id2), one request each',
    counterparts: [cats('LeadingWhitespacesInFieldsTrimValidateFuzzer'), cats('EmptyStringValuesInFieldsFuzzer'), { tool: 'RESTler', name: 'InvalidDynamicObject' }],
    appliesTo: (c) => fixedFormat(c) && c.resource === 'card-list', asserts: () => 'rejected',
    backing: ['interface.md "Comma-separated list of card GUIDs"; "Account values are validated for format"', 'D19', 'D41 (whitespace in a GUID)'],
  },
  {
    id: 'calendar-extreme-date', family: 'value-robustness',
    sends: 'a valid date at the calendar\'s extremes in the layout of the field: 0001-01-01, 1899-12-31, 1900-01-01, 9999-12-31, one request each',
    counterparts: [cats('StringFieldsLeftBoundaryFuzzer'), schemathesis('positive_data_acceptance')],
    appliesTo: fullDate, asserts: () => 'open',
    backing: ['interface.md "YYYY/MM/DD or YYYY-MM-DD", "MM-DD-YYYY": no range is documented, so acceptance is open (only the generic contract: never 5xx)'],
  },
];
