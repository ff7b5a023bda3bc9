/**
 * Value near misses (issue 27): a value a lenient parser repairs before it validates. In a
 * fixed-format value they break the format and must be refused (D41: 400 naming the field);
 * around free text, an e-mail address or an integer query parameter D41 leaves them open.
 * @see decisions.md D41; interface.md field tables
 */
import { toleratedRegExp } from '../formats.js';
import type { Cell } from './cells.js';
import { carriesValue, fixedFormat, textValue, withDigits } from './predicates.js';
import type { Operator, OperatorAssertion } from './types.js';

const cats = (name: string) => ({ tool: 'CATS', name }) as const;
const schemathesis = (name: string) => ({ tool: 'Schemathesis', name }) as const;

/** Whitespace around a value: refused in a fixed format, open elsewhere (free text, e-mail, pageSize). */
const aroundValue = (c: Cell): boolean => textValue(c) || (carriesValue(c) && c.type === 'int' && c.place === 'query');
const whitespaceAsserts = (c: Cell): OperatorAssertion => (fixedFormat(c) ? 'rejected' : 'open');

/** The attribute values written as numbers (D31): counts, decimal numbers and DDDDD.CC amounts. */
const numeric = new Set(['count', 'decimalNumber', 'amount']);

const isDate = (c: Cell) => fixedFormat(c) && (c.format === 'dateOfBirth' || c.format === 'mmddyyyy');

/**
 * Values of each date layout (MMYY, MM-DD-YYYY, YYYY-MM-DD, YYYY/MM/DD) whose month position holds
 * 15, a day or a year: where a format's pattern takes none of them, its own words exclude the other
 * field order (MMYY, MM-DD-YYYY); D9's dateOfBirth pattern checks digits only, so there it is open.
 */
const monthFifteen = ['1527', '15-04-2020', '1990-15-04', '1990/15/04'];
const orderExcluded = (c: Cell): boolean => !monthFifteen.some((v) => toleratedRegExp(c.format!).test(v));

export const valueNearMissOperators: readonly Operator[] = [
  {
    id: 'leading-whitespace', family: 'value-near-miss', sends: 'the valid value with a space before it (in a fixed format a space, a tab or a no-break space U+00A0, spread over the fields)',
    counterparts: [cats('LeadingWhitespacesInFieldsTrimValidateFuzzer'), cats('LeadingWhitespacesInFieldsValidateTrimFuzzer')],
    appliesTo: aroundValue, asserts: whitespaceAsserts, backing: ['D41', 'D39'],
  },
  {
    id: 'trailing-whitespace', family: 'value-near-miss', sends: 'the valid value with a space after it (in a fixed format also a newline, in a request of its own)',
    counterparts: [cats('TrailingWhitespacesInFieldsTrimValidateFuzzer'), cats('TrailingWhitespacesInFieldsValidateTrimFuzzer')],
    appliesTo: aroundValue, asserts: whitespaceAsserts, backing: ['D41', 'D39'],
  },
  {
    id: 'fullwidth-digits', family: 'value-near-miss', sends: 'the valid value with every digit written full-width (１２３)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: withDigits, asserts: () => 'rejected', backing: ['D41'],
  },
  {
    id: 'arabic-indic-digits', family: 'value-near-miss', sends: 'the valid value with every digit written in Arabic-Indic digits (١٢٣)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: withDigits, asserts: () => 'rejected', backing: ['D41'],
  },
  {
    id: 'date-time-for-date', family: 'value-near-miss', sends: 'a date-time where a date is documented, written year first with dashes (1990-01-15T00:00:00Z, and without the zone)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: isDate, asserts: () => 'rejected', backing: ['interface.md "MM/DD/YY, MM-DD-YY, YYYY/MM/DD or YYYY-MM-DD", "MM-DD-YYYY"', 'D9'],
  },
  {
    id: 'zip-plus-four', family: 'value-near-miss', sends: 'a ZIP+4 (12345-6789) where a 5-digit zip is documented',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), cats('StringFieldsRightBoundaryFuzzer')],
    appliesTo: (c) => textValue(c) && (c.format === 'zip5' || (c.lengthsOnlyFormat === 'zip5' && c.maxLength !== undefined && c.maxLength < 10)),
    asserts: () => 'rejected', backing: ['interface.md "5-digit zip"', 'D35: a zip of other than 5 characters'],
  },
  {
    id: 'mmyy-three-digits', family: 'value-near-miss', sends: 'an MMYY without the leading zero of its month (427)',
    counterparts: [cats('StringFieldsLeftBoundaryFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'mmyy', asserts: () => 'rejected', backing: ['interface.md "MMYY, single-digit month preceded by 0"'],
  },
  {
    id: 'amount-without-point', family: 'value-near-miss', sends: 'an amount without its decimal point (1234500)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'amount', asserts: () => 'rejected', backing: ['interface.md "DDDDD.CC"'],
  },
  {
    id: 'amount-one-cent-digit', family: 'value-near-miss', sends: 'an amount with one cent digit (12345.0)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'amount', asserts: () => 'rejected', backing: ['interface.md "DDDDD.CC"'],
  },
  {
    id: 'amount-three-cent-digits', family: 'value-near-miss', sends: 'an amount with a third decimal (12345.675), which a decimal parser rounds to cents',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'amount', asserts: () => 'rejected', backing: ['interface.md "DDDDD.CC": two cent digits'],
  },
  {
    id: 'amount-six-integer-digits', family: 'value-near-miss', sends: 'an amount with six digits before the point (112345.67), which a wider decimal column keeps',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'amount', asserts: () => 'rejected', backing: ['interface.md "DDDDD.CC": at most five digits before the point'],
  },
  {
    id: 'int-fraction-or-letters', family: 'value-near-miss', sends: 'an Int written with a fraction (5.5) or trailing letters (5abc), which parseInt-style parsers read as 5',
    counterparts: [cats('DecimalValuesInIntegerFieldsFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => carriesValue(c) && c.type === 'int', asserts: () => 'rejected',
    backing: ['interface.md "Int is an integer"', 'D23 (pageSize refused on query.pageSize; the TYPE row as for "abc")'],
  },
  {
    id: 'count-fraction', family: 'value-near-miss', sends: 'a count with a fractional part (3.5)',
    counterparts: [cats('DecimalValuesInIntegerFieldsFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'count', asserts: () => 'rejected', backing: ['D31: the count attributes are whole numbers'],
  },
  {
    id: 'date-other-separators', family: 'value-near-miss', sends: 'a documented date written with dots or spaces for its separators (1990.01.15, 1990 01 15), two requests',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: isDate, asserts: () => 'rejected', backing: ['interface.md "MM/DD/YY, MM-DD-YY, YYYY/MM/DD or YYYY-MM-DD", "MM-DD-YYYY"', 'D9 (only the month-first forms with / and - are open)'],
  },
  {
    id: 'amount-whole', family: 'value-near-miss', sends: 'an amount without its point and cents (12345 for 12345.00)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'amount', asserts: () => 'rejected', backing: ['interface.md "DDDDD.CC"'],
  },
  {
    id: 'number-plus-sign', family: 'value-near-miss', sends: 'a number, count or amount with a leading plus sign (+3), as int.Parse and decimal.Parse take it',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && numeric.has(c.format!), asserts: () => 'rejected',
    backing: ['D31: signs are violations (counts are whole numbers, no sign)', 'interface.md "DDDDD.CC"'],
  },
  {
    // The counterpart of the plus sign: decimal.TryParse and int.Parse take a leading minus too, and a
    // balance or a count read so is negative where the document writes only digits (DDDDD.CC, D31).
    id: 'number-minus-sign', family: 'value-near-miss', sends: 'a number, count or amount with a leading minus sign (-3, -12345.67), as int.Parse and decimal.Parse take it',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && numeric.has(c.format!), asserts: () => 'rejected',
    backing: ['D31: signs are violations (counts are whole numbers, no sign)', 'interface.md "DDDDD.CC"'],
  },
  {
    id: 'guid-with-suffix', family: 'value-near-miss', sends: 'a valid GUID followed by one more character (a parser that reads the first 36 characters takes it)',
    counterparts: [cats('StringFieldsRightBoundaryFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'guid', asserts: () => 'rejected', backing: ['interface.md "Guid is a 36-character string"'],
  },
  {
    // "Whole numbers" says what a count is worth, not how it is written: 3.0 is worth a whole number, so the words do not exclude it.
    id: 'count-whole-with-point', family: 'value-near-miss', sends: 'a whole count written with a decimal point (3.0)',
    counterparts: [cats('DecimalValuesInIntegerFieldsFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && c.format === 'count', asserts: () => 'open', backing: ['D31: whole numbers (3.0 is worth one; the notation is not ruled on)'],
  },
  {
    // A parser that tries a second field order when the first fails (MMYY, then YYMM) takes it.
    id: 'date-order-swapped', family: 'value-near-miss',
    sends: 'a date in the other field order, its leading field past 12 so the documented order cannot read it (MMYY as YYMM, YYYY-MM-DD as YYYY-DD-MM, MM-DD-YYYY as DD-MM-YYYY)',
    counterparts: [cats('StringFormatAlmostValidValuesFuzzer'), schemathesis('negative_data_rejection')],
    appliesTo: (c) => fixedFormat(c) && (isDate(c) || c.format === 'mmyy'), asserts: (c) => (orderExcluded(c) ? 'rejected' : 'open'),
    backing: ['interface.md "MMYY", "MM-DD-YYYY": a month past 12 breaks the words', 'D9 (dateOfBirth: only lengths are asserted, so YYYY-DD-MM is open)'],
  },
];
