/**
 * Values of the classes blind batch 11 showed missing (contract/operators/value-classes.ts), built
 * from a cell's valid value so a stand-in for target state inside it is kept where it can be. Pure.
 */
import { groupedDigits } from './digit-group-values.js';
import fc from 'fast-check';
import { nearMissVerdict, toleratedRegExp } from '../../contract/index.js';
import { calendarExtremeDays, digitWidths } from '../../contract/operators/value-classes.js';
import { breakClasses } from '../format-breaks.js';
import type { Cell } from '../../contract/operators/index.js';

/** One digit short and one digit long of the format's widths: the valid digits cut, or padded with 1s. */
export const offByOneWidths = (v: string, c: Cell): readonly string[] => {
  const w = digitWidths(c.format!);
  if (!w || !/^[0-9]+$/.test(v)) return [];
  return [...(w.min > 1 ? [v.slice(0, w.min - 1)] : []), v.padEnd(w.max + 1, '1').slice(0, w.max + 1)];
};

/**
 * The locale forms of a decimal: its point as a comma (a decimal number without one gets `,5`), and its
 * integer part in groups of three with a space (padded with 1s to four digits, within DDDDD). Groups with
 * a comma are digit-group-separators' (every numeral cell, blind batch 16), not sent twice.
 */
export const localeDecimals = (v: string): readonly string[] => {
  const [whole = '', cents] = v.split('.');
  return [cents === undefined ? `${whole},5` : `${whole},${cents}`, groupedDigits(v, ' ')];
};

/** The calendar's extremes, and a store's epochs around them (smalldatetime starts in 1900). */
const extremes = calendarExtremeDays;

/** Each extreme in the layout of `v`: year first with its own separator, or month first (MM-DD-YYYY). */
export const calendarExtremes = (v: string): readonly string[] => {
  const year = /^[0-9]{4}([-/])[0-9]{2}[-/][0-9]{2}$/.exec(v);
  if (year) return extremes.map(([y, m, d]) => [y, m, d].join(year[1]));
  const month = /^[0-9]{2}([-/])[0-9]{2}[-/][0-9]{4}$/.exec(v);
  return month ? extremes.map(([y, m, d]) => [m, d, y].join(month[1])) : [];
};

/**
 * One value of every format break the document's words exclude (contract/near-misses.ts "fails a
 * target"), within the length column so the format alone is broken (the update path's length
 * breaks are violation-on-update's): MMYY month 13, month 00, a letter; a BIN of too few digits.
 * Drawn with a fixed seed, so the request is the same on every run.
 */
export const formatBreaksWithin = (_v: string, c: Cell): readonly string[] => {
  const tolerated = toleratedRegExp(c.format!);
  const fits = (x: string) => !tolerated.test(x) && x.length <= (c.maxLength ?? Infinity) && x.length >= (c.minLength ?? 0);
  const out = breakClasses(c.format!, c.maxLength === undefined ? {} : { maxLength: c.maxLength })
    .filter((k) => nearMissVerdict(c.format!, k.violation) === 'fails')
    .flatMap((k) => fc.sample(k.values, { seed: 11, numRuns: 20 }).filter(fits).slice(0, 1));
  return [...new Set(out)];
};

/**
 * Near misses of one item of a comma-separated list, every item naming the card the customer holds (so
 * a target that repairs the list takes it): whitespace after a comma (D41: whitespace in a GUID) and an
 * empty item between two. A leading or trailing comma is filter-empty-entry's (suites/lib/ownership).
 */
export const listItemNearMisses = (held: string): readonly string[] => [`${held}, ${held}`, `${held},,${held}`];

/**
 * Separators a list parser may take beside the documented comma (blind17: `Split(new[] { ',', ';' })`):
 * a semicolon (CSV in a comma-decimal locale), a vertical bar, a space and a tab (whitespace splits).
 */
export const otherListSeparators: readonly string[] = [';', '|', ' ', '\t'];

/**
 * Lists of no item: commas and spaces only (blind18: `Split(',', RemoveEmptyEntries).Any()` took such a
 * filter for one not sent). Present, the attribute is still given: beside the other filter it is both
 * filters, alone an invalid value (D19). The empty string is D29's and stays out.
 */
export const listsOfNoItem: readonly string[] = [',', ',,', ' , '];
