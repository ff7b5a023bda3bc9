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
