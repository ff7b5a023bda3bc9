import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownValues } from '../../client/known-values.js';

/**
 * The tiers of client/known-values.ts mask exactly what one alternation of every value, longest
 * first, masks (the rule they replace), whatever the order values were learnt and masked in.
 */
function oneAlternation(masks: Map<string, string>, text: string): string {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (masks.size === 0) return text;
  const pattern = new RegExp([...masks.keys()].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
  return text.replace(pattern, (v) => masks.get(v)!);
}

describe('known values, kept in tiers', () => {
  it('mask what one alternation of every value, longest first, masks (values learnt between masks, overlapping ones too)', () => {
    // Small alphabets make values overlap and contain one another; each text is masked after each value learnt.
    const value = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '.'), minLength: 1, maxLength: 6 });
    fc.assert(fc.property(fc.array(value, { maxLength: 150 }), fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '.', '-'), maxLength: 40 }), { minLength: 1, maxLength: 3 }), (values, texts) => {
      const known = new KnownValues();
      const masks = new Map<string, string>();
      values.forEach((v, i) => {
        known.set(v, `<${i}>`);
        masks.set(v, `<${i}>`);
        for (const text of texts) expect(known.replaceIn(text)).toBe(oneAlternation(masks, text));
      });
    }), { numRuns: 200 });
  });

  it('masks each of 3,000 values learnt one by one between masks, and the longest where two overlap', () => {
    const known = new KnownValues();
    for (let i = 0; i < 3_000; i += 1) {
      known.set(String(100_000_000 + i * 7919), '[ssn:***]');
      expect(known.replaceIn(`x ${100_000_000 + i * 7919} y`)).toBe('x [ssn:***] y');
    }
    known.set('100007919-extra', '[ssoToken:***]');
    expect(known.replaceIn('100007919-extra 100007919')).toBe('[ssoToken:***] [ssn:***]');
  });
});
