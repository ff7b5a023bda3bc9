/**
 * FindCustomer's keys each changed alone (FIND-EVERY-KEY): the lookup is keyed on the SSN and the
 * date of birth together, so an identity that keeps one key and misses the other by the part a
 * lenient comparison drops names no customer. Each key gets the near misses real lookups let through.
 */
import { itinSharingLastFour } from '../../../generators/fresh.js';
import { daysIn } from '../../../contract/operators/impossible-dates.js';

/**
 * Real dates one year, one month and one day off, in the same form (a day past the 28th becomes the
 * 28th where the month changes): a lookup must match on every part of every key, not the SSN alone
 * or the date to the month (a one-off in each part, the smallest miss a lenient comparison lets through).
 */
export const nearDatesOfBirth = (dob: string): string[] => {
  const parts = /^([0-9]{4})(\D)([0-9]{2})(\D)([0-9]{2})$/.exec(dob);
  if (!parts) return [];
  const [, y, a, m, b, d] = parts as unknown as [string, string, string, string, string, string];
  const two = (n: number) => String(n).padStart(2, '0');
  const day = Math.min(Number(d), 28);
  return [
    `${Number(y) - 1}${a}${m}${b}${two(day)}`,
    `${y}${a}${two(Number(m) < 12 ? Number(m) + 1 : Number(m) - 1)}${b}${two(day)}`,
    `${y}${a}${m}${b}${two(Number(d) < 28 ? Number(d) + 1 : Number(d) - 1)}`,
  ];
};

/**
 * blind17: the dates that name no calendar day and that a lenient calendar rolls onto `dob` (YYYY-MM-DD
 * or YYYY/MM/DD): a day past the end of the month before (1990-02-30 for 1990-03-02), month 13 of the
 * year before (for January), month 00 of the year after (for December), day 00 of the month after (for
 * a month's last day). Each in both year-first forms (D9: the same date), so a parser of one form only shows.
 */
export const impossibleDatesOnto = (dob: string): string[] => {
  const parts = /^([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})$/.exec(dob);
  if (!parts) return [];
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const two = (n: number) => String(n).padStart(2, '0');
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const dates: Array<[number, number, number]> = [];
  if (daysIn(py, pm) + d <= 31) dates.push([py, pm, daysIn(py, pm) + d]);
  if (m === 1) dates.push([y - 1, 13, d]);
  if (m === 12) dates.push([y + 1, 0, d]);
  if (d === daysIn(y, m)) dates.push(m === 12 ? [y + 1, 1, 0] : [y, m + 1, 0]);
  return dates.flatMap(([a, b, c]) => ['-', '/'].map((s) => [String(a), two(b), two(c)].join(s)));
};

/**
 * Other taxpayer numbers for the same date of birth: one sharing the last four digits (the
 * identity check of a call centre, a masked column), new by construction (generators/fresh.ts).
 */
export const nearSsns = (ssn: string): string[] => [itinSharingLastFour(ssn)];
