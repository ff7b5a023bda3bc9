/**
 * The class blind batch 17 showed missing (FindCustomer read dateOfBirth with a lenient calendar that
 * rolls 1990-02-30 over to 1990-03-02), applied to every date cell: a date in the field's own layout
 * that names no calendar day (30 February, 31 April, month 13, day 00). D9 asserts only a date of
 * birth's length, and a reading may check the calendar (blind-dates-calendar-checked, 400), so the
 * value is open: never 5xx, a 4xx carries a JSON error body. What a lookup must not do with it (name
 * the customer born on the day it rolls over to) is FIND-EVERY-KEY's, sent by the business suite
 * (suites/lib/business/near-keys.ts). MM-DD-YYYY's pattern excludes month 13 and day 00: those are
 * its format violations, sent by the field rules, so there only the days its pattern admits go out.
 * @see decisions.md D9; interface.md "YYYY/MM/DD or YYYY-MM-DD", AddCustomerAttributes "MM-DD-YYYY"
 */
import type { Cell } from './cells.js';
import { fixedFormat } from './predicates.js';
import { fullDateFormats } from './value-classes.js';
import type { Operator } from './types.js';

/** Year, month and day of a date written year first or month first with `-` or `/`; undefined for any other text. */
export function dateParts(v: string): { y: number; m: number; d: number } | undefined {
  const year = /^([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})$/.exec(v);
  if (year) return { y: Number(year[1]), m: Number(year[2]), d: Number(year[3]) };
  const month = /^([0-9]{2})[-/]([0-9]{2})[-/]([0-9]{4})$/.exec(v);
  return month ? { y: Number(month[3]), m: Number(month[1]), d: Number(month[2]) } : undefined;
}

/** Days in month `m` (1-12) of year `y`, leap years included. */
export const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A value of a whole-date format, in one of its layouts, that names no calendar day: the audit reads it open as the run does. */
export const impossibleCalendarDate = (format: string, v: string): boolean => {
  const p = fullDateFormats.includes(format) ? dateParts(v) : undefined;
  return p !== undefined && (p.m < 1 || p.m > 12 || p.d < 1 || p.d > daysIn(p.y, p.m));
};

const wholeDate = (c: Cell): boolean => fixedFormat(c) && fullDateFormats.includes(c.format!);

export const impossibleDateOperators: readonly Operator[] = [
  {
    id: 'impossible-calendar-date', family: 'value-robustness',
    sends: 'a date in the field\'s layout that names no calendar day: 30 February, 31 April, month 13, day 00 (those its pattern admits), one request each',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: wholeDate, asserts: () => 'open',
    backing: ['interface.md "YYYY/MM/DD or YYYY-MM-DD", "MM-DD-YYYY": no calendar check is documented', 'D9 (only lengths of a date of birth are asserted); a reading may refuse it (blind-dates-calendar-checked)'],
  },
];
