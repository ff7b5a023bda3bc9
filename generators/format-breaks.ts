import fc from 'fast-check';
import { formatOf, nearMissVerdict, toleratedRegExp, type FormatId, type NearMissVerdict } from '../contract/index.js';
import { formatValue, patternRepeat, type ValueOptions } from './format-values.js';
import { formatMistakes, namedBreak, type NamedBreak } from './format-mistakes.js';
import { documentedFormLengths } from './lengths.js';
import { digits, lowerChars, replaceAt, resize, stringOf } from './text.js';

/** A value that breaks a format rule, and the name of the way it breaks it. */
export interface FormatBreak {
  readonly value: string;
  readonly violation: string;
}

type Breaks = (valid: fc.Arbitrary<string>, o: BreakOptions) => NamedBreak[];

export interface BreakOptions extends ValueOptions {
  /** Longest value the field's length column allows: a format break stays within it. */
  readonly maxLength?: number;
}

/** One character replaced by a letter, length kept. */
const letters: Breaks = (valid) => [
  namedBreak('format-letters', valid.chain((v) => fc.tuple(fc.nat(v.length - 1), fc.constantFrom(...'abcxyzQ'.split(''))).map(([i, c]) => replaceAt(v, i, c)))),
];

/** An inner character replaced by '-' or ' ', length kept. */
const separators: Breaks = (valid) => [
  namedBreak('format-separator', valid.chain((v) => fc.tuple(fc.integer({ min: 1, max: v.length - 2 }), fc.constantFrom('-', ' ')).map(([i, c]) => replaceAt(v, i, c)))),
];

const both = (...parts: Breaks[]): Breaks => (valid, o) => parts.flatMap((p) => p(valid, o));

/** Digit strings of lengths the pattern refuses (a D28 column may allow them; the format does not). */
const digitCount = (id: string): Breaks => (_valid, o) => {
  const { min, max } = patternRepeat(id);
  const top = Math.min(o.maxLength ?? max + 4, max + 4);
  const lengths = [...Array.from({ length: min - 1 }, (_, i) => i + 1), ...Array.from({ length: Math.max(0, top - max) }, (_, i) => max + 1 + i)];
  return lengths.length ? [namedBreak('format-digit-count', fc.constantFrom(...lengths).chain((length) => digits({ length })))] : [];
};

const guidBreaks: Breaks = (valid) => [
  namedBreak('format-non-hex', valid.chain((v) => fc.tuple(fc.integer({ min: 0, max: 7 }), fc.constantFrom('g', 'x', 'z', 'G')).map(([i, c]) => replaceAt(v, i, c)))),
  namedBreak('format-misgrouped', valid.map((v) => v.replace(/-/g, '')).map((hex) => [hex.slice(0, 9), hex.slice(9, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-'))),
];

const byFormat: Record<FormatId, Breaks> = {
  ssn: both(letters, separators),
  dateOfBirth: (valid) => {
    const documented = documentedFormLengths('dateOfBirth');
    const longest = Math.max(...documented);
    const lengths = Array.from({ length: longest + 6 }, (_, i) => i + 1).filter((l) => !documented.includes(l));
    return [
      namedBreak('format-text', stringOf({ chars: lowerChars, minLength: longest, maxLength: longest })),
      namedBreak('format-wrong-length', fc.tuple(valid, fc.constantFrom(...lengths)).map(([v, l]) => resize(v, l))),
    ];
  },
  email: (valid) => [namedBreak('format-no-at', valid.map((v) => v.replace('@', '.')))],
  phone10: both(letters, separators),
  stateCode: (valid) => [namedBreak('format-digits', valid.chain((v) => digits({ length: v.length })))],
  zip5: letters,
  gender: () => [namedBreak('format-not-m-or-f', fc.constantFrom('X', 'U', '0', 'x', 'Male'))],
  cardNumber: both(letters, separators),
  mmyy: (valid, o) => [
    namedBreak('format-month-00', valid.map((v) => `00${v.slice(2)}`)),
    namedBreak('format-month-13', valid.map((v) => `13${v.slice(2)}`)),
    ...letters(valid, o),
  ],
  cardBin: both(letters, digitCount('cardBin')),
  guid: guidBreaks,
  // D38: not one of the two words in any letter case.
  trueFalse: () => [namedBreak('format-not-true-false', fc.constantFrom('Yes', 'no', 'Y', 'N', 'X', 'maybe'))],
  amount: (valid, o) => [
    namedBreak('format-no-point', valid.map((v) => v.replace('.', ''))),
    // What a lenient money parser strips: a thousands separator, a currency sign.
    namedBreak('format-thousands-separator', valid.map((v) => `${v.slice(0, 2)},${v.slice(2)}`)),
    namedBreak('format-currency-sign', valid.map((v) => `$${v}`)),
    namedBreak('format-too-many-digits', valid.map((v) => `1${v}`)),
    namedBreak('format-one-cent-digit', valid.map((v) => v.slice(0, -1))),
    ...letters(valid, o),
  ],
  // One class each, so the coverage phase sends every one whatever the seed.
  count: (valid, o) => [
    namedBreak('format-negative', valid.map((v) => `-${v.replace(/^0+/, '') || '1'}`)), namedBreak('format-fraction', valid.map((v) => `${v}.5`)),
    namedBreak('format-not-a-count', fc.constantFrom('ten', 'many')), ...letters(valid, o),
  ],
  decimalNumber: (valid, o) => [
    // '.5' and '5.' are left out: D31 names letters, signs and separators other than one '.' as breaks, and a decimal parser may take either.
    namedBreak('format-not-a-number', fc.constantFrom('-1', '+2', '2,5', '1.2.3', '1 000', 'ten')),
    ...letters(valid, o),
  ],
  mmddyyyy: (valid) => [
    namedBreak('format-month-13', valid.map((v) => `13${v.slice(2)}`)),
    namedBreak('format-year-first', valid.map((v) => `${v.slice(6)}-${v.slice(0, 5)}`)),
  ],
  guidList: (valid, o) => [namedBreak('format-trailing-comma', valid.map((v) => `${v},`)), ...guidBreaks(valid, o)],
};

/** Every class of break of format `id`, the near misses of format-mistakes.ts among them. */
export function breakClasses(id: string, options: BreakOptions = {}): NamedBreak[] {
  formatOf(id);
  const valid = formatValue(id, options);
  return [...byFormat[id as FormatId](valid, options), ...formatMistakes(id, valid)];
}

/** The classes whose verdict (contract/near-misses.ts) is `verdict`; a class without a row throws there. */
const withVerdict = (id: string, classes: readonly NamedBreak[], verdict: NearMissVerdict) =>
  classes.filter((c) => nearMissVerdict(id, c.violation) === verdict);

const asBreak = (c: NamedBreak): fc.Arbitrary<FormatBreak> => c.values.map((value) => ({ value, violation: c.violation }));

/** Keeps the values that fail the widest pattern any reading accepts (toleratedPattern) and fit the length column. */
function refusedByEveryReading(id: string, options: BreakOptions): (a: fc.Arbitrary<FormatBreak>) => fc.Arbitrary<FormatBreak> {
  const tolerated = toleratedRegExp(id);
  return (a) => a.filter((b) => !tolerated.test(b.value) && (options.maxLength === undefined || b.value.length <= options.maxLength));
}

/**
 * Values breaking the format `id` and nothing decisions.md leaves open: each class is one the
 * document's words exclude, and each value fails the widest pattern a conformant target may
 * accept. The near misses of format-mistakes.ts that fail are among them.
 */
export function formatBreaks(id: string, options: BreakOptions = {}): fc.Arbitrary<FormatBreak>[] {
  return withVerdict(id, breakClasses(id, options), 'fails').map(asBreak).map(refusedByEveryReading(id, options));
}

/** Only the near misses of format `id` (format-mistakes.ts) that fail a target, filtered as formatBreaks filters. */
export function nearMissBreaks(id: string, options: BreakOptions = {}): fc.Arbitrary<FormatBreak>[] {
  formatOf(id);
  return withVerdict(id, formatMistakes(id, formatValue(id, options)), 'fails').map(asBreak).map(refusedByEveryReading(id, options));
}

/**
 * The near misses a conformant target may accept or refuse (D38, D39): sent to observe, never to
 * fail. Built from `valid` when given (the value a payload already carries), else from any valid value.
 */
export function openNearMisses(id: string, options: BreakOptions = {}, valid?: string): fc.Arbitrary<FormatBreak>[] {
  formatOf(id);
  return withVerdict(id, formatMistakes(id, valid === undefined ? formatValue(id, options) : fc.constant(valid)), 'observes').map(asBreak)
    .map((a) => a.filter((b) => options.maxLength === undefined || b.value.length <= options.maxLength));
}
