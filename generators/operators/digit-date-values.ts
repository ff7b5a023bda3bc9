/**
 * Values of two operators that keep a fixed format's own alphabet (issue 27, blind batch 8): digit
 * strings at the extremes of a digits-only format, and a date in its other field order. Pure.
 */
import { extremeDigitStrings, type Cell } from '../../contract/operators/index.js';

/** All zeros and all nines at the valid value's length; in an SSN also each group zeroed alone (contract: extremeDigitStrings). */
export const extremeDigits = (v: string, c: Cell): readonly string[] => extremeDigitStrings(c.format, v);

/** Two digits past 12 (a day or a year in a month's place): 05 becomes 17, 27 stays. */
const past12 = (d: string): string => (Number(d) > 12 ? d : String(Number(d) + 12).padStart(2, '0'));

/**
 * The other field order of a date, its leading field past 12 so the documented order cannot read
 * it: MMYY as YYMM, YYYY-MM-DD as YYYY-DD-MM (the separator kept), MM-DD-YYYY as DD-MM-YYYY.
 */
export const otherFieldOrder = (v: string): readonly string[] => {
  if (/^[0-9]{4}$/.test(v)) return [`${past12(v.slice(2))}${v.slice(0, 2)}`];
  const year = /^([0-9]{4})([-/])([0-9]{2})[-/]([0-9]{2})$/.exec(v);
  if (year) return [[year[1], past12(year[4]!), year[3]].join(year[2])];
  const month = /^([0-9]{2})([-/])([0-9]{2})[-/]([0-9]{4})$/.exec(v);
  return month ? [[past12(month[3]!), month[1], month[4]].join(month[2])] : [];
};

/** A month or day as one digit: its own value where it is below 10, else one every month has (1 for a month, 9 for a day). */
const oneDigit = (d: string, fallback: string): string => (Number(d) < 10 ? String(Number(d)) : fallback);

/**
 * A date with one field one digit short or one digit long (operator date-field-width): the month
 * short, the day short, the day with a zero too many, one field at a time (both short is 8
 * characters, a length D9 leaves open). Year-first dates take both D9 separators (the month short
 * with dashes, the day short with slashes), whatever form the payload's valid value has; MM-DD-YYYY keeps its own.
 */
export const dateFieldWidths = (v: string): readonly string[] => {
  const year = /^([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})$/.exec(v);
  if (year) {
    const [, y, m, d] = year as unknown as [string, string, string, string];
    return [`${y}-${oneDigit(m, '1')}-${d}`, `${y}/${m}/${oneDigit(d, '9')}`, `${y}-${m}-0${d}`];
  }
  const month = /^([0-9]{2})([-/])([0-9]{2})[-/]([0-9]{4})$/.exec(v);
  if (!month) return [];
  const [, m, s, d, y] = month as unknown as [string, string, string, string, string];
  return [[oneDigit(m, '1'), d, y].join(s), [m, oneDigit(d, '9'), y].join(s), [m, `0${d}`, y].join(s)];
};

/** The groups an identity is written in by people: an SSN 3-2-4, a card number in fours. */
const groupsOf = (format: string | undefined, v: string): number[] =>
  format === 'ssn' ? [3, 2, 4] : Array.from({ length: Math.ceil(v.length / 4) }, (_, i) => Math.min(4, v.length - 4 * i));

/** `v` in its groups joined by `separator` (4111-1111-1111-1111). */
export const grouped = (v: string, groups: readonly number[], separator: string): string => {
  const out: string[] = [];
  let at = 0;
  groups.forEach((n, i) => out.push(v.slice(at, (at = i === groups.length - 1 ? v.length : at + n))));
  return out.filter((g) => g !== '').join(separator);
};

/** Operator identity-with-separators: the identity with dashes, then with spaces, between its groups. */
export const identityWithSeparators = (v: string, c: Cell): readonly string[] => ['-', ' '].map((s) => grouped(v, groupsOf(c.format, v), s));
