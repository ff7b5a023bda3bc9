/**
 * FindCustomer's keys each changed alone (FIND-EVERY-KEY): the lookup is keyed on the SSN and the
 * date of birth together, so an identity that keeps one key and misses the other by the part a
 * lenient comparison drops names no customer. Each key gets the near misses real lookups let through.
 */
import { itinSharingLastFour } from '../../../generators/fresh.js';

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
 * Other taxpayer numbers for the same date of birth: one sharing the last four digits (the
 * identity check of a call centre, a masked column), new by construction (generators/fresh.ts).
 */
export const nearSsns = (ssn: string): string[] => [itinSharingLastFour(ssn)];
