import fc from 'fast-check';
import { acceptedRegExp, formatOf, type FormatId } from '../contract/index.js';
import { formatValue, patternRepeat, type ValueOptions } from './format-values.js';
import { formatMistakes } from './format-mistakes.js';
import { documentedFormLengths } from './lengths.js';
import { digits, lowerChars, replaceAt, resize, stringOf } from './text.js';

/** A value that breaks a format rule, and the name of the way it breaks it. */
export interface FormatBreak {
  readonly value: string;
  readonly violation: string;
}

type Breaks = (valid: fc.Arbitrary<string>, o: BreakOptions) => fc.Arbitrary<FormatBreak>[];

export interface BreakOptions extends ValueOptions {
  /** Longest value the field's length column allows: a format break stays within it. */
  readonly maxLength?: number;
}

const named = (violation: string) => (value: string): FormatBreak => ({ value, violation });

/** One character replaced by a letter, length kept. */
const letters: Breaks = (valid) => [
  valid.chain((v) => fc.tuple(fc.nat(v.length - 1), fc.constantFrom(...'abcxyzQ'.split(''))).map(([i, c]) => replaceAt(v, i, c))).map(named('format-letters')),
];

/** An inner character replaced by '-' or ' ', length kept. */
const separators: Breaks = (valid) => [
  valid.chain((v) => fc.tuple(fc.integer({ min: 1, max: v.length - 2 }), fc.constantFrom('-', ' ')).map(([i, c]) => replaceAt(v, i, c))).map(named('format-separator')),
];

const both = (...parts: Breaks[]): Breaks => (valid, o) => parts.flatMap((p) => p(valid, o));

/** Digit strings of lengths the pattern refuses (a D28 column may allow them; the format does not). */
const digitCount = (id: string): Breaks => (_valid, o) => {
  const { min, max } = patternRepeat(id);
  const top = Math.min(o.maxLength ?? max + 4, max + 4);
  const lengths = [...Array.from({ length: min - 1 }, (_, i) => i + 1), ...Array.from({ length: Math.max(0, top - max) }, (_, i) => max + 1 + i)];
  return lengths.length ? [fc.constantFrom(...lengths).chain((length) => digits({ length })).map(named('format-digit-count'))] : [];
};

const guidBreaks: Breaks = (valid) => [
  valid.chain((v) => fc.tuple(fc.integer({ min: 0, max: 7 }), fc.constantFrom('g', 'x', 'z', 'G')).map(([i, c]) => replaceAt(v, i, c))).map(named('format-non-hex')),
  valid.map((v) => v.replace(/-/g, '')).map((hex) => [hex.slice(0, 9), hex.slice(9, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-')).map(named('format-misgrouped')),
];

const byFormat: Record<FormatId, Breaks> = {
  ssn: both(letters, separators),
  dateOfBirth: (valid) => {
    const documented = documentedFormLengths('dateOfBirth');
    const longest = Math.max(...documented);
    const lengths = Array.from({ length: longest + 6 }, (_, i) => i + 1).filter((l) => !documented.includes(l));
    return [
      stringOf({ chars: lowerChars, minLength: longest, maxLength: longest }).map(named('format-text')),
      fc.tuple(valid, fc.constantFrom(...lengths)).map(([v, l]) => resize(v, l)).map(named('format-wrong-length')),
    ];
  },
  email: (valid) => [valid.map((v) => v.replace('@', '.')).map(named('format-no-at'))],
  phone10: both(letters, separators),
  stateCode: (valid) => [valid.chain((v) => digits({ length: v.length })).map(named('format-digits'))],
  zip5: letters,
  gender: () => [fc.constantFrom('X', 'U', '0').map(named('format-not-m-or-f'))],
  cardNumber: both(letters, separators),
  mmyy: (valid) => [
    valid.map((v) => `00${v.slice(2)}`).map(named('format-month-00')),
    valid.map((v) => `13${v.slice(2)}`).map(named('format-month-13')),
    ...letters(valid, {}),
  ],
  cardBin: both(letters, digitCount('cardBin')),
  guid: guidBreaks,
  trueFalse: () => [fc.constantFrom('Yes', 'No', 'maybe').map(named('format-not-true-false'))],
  amount: (valid) => [
    valid.map((v) => v.replace('.', '')).map(named('format-no-point')),
    valid.map((v) => `1${v}`).map(named('format-too-many-digits')),
    valid.map((v) => v.slice(0, -1)).map(named('format-one-cent-digit')),
    ...letters(valid, {}),
  ],
  count: (valid) => [fc.constantFrom('-1', '1.5', 'ten').map(named('format-not-a-count')), ...letters(valid, {})],
  decimalNumber: (valid) => [
    // '.5' and '5.' are left out: D31 names letters, signs and separators other than one '.' as breaks, and a decimal parser may take either.
    fc.constantFrom('-1', '+2', '2,5', '1.2.3', '1 000', 'ten').map(named('format-not-a-number')),
    ...letters(valid, {}),
  ],
  mmddyyyy: (valid) => [
    valid.map((v) => `13${v.slice(2)}`).map(named('format-month-13')),
    valid.map((v) => `${v.slice(6)}-${v.slice(0, 5)}`).map(named('format-year-first')),
  ],
  guidList: (valid) => [
    valid.map((v) => `${v},`).map(named('format-trailing-comma')),
    ...guidBreaks(valid, {}).map((a) => a.map((b) => ({ ...b, violation: `${b.violation}` }))),
  ],
};

/** Keeps the breaks that fail the widest pattern (no reading accepts them) and fit the length column. */
function refusedByEveryReading(id: string, options: BreakOptions): (a: fc.Arbitrary<FormatBreak>) => fc.Arbitrary<FormatBreak> {
  const accepted = acceptedRegExp(id);
  return (a) => a.filter((b) => !accepted.test(b.value) && (options.maxLength === undefined || b.value.length <= options.maxLength));
}

/**
 * Values breaking the format `id` and nothing decisions.md leaves open: each fails the
 * reference's own (widest) pattern, so no reading of the document accepts it. The near misses
 * of format-mistakes.ts are among them.
 */
export function formatBreaks(id: string, options: BreakOptions = {}): fc.Arbitrary<FormatBreak>[] {
  formatOf(id);
  const valid = formatValue(id, options);
  return [...byFormat[id as FormatId](valid, options), ...formatMistakes(id, valid)].map(refusedByEveryReading(id, options));
}

/** Only the near misses of format `id` (format-mistakes.ts), filtered as formatBreaks filters. */
export function nearMissBreaks(id: string, options: BreakOptions = {}): fc.Arbitrary<FormatBreak>[] {
  return formatMistakes(id, formatValue(id, options)).map(refusedByEveryReading(id, options));
}
