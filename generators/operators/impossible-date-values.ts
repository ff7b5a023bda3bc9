/**
 * Values of the class blind batch 17 showed missing (contract/operators/impossible-dates.ts): dates in
 * the valid value's own layout that name no calendar day, its year (and day or month) kept. Pure.
 */
import { acceptedRegExp } from '../../contract/index.js';
import { dateParts } from '../../contract/operators/impossible-dates.js';

const two = (n: number) => String(n).padStart(2, '0');

/** 30 February, 31 April, month 13 and day 00 written as `v` is (year first with its separator, or month first), those `format` admits. */
export function impossibleDates(v: string, format: string): readonly string[] {
  const p = dateParts(v);
  if (!p) return [];
  const separator = /[-/]/.exec(v)![0];
  const yearFirst = /^[0-9]{4}/.test(v);
  const write = (m: number, d: number) => (yearFirst ? [String(p.y), two(m), two(d)] : [two(m), two(d), String(p.y)]).join(separator);
  const accepted = acceptedRegExp(format);
  return [write(2, 30), write(4, 31), write(13, p.d), write(p.m, 0)].filter((x) => accepted.test(x));
}
