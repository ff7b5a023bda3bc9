import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertedValidRegExp, defaults, operation } from '../../contract/index.js';
import { cardBin, cardNumber, cardToken, email, familyPerson, FreshValues, isLuhnValid, itinSharingLastFour, itinsPerLane, maxLanes, perLane } from '../../generators/index.js';


/**
 * generators/fresh.ts: values the harness calls new keep their format (length, alphabet, Luhn, the
 * declined number and denied BIN avoided) and never repeat, within a worker or across workers of a run.
 */
const lanes = [0, 1, maxLanes - 1].map((lane) => new FreshValues({ run: 0x5eed, lane }));
const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);

describe('fresh values', () => {
  it('card numbers keep length, issuer and Luhn, avoid the declined number and denied BIN, and never repeat', () => {
    const drawn = fc.sample(fc.integer({ min: 15, max: 19 }).chain((length) => cardNumber({ length })), { seed: 3, numRuns: 2000 });
    const made = lanes.flatMap((f) => drawn.map((d) => [d, f.cardNumber(d)] as const));
    for (const [d, n] of made) {
      expect(n).toHaveLength(d.length);
      expect(n[0]).toBe(d[0]);
      expect(n.slice(-4), 'the last four a story names the card by').toBe(d.slice(-4));
      expect(isLuhnValid(n)).toBe(true);
      expect(n).not.toBe(defaults.declinedCardNumber);
      expect(n.startsWith(defaults.deniedCardBin)).toBe(false);
    }
    unique(made.map(([, n]) => n));
  });

  it('masked twins keep length, first six and last four, change what lies between (Luhn-valid numbers), and differ across lanes', () => {
    const numbers = [defaults.declinedCardNumber, ...fc.sample(fc.integer({ min: 15, max: 19 }).chain((length) => cardNumber({ length })), { seed: 5, numRuns: 200 })];
    const tokens = fc.sample(cardToken({ minLength: 16, maxLength: 255 }), { seed: 6, numRuns: 200 });
    for (const v of [...numbers, ...tokens]) {
      const twins = lanes.map((f) => f.maskedTwin(v)!);
      for (const t of twins) {
        expect(t).toHaveLength(v.length);
        expect([t.slice(0, 6), t.slice(-4)]).toEqual([v.slice(0, 6), v.slice(-4)]);
        expect(t).not.toBe(v);
        if (/^[0-9]+$/.test(v)) expect(isLuhnValid(t)).toBe(true);
      }
      unique(twins);
    }
    expect(lanes[0]!.maskedTwin('abcdefghij'), 'nothing between the kept characters').toBeUndefined();
  });

  it('tokens keep their length (within 255), are never all digits (so never a card number), and never repeat', () => {
    const max = operation('AddOrUpdateTokenizedCard').fields.find((f) => f.name === 'cardToken')!.maxLength!;
    const drawn = fc.sample(cardToken({ minLength: 12, maxLength: max }), { seed: 4, numRuns: 2000 });
    const made = lanes.flatMap((f) => drawn.map((d) => [d, f.cardToken(d)] as const));
    for (const [d, t] of made) {
      expect(t).toHaveLength(d.length);
      expect(t.slice(-4)).toBe(d.slice(-4));
      expect(t).not.toMatch(/^[0-9]+$/);
    }
    unique(made.map(([, t]) => t));
  });

  it('SSNs are nine digits of a valid area, e-mails valid and short, GUIDs version 4: none repeats across lanes', () => {
    const people = lanes.flatMap((f) => Array.from({ length: 3000 }, () => f.person()));
    for (const p of people.slice(0, 500)) {
      expect(p.ssn).toMatch(/^(?!000|666|9)[0-9]{3}(?!00)[0-9]{2}(?!0000)[0-9]{4}$/);
      expect(p.ssn).toMatch(assertedValidRegExp('ssn'));
      expect(p.emailAddress).toMatch(assertedValidRegExp('email'));
      expect(p.emailAddress.length).toBeLessThanOrEqual(100);
    }
    unique(people.map((p) => p.ssn));
    unique(people.map((p) => p.emailAddress));
    const guids = lanes.flatMap((f) => Array.from({ length: 1000 }, () => f.guid()));
    for (const g of guids) expect(g).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    unique(guids);
  });

  it('an e-mail drawn at a length bound made new keeps its length and form, stays valid, and never repeats, even at the shortest', () => {
    const drawn = fc.sample(fc.integer({ min: 6, max: 100 }).chain((length) => email({ length })), { seed: 5, numRuns: 300 });
    const made = lanes.flatMap((f) => drawn.map((d) => [d, f.emailLike(d)] as const));
    for (const [d, e] of made) {
      expect(e).toHaveLength(d.length);
      expect([e.indexOf('@'), e.lastIndexOf('.')]).toEqual([d.indexOf('@'), d.lastIndexOf('.')]);
      expect(e).toMatch(assertedValidRegExp('email'));
    }
    unique(made.map(([, e]) => e));
    // A case run again after a lost enrolment draws the same bound value: each run of it is another address.
    const shortest = lanes.flatMap((f) => Array.from({ length: 500 }, () => f.emailLike('a@b.cc')));
    unique(shortest);
  });

  it('an SSN with a leading zero is valid, begins with 0, and is new like any other', () => {
    const drawn = lanes.flatMap((f) => Array.from({ length: 200 }, (_, i) => (i % 2 ? f.ssnWithLeadingZero() : f.ssn())));
    for (const [i, ssn] of drawn.entries()) {
      expect(ssn).toMatch(assertedValidRegExp('ssn'));
      if (i % 2) expect(ssn).toMatch(/^0(?!00)[0-9]{8}$/);
    }
    unique(drawn);
  });

  // Issue 27, blind7: both kinds of taxpayer number FindCustomer takes are enrolled and looked up.
  it('an ITIN is nine digits of area 9 with a group of 90-92 or 94-99, new, and never a fresh SSN, a family SSN or an ITIN sharing last four', () => {
    const itins = lanes.flatMap((f) => Array.from({ length: 3000 }, () => f.itin()));
    for (const itin of itins) {
      expect(itin).toMatch(/^9[0-9]{2}(9[0-2]|9[4-9])(?!0000)[0-9]{4}$/);
      expect(itin).toMatch(assertedValidRegExp('ssn'));
    }
    unique(itins);
    const f = lanes[0]!;
    const ssns = Array.from({ length: 300 }, () => f.ssn());
    const others = new Set([...ssns, ...ssns.map(itinSharingLastFour), ...Array.from({ length: 300 }, (_, slot) => familyPerson('5eed0000cafe', slot).ssn)]);
    expect(itins.filter((i) => others.has(i))).toEqual([]);
    expect(maxLanes * itinsPerLane, 'every lane\'s ITINs fit the ITIN space').toBeLessThan(100 * 9 * 9999);
  });

  it('a lane that draws more ITINs than it may is told so', () => {
    const f = new FreshValues({ run: 2, lane: 3 });
    for (let i = 0; i < itinsPerLane; i += 1) f.itin();
    expect(() => f.itin()).toThrow(`this worker drew ${itinsPerLane} new ITINs: more than a run can use`);
  });

  it('a BIN keeps its length, avoids the denied BIN and what the customer\'s cards have, and is the drawn one when that is free', () => {
    const f = new FreshValues({ run: 9, lane: 2 });
    const taken = new Set<string>();
    for (const d of fc.sample(cardBin({ minLength: 6, maxLength: 8 }), { seed: 5, numRuns: 500 })) {
      const bin = f.cardBin(d, (b) => taken.has(b));
      expect(bin).toHaveLength(d.length);
      expect(taken.has(bin)).toBe(false);
      if (!taken.has(d) && !defaults.deniedCardBin.startsWith(d) && !d.startsWith(defaults.deniedCardBin)) expect(bin, 'a free BIN is sent as drawn').toBe(d);
      expect(defaults.deniedCardBin.startsWith(bin) || bin.startsWith(defaults.deniedCardBin)).toBe(false);
      taken.add(bin);
    }
  });

  it('refuses a lane outside the run\'s range and says so', () => {
    expect(() => new FreshValues({ run: 1, lane: maxLanes })).toThrow(`fresh-value lane ${maxLanes} is outside 0..${maxLanes - 1}`);
    expect(perLane * maxLanes).toBeLessThan(10 ** 9);
  });
});
