import { describe, expect, it } from 'vitest';
import { clientIdentifiers, identifierAlphabet } from '../../contract/index.js';
import { FreshValues } from '../../generators/index.js';
import { freshClientIdentifier } from '../../generators/client-identifier.js';

/** A client-chosen identifier must meet a target's store with every class of its alphabet, and never repeat. */
describe('freshClientIdentifier', () => {
  const fresh = new FreshValues({ run: 0x5eed, lane: 3 });
  for (const rule of clientIdentifiers) {
    it(`${rule.name}: every class of the alphabet, nothing else, within ${rule.maxLength} characters, new on every draw`, () => {
      const drawn = Array.from({ length: 200 }, () => freshClientIdentifier(fresh, rule));
      const allowed = new Set(Object.values(identifierAlphabet).join(''));
      for (const value of drawn) {
        expect(value.length).toBeLessThanOrEqual(rule.maxLength);
        // Longer than a GUID (36): a store sized for one cuts it.
        expect(value.length).toBeGreaterThan(36);
        expect([...value].every((c) => allowed.has(c)), value).toBe(true);
        for (const chars of Object.values(identifierAlphabet)) expect([...value].some((c) => chars.includes(c)), `${value} lacks one of ${chars}`).toBe(true);
        // A store that changes the letter case of it loses it.
        expect(value.toLowerCase()).not.toBe(value);
        expect(value.toUpperCase()).not.toBe(value);
      }
      expect(new Set(drawn).size).toBe(drawn.length);
    });
  }
});
