import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertedValidRegExp, defaults, formats, type FormatId } from '../../contract/index.js';
import {
  cardNumber, documentedFormLengths, email, formatBreaks, formatValue, guid, isLuhnValid, luhnCheckDigit, mmyy, mmyyBaseYear, personalData,
} from '../../generators/index.js';
import { acceptedRegExp } from '../../contract/index.js';

const seed = 1234;

describe('Luhn helpers', () => {
  it('know the textbook vector and the declined test card', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid(defaults.declinedCardNumber)).toBe(true);
    expect(isLuhnValid('4000-0000')).toBe(false);
  });

  it('appending the check digit makes any digit string valid; changing one digit breaks it', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 30 }), fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, at, delta) => {
      const n = partial + String(luhnCheckDigit(partial));
      expect(isLuhnValid(n)).toBe(true);
      const i = at % n.length;
      const changed = n.slice(0, i) + String((Number(n[i]) + delta) % 10) + n.slice(i + 1);
      expect(isLuhnValid(changed)).toBe(false);
    }), { seed });
  });

  it('cardNumber honours the length, Luhn, the declined number and the denied BIN', () => {
    fc.assert(fc.property(fc.integer({ min: 15, max: 19 }).chain((length) => cardNumber({ length }).map((n) => [length, n] as const)), ([length, n]) => {
      expect(n).toHaveLength(length);
      expect(isLuhnValid(n)).toBe(true);
      expect(n.startsWith(defaults.deniedCardBin)).toBe(false);
    }), { seed });
    const deniedPrefix = fc.sample(cardNumber({ length: 16, deniedCardBin: '4' }), { seed, numRuns: 50 });
    for (const n of deniedPrefix) expect(n.startsWith('4')).toBe(false);
  });
});

describe('format values', () => {
  it.each(Object.keys(formats))('%s: valid values match the asserted pattern, and the same seed repeats them', (id) => {
    const a = fc.sample(formatValue(id), { seed, numRuns: 200 });
    for (const v of a) expect(v).toMatch(assertedValidRegExp(id));
    expect(fc.sample(formatValue(id), { seed, numRuns: 200 })).toEqual(a);
  });

  it.each(Object.keys(formats))('%s: every break fails the widest pattern', (id) => {
    for (const arb of formatBreaks(id, { maxLength: 50 }))
      for (const b of fc.sample(arb, { seed, numRuns: 50 })) expect(acceptedRegExp(id).test(b.value), `${b.violation} ${b.value}`).toBe(false);
  });

  it('dateOfBirth breaks avoid the 8- and 10-character month-first forms (D9)', () => {
    expect(documentedFormLengths('dateOfBirth').sort((a, b) => a - b)).toEqual([8, 10]);
    for (const arb of formatBreaks('dateOfBirth' satisfies FormatId))
      for (const b of fc.sample(arb, { seed, numRuns: 100 })) {
        expect(b.value.length).not.toBe(8);
        expect(b.value).not.toMatch(/^[0-9]{2}[-/][0-9]{2}[-/][0-9]{4}$/);
      }
  });

  it('mmyy is in the future of the fixed base year; guid is lowercase v4; states are uppercase USPS codes', () => {
    for (const v of fc.sample(mmyy(), { seed, numRuns: 200 })) expect(2000 + Number(v.slice(2))).toBeGreaterThan(mmyyBaseYear);
    for (const v of fc.sample(guid(), { seed, numRuns: 50 })) expect(v).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const v of fc.sample(formatValue('stateCode'), { seed, numRuns: 100 })) expect(v).toMatch(/^[A-Z]{2}$/);
  });
});

describe('personalData', () => {
  it('gives unique ssn and e-mail within a source, the same people for the same seed', () => {
    const a = personalData({ seed: 7 });
    const people = Array.from({ length: 3000 }, () => a.next());
    expect(new Set(people.map((p) => p.ssn)).size).toBe(people.length);
    expect(new Set(people.map((p) => p.emailAddress)).size).toBe(people.length);
    for (const p of people.slice(0, 200)) {
      expect(p.ssn).toMatch(assertedValidRegExp('ssn'));
      expect(p.emailAddress).toMatch(assertedValidRegExp('email'));
      expect(p.dateOfBirth).toMatch(assertedValidRegExp('dateOfBirth'));
    }
    const b = personalData({ seed: 7 });
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(people.slice(0, 5));
    expect(personalData({ seed: 8 }).next()).not.toEqual(people[0]);
  });
});

describe('e-mail addresses at an exact length', () => {
  // Regression: a 100-character address had a 79-character local part, which RFC 5321
  // validators reject, so a conformant target could have been blamed for refusing it.
  it('keep the local part within 64 characters and every domain label within 63', () => {
    for (const length of [6, 7, 30, 64, 100, 150]) {
      fc.assert(fc.property(email({ length }), (value) => {
        const [local, domain] = value.split('@') as [string, string];
        expect(value).toHaveLength(length);
        expect(local.length).toBeLessThanOrEqual(64);
        for (const label of domain.split('.')) expect(label.length).toBeGreaterThan(0);
        for (const label of domain.split('.')) expect(label.length).toBeLessThanOrEqual(63);
        expect(value).toMatch(assertedValidRegExp('email'));
      }), { seed, numRuns: 20 });
    }
  });
});
