import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedRegExp } from '../../contract/index.js';
import { ambiguousDateOfBirth, ambiguousMonthDay, ambiguousPairs, birthYears, familyPerson, FreshValues } from '../../generators/index.js';

/**
 * blind15: a date of birth the harness enrols and reads back is ambiguous (day 1 to 12, not its
 * month), so a day and month swapped by either the enrolment or the lookup names another real day.
 */
const swapsIntoAnotherDay = (iso: string) => {
  const [, month, day] = iso.split(/[-/]/).map(Number) as [number, number, number];
  return day >= 1 && day <= 12 && day !== month;
};

describe('dates written and read back (blind15)', () => {
  it('ambiguousMonthDay gives every swappable pair once, and only those', () => {
    const pairs = Array.from({ length: ambiguousPairs }, (_, i) => ambiguousMonthDay(i));
    expect(new Set(pairs.map((p) => `${p.month}-${p.day}`)).size).toBe(ambiguousPairs);
    for (const p of pairs) expect(p.day !== p.month && p.day <= 12 && p.month <= 12 && p.day >= 1 && p.month >= 1).toBe(true);
    // a fraction of a draw stays inside the pairs
    expect(ambiguousMonthDay(ambiguousPairs - 0.5)).toEqual(pairs.at(-1));
  });

  it('fresh and family identities are born on ambiguous days within the birth years, both months and days spread', () => {
    const fresh = new FreshValues({ run: 0x5eed, lane: 1 });
    const people = [...Array.from({ length: 500 }, () => fresh.person()), ...Array.from({ length: 500 }, (_, slot) => familyPerson('c0ffee'.repeat(10), slot))];
    for (const p of people) {
      expect(p.dateOfBirth).toMatch(acceptedRegExp('dateOfBirth'));
      expect(swapsIntoAnotherDay(p.dateOfBirth), p.dateOfBirth).toBe(true);
      const year = Number(p.dateOfBirth.slice(0, 4));
      expect(year >= birthYears.minYear && year <= birthYears.maxYear).toBe(true);
    }
    expect(new Set(people.map((p) => p.dateOfBirth.slice(5, 7))).size).toBe(12);
    expect(new Set(people.map((p) => p.dateOfBirth.slice(8, 10))).size).toBe(12);
  });

  it('the D9 scenario\'s generated dates are ambiguous in the form asked', () => {
    for (const sep of ['-', '/'] as const)
      fc.assert(fc.property(ambiguousDateOfBirth(sep), (d) => acceptedRegExp('dateOfBirth').test(d) && d.split(sep).length === 3 && swapsIntoAnotherDay(d)), { seed: 1 });
  });
});
