/**
 * How each value operator changes a cell's valid value, keyed by operator id (the catalogue is
 * contract/operators/). Pure: a valid value in, the values to send out; an operator that
 * enumerates a class gives several, each sent in a request of its own.
 */
import type { Cell } from '../../contract/operators/index.js';
import { dateFieldWidths, extremeDigits, identityWithSeparators, otherFieldOrder } from './digit-date-values.js';
import { calendarExtremes, formatBreaksWithin, listItemNearMisses, localeDecimals, offByOneWidths } from './class-values.js';
import { amountPartMissing, beyondValidatorRules, signedDigits, spacedDigits } from './validator-values.js';
import { heldCardIdSlot, unknownResourceIdSlot } from './slots.js';
import { groupedDigits, otherGroupMarks } from './digit-group-values.js';
import { otherExponentForms, scientific } from './exponent-values.js';
import { impossibleDates } from './impossible-date-values.js';
import { mmyyWindowYears } from '../cards.js';

const digitsFrom = (zero: number) => (v: string) => v.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));

/** D38: values outside each small enumerated class in any letter case, by format id. */
export const enumerationOutsiders: Readonly<Record<string, readonly string[]>> = {
  gender: ['X', 'U', '0', 'Male', 'MF'],
  trueFalse: ['Yes', 'No', 'Y', 'N', '1', '0', 'T', 'F', 'Tru', 'Fals', 'X', 'maybe'],
};

/** Another letter case of a documented value (D38: open): lower case, or upper case where that differs. */
const otherCase = (v: string) => (v.toLowerCase() !== v ? v.toLowerCase() : v.toUpperCase());

/** A character beyond the Basic Multilingual Plane: one code point, two UTF-16 units. */
const emoji = '\u{1F47E}';

/** A letter outside ASCII in the Basic Multilingual Plane: one code point, one UTF-16 unit (a Latin-1 or ASCII-only encoder meets it first). */
const bmpLetter = '\u00F1';
/** Keeps `extra` characters of room under the cell's maximum (an open value stays within the length column). */
const within = (c: Cell, v: string, extra: number) => (c.maxLength !== undefined && v.length + extra > c.maxLength ? v.slice(0, Math.max(0, c.maxLength - extra)) : v);

/** D40's non-ASCII text of both widths in one value, within the cell's maximum; the emoji alone where two units is all the room. */
const nonAsciiText = (v: string, c: Cell): string[] =>
  [c.maxLength !== undefined && c.maxLength < 3 ? `${within(c, v, 2)}${emoji}` : `${within(c, v, 3)}${bmpLetter}${emoji}`];

/** A stable pick from `from` for one cell (its id hashed): spreads a class over the cells of a request at no extra request. */
const spread = <T>(c: Cell, from: readonly T[], shift = 0): T => {
  let h = 0;
  for (const ch of c.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return from[(h + shift) % from.length]!;
};

/**
 * Whitespace a lenient parser strips (D41 "whitespace"). After a fixed-format value: a space,
 * then a newline, each in a request of its own (a `$` that matches before a final newline lets
 * `123456789\n` through). Before it: a space, a tab or a no-break space U+00A0, one per cell,
 * spread over the cells (the request budget: one request per operation, as before). Around free
 * text one space, all the open reading needs.
 */
const leading = (c: Cell): string => (c.format ? spread(c, [' ', '\t', '\u00A0']) : ' ');
const trailing = (c: Cell): readonly string[] => (c.format ? [' ', '\n'] : [' ']);

/** A documented date as YYYY-MM-DD (the valid value may be written with slashes or month first, D9). */
const isoDate = (v: string): string => {
  const year = /^([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})$/.exec(v);
  const month = /^([0-9]{2})[-/]([0-9]{2})[-/]([0-9]{4})$/.exec(v);
  return year ? `${year[1]}-${year[2]}-${year[3]}` : month ? `${month[3]}-${month[1]}-${month[2]}` : v;
};

/**
 * Another JSON type than a string, one per cell spread over the cells of one request per
 * operation (the request budget): a number, a boolean, an array, an object, null. A target that
 * stops at its first error may hide what a later member would have done; the reference names them all (D14).
 */
// The array and object hold a constant, never the field's value: a stand-in for target state (case-state.ts)
// inside them would be sent unreplaced, and a personal value would sit where redaction does not look.
const otherType = (_v: string, c: Cell): readonly unknown[] => [spread(c, [c.type === 'boolean' ? 1 : 42, c.type === 'boolean' ? 'true' : true, ['conformance'], { value: 'conformance' }, null])];

/** One character past the length column, in the value's own alphabet (digits stay digits). */
const pastLength = (v: string, c: Cell): string => {
  const fill = /^[0-9]+$/.test(v) ? '1' : 'x';
  return (v + fill.repeat(c.maxLength! + 1)).slice(0, c.maxLength! + 1);
};

/** A length break past the column, and where the member is required and may not be empty, the empty value. */
const brokenOnUpdate = (v: string, c: Cell): readonly string[] => [
  ...(c.maxLength !== undefined ? [pastLength(v, c)] : []),
  ...(c.required && (c.minLength ?? 0) >= 1 ? [''] : []),
];

/**
 * Calendar edges, in years every date cell takes as valid (birth years 1930-2005, attribute dates
 * 2000-2025): the century leap day, day 31 of a 31-day month, the first and the last day of a year.
 */
const calendarEdges = [[2000, 2, 29], [2001, 3, 31], [2002, 1, 1], [2003, 12, 31]] as const;

/**
 * Each calendar edge in the layout of `valid`: a year-first date in the two forms sent as valid by
 * turns (D9: YYYY-MM-DD, YYYY/MM/DD, whatever form the seed gave the payload; four requests, not
 * eight), MM-DD-YYYY as it is, and an MMYY in each year on a two-digit-year window (cards.ts
 * mmyyWindowYears, every one a valid expiry), in January and December by turns: the year's edges too.
 */
const onCalendarEdges = (v: string): readonly string[] => {
  const two = (n: number) => String(n).padStart(2, '0');
  if (/^[0-9]{4}$/.test(v)) return mmyyWindowYears.map((y, i) => `${i % 2 ? '12' : '01'}${two(y)}`);
  if (/^[0-9]{4}/.test(v)) return calendarEdges.map(([y, m, d], i) => [String(y), two(m), two(d)].join(i % 2 ? '/' : '-'));
  const sep = /[-/]/.exec(v)?.[0] ?? '-';
  return calendarEdges.map(([y, m, d]) => [two(m), two(d), String(y)].join(sep));
};

export type ValueBuilder = (valid: string, cell: Cell) => readonly unknown[];

export const valueBuilders: Readonly<Record<string, ValueBuilder>> = {
  'leading-whitespace': (v, c) => [`${leading(c)}${c.format ? v : within(c, v, 1)}`],
  'trailing-whitespace': (v, c) => trailing(c).map((w) => `${c.format ? v : within(c, v, 1)}${w}`),
  'fullwidth-digits': (v) => [digitsFrom(0xff10)(v)],
  'arabic-indic-digits': (v) => [digitsFrom(0x0660)(v)],
  // The date written as ISO 8601 (the form a date-time parser reads), with a time of day in the forms such parsers take.
  'date-time-for-date': (v) => ['T00:00:00Z', 'T00:00:00'].map((t) => `${isoDate(v)}${t}`),
  'zip-plus-four': (v) => [`${v.slice(0, 5)}-6789`],
  'mmyy-three-digits': (v) => [v.slice(1)],
  'amount-without-point': (v) => [v.replace('.', '')],
  'amount-one-cent-digit': (v) => [v.slice(0, -1)],
  'amount-three-cent-digits': (v) => [`${v}5`],
  'amount-six-integer-digits': (v) => [v.replace(/^[0-9]*/, (d) => d.padStart(6, '1'))],
  'amount-whole': (v) => [v.split('.')[0]!],
  'number-plus-sign': (v) => [`+${v}`],
  'number-minus-sign': (v) => [`-${v}`],
  'guid-with-suffix': (v) => [`${v}0`],
  // Both separators, each in a request of its own: a lenient date parser may take one and not the other.
  'date-other-separators': (v) => ['.', ' '].map((s) => v.replace(/[-/]/g, s)),
  'enum-unlisted-value': (_v, c) => enumerationOutsiders[c.format!] ?? [],
  'enum-letter-case': (v) => [otherCase(v)],
  'null-in-optional': () => [null],
  'int-fraction-or-letters': (v) => [`${v}.5`, `${v}abc`],
  'count-fraction': (v) => [`${v}.5`],
  'count-whole-with-point': (v) => [`${v}.0`],
  'wrong-json-type': otherType,
  'emoji-in-free-text': nonAsciiText,
  'very-long-free-text': () => ['Ab'.repeat(5_000)],
  'number-beyond-int-limits': (_v, c) => ['2147483648', '9223372036854775808', '9'.repeat(Math.min(100, c.maxLength ?? 100))],
  'calendar-edge-date': onCalendarEdges,
  'extreme-digit-strings': extremeDigits,
  'empty-in-optional': () => [''],
  'date-order-swapped': otherFieldOrder,
  'date-field-width': dateFieldWidths,
  'unknown-resource-id': () => [unknownResourceIdSlot],
  'violation-on-update': brokenOnUpdate,
  'identity-with-separators': identityWithSeparators,
  'digits-width-off-by-one': offByOneWidths,
  'decimal-locale-forms': localeDecimals,
  'calendar-extreme-date': calendarExtremes,
  'format-break-on-update': formatBreaksWithin,
  'list-item-near-miss': () => listItemNearMisses(heldCardIdSlot),
  // Every sign and every place of a space in every cell (a small class is enumerated), one request each;
  // where an operation has several such cells, the cells of one request start at different values.
  'digits-with-sign': (v, c) => signedDigits(v, spread(c, [0, 1])),
  'digits-with-space': (v, c) => spacedDigits(v, spread(c, [0, 1, 2])),
  'amount-part-missing': amountPartMissing,
  'valid-beyond-validator-rules': beyondValidatorRules,
  // Commas in every cell (the invariant culture's group mark, the one AllowThousands reads), then the other marks spread over the cells.
  'digit-group-separators': (v, c) => [groupedDigits(v, ','), groupedDigits(v, spread(c, otherGroupMarks))],
  // The plain upper-case form in every cell (1E3, what a float parser is written for), then the other forms spread over the cells.
  'exponent-notation': (v, c) => [scientific(v, 'E', ''), spread(c, otherExponentForms)(v)],
  // An enrolment a target accepts with a date that is no day makes a customer: 30 February alone there, so a later
  // night enrols no more than issue 30 allows (footprint-nights.run.test.ts); every other date cell gets all four.
  'impossible-calendar-date': (v, c) => impossibleDates(v, c.format!).slice(0, c.enrols ? 1 : undefined),
  // The larger bound exactly: a store sized for the smaller one breaks on it.
  'length-between-bounds': (v, c) => [`${v}${'x'.repeat(Math.max(0, (c.maxLength ?? v.length) - v.length))}`.slice(0, c.maxLength)],
};
