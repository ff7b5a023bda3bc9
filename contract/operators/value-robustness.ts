/**
 * Value robustness (issue 27): values the document neither allows nor forbids, sent to see the
 * target keep the generic contract (never 5xx, a 4xx with a JSON error body naming the field).
 * @see decisions.md D40 (null, characters beyond printable ASCII), interface.md field tables
 */
import type { Cell } from './cells.js';
import { carriesValue, digitsOnly, fixedFormat, freeText, noDocumentedFormat, textValue } from './predicates.js';
import type { Operator } from './types.js';

/** Numbers the document gives no maximum (D31: counts and "Number" attributes); amounts have five digits, pageSize 10. */
const unboundedNumber = (c: Cell): boolean => fixedFormat(c) && (c.format === 'count' || c.format === 'decimalNumber');

/** A calendar date written in a documented date format (D9's year-first forms, MM-DD-YYYY) or an MMYY. */
const calendarValue = (c: Cell): boolean => fixedFormat(c) && ['dateOfBirth', 'mmddyyyy', 'mmyy'].includes(c.format!);

export const valueRobustnessOperators: readonly Operator[] = [
  {
    id: 'null-in-optional', family: 'value-robustness', sends: 'JSON null in an optional member',
    counterparts: [{ tool: 'CATS', name: 'NullValuesInFieldsFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: (c) => carriesValue(c) && c.place === 'body' && !c.required && c.type !== 'attributeList',
    asserts: () => 'open', backing: ['D40: JSON null for an optional field'],
  },
  {
    // Every value of no documented format, attribute values too (blind9: a PreferredEmail with a non-ASCII character crashed AddSessionAttributes).
    id: 'emoji-in-free-text', family: 'value-robustness',
    sends: 'text with a letter outside ASCII in the Basic Multilingual Plane (ñ, one UTF-16 unit) and a character beyond it (an emoji, two units), in every value the document gives no format (free text, attribute values, the lengths-only zip and state); the emoji alone where the maximum leaves room for two units only',
    counterparts: [{ tool: 'CATS', name: 'TrailingSingleCodePointEmojisInFieldsTrimValidateFuzzer' }, { tool: 'CATS', name: 'LeadingMultiCodePointEmojisInFieldsTrimValidateFuzzer' }],
    appliesTo: noDocumentedFormat, asserts: () => 'open',
    backing: ['D40: characters outside printable ASCII in free-text fields', 'D35: the characters of the card zip and state are not asserted', 'D39: PreferredEmail has no format at all'],
  },
  {
    id: 'length-between-bounds', family: 'value-robustness', sends: 'a value as long as the larger of two documented maxima (100 where a column says 50 and a description 100; 256 for 255 and 256)',
    counterparts: [{ tool: 'CATS', name: 'StringFieldsRightBoundaryFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: (c) => carriesValue(c) && c.openAbove !== undefined, asserts: () => 'open',
    backing: ['D12: values up to the larger bound are not asserted (only the generic contract: never 5xx)'],
  },
  {
    // int.Parse, a 32-bit column or a JavaScript Number meet these first; the document bounds none of these numbers.
    id: 'number-beyond-int-limits', family: 'value-robustness', sends: 'a number just past the 32-bit and the 64-bit signed limits (2147483648, 9223372036854775808) and a 100-digit run, one request each',
    counterparts: [{ tool: 'CATS', name: 'ExtremePositiveNumbersInIntegerFieldsFuzzer' }, { tool: 'CATS', name: 'IntegerFieldsRightBoundaryFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: unboundedNumber, asserts: () => 'open',
    backing: ['D31: digits are valid, no maximum is documented (only the generic contract: never 5xx, a 4xx names the field)'],
  },
  {
    // A date computed with (an age from a birthday built in the current year, a month's last day) breaks on these days only.
    id: 'calendar-edge-date', family: 'value-robustness', sends: 'valid dates on calendar edges: 29 February of a leap year (2000), 31 March, 1 January, 31 December (year-first dates in the two D9 forms by turns); an MMYY in the years on two-digit-year windows (29, 30, 49, 50, 99), in January and December by turns',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }, { tool: 'CATS', name: 'HappyPathFuzzer' }],
    // Where an accepted request enrols a customer for good, the edges share the open requests (generators/operators/packing.ts):
    // no customer more per night; a crash is still a failure, a refusal is observed.
    appliesTo: calendarValue, asserts: (c) => (c.enrols ? 'open' : 'served-as-valid'),
    backing: ['interface.md "YYYY/MM/DD or YYYY-MM-DD", "MM-DD-YYYY", "MMYY": every calendar day is a date', 'D9 (year-first forms sent)', 'D37 (a refusal with a code of the target\'s own is observed)'],
  },
  {
    id: 'very-long-free-text', family: 'value-robustness', sends: 'a 10,000-character value in a free-text field the document gives no maximum',
    counterparts: [{ tool: 'CATS', name: 'VeryLargeStringsInFieldsFuzzer' }, { tool: 'OWASP API Security Top 10', name: 'API4:2023 Unrestricted Resource Consumption' }],
    appliesTo: (c) => freeText(c) && c.maxLength === undefined, asserts: () => 'open', backing: ['interface.md (no maximum given): only the generic contract'],
  },
  {
    // A lookup keyed by the digits (an SSN's area, a phone's area code, a zip's county) may have no row for these.
    id: 'extreme-digit-strings', family: 'value-robustness',
    sends: 'all zeros and all nines at the valid length in every digits-only format; in an SSN also each zero group (area 000, group 00, serial 0000), one request each',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }, { tool: 'CATS', name: 'HappyPathFuzzer' }],
    appliesTo: digitsOnly, asserts: () => 'open',
    backing: [
      'interface.md "9-digit SSN or ITIN", "exactly 10 digits", "5-digit zip", "6 to 8 digit BIN": the words are met, so acceptance is open (SSN structure is a reading: readings-blind.ts blind-ssn-structure)',
      'D37 (a refusal with a code of the target\'s own is observed): only the generic contract, never 5xx',
    ],
  },
  {
    // The member is there but empty: code that tests for absence (`!== undefined`) and then reads its first character crashes.
    id: 'empty-in-optional', family: 'value-robustness', sends: 'the empty string in an optional text member or query parameter',
    counterparts: [{ tool: 'CATS', name: 'EmptyStringValuesInFieldsFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    // Attribute values are left out: an empty value breaks the attributes' documented minimum and is sent as a rejected length break.
    appliesTo: (c) => textValue(c) && c.place !== 'attribute' && !c.required, asserts: () => 'open',
    backing: ['D29: an empty string in an optional field is not asserted (only the generic contract: never 5xx)'],
  },
];
