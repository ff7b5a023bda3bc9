import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertedValidRegExp, formats, nearMissClasses, nearMissVerdict, NearMissUnbackedError, toleratedRegExp, type FormatId,
} from '../../contract/index.js';
import { breakClasses, formatBreaks, formatValue, normalisedEdits, openNearMisses } from '../../generators/index.js';

/**
 * Issue 20: every class of almost valid value the generators build is backed by the document
 * (contract/near-misses.ts); one backed only by "a strict parser would reject it" is observed,
 * never failed.
 */
const ids = Object.keys(formats) as FormatId[];
const emitted = ids.flatMap((id) => [...breakClasses(id, { maxLength: 50 }), ...normalisedEdits(id, formatValue(id))].map((c) => ({ id, violation: c.violation })));

describe('near-miss classes', () => {
  it('every class a generator emits has a row naming its backing', () => {
    const unbacked = emitted.filter((c) => !nearMissClasses.some((r) => r.format === c.id && r.violation === c.violation));
    expect(unbacked).toEqual([]);
    for (const r of nearMissClasses) expect(r.backing.length, `${r.format}/${r.violation}`).toBeGreaterThan(3);
  });

  it('every row is a class some generator emits (no stale backing)', () => {
    const stale = nearMissClasses.filter((r) => !emitted.some((c) => c.id === r.format && c.violation === r.violation));
    expect(stale.map((r) => `${r.format}/${r.violation}`)).toEqual([]);
  });

  it('a class without a row stops generation with NEAR_MISS_UNBACKED', () => {
    expect(() => nearMissVerdict('trueFalse', 'format-made-up')).toThrow(NearMissUnbackedError);
  });

  it('violations never carry an observed class, and each value fails what any reading tolerates', () => {
    const observed = new Set(nearMissClasses.filter((r) => r.verdict === 'observes').map((r) => `${r.format}/${r.violation}`));
    for (const id of ids)
      for (const arb of formatBreaks(id, { maxLength: 50 }))
        for (const b of fc.sample(arb, { seed: 7, numRuns: 20 })) {
          expect(observed.has(`${id}/${b.violation}`), `${id}/${b.violation}`).toBe(false);
          expect(toleratedRegExp(id).test(b.value), `${id}/${b.violation} ${b.value}`).toBe(false);
        }
  });

  // D39's default refuses a space but takes a domain without a dot: only D38's open classes are outside what is sent as valid.
  it('observed classes are what D38/D39 leave open: tolerated by some reading, never sent as valid', () => {
    const open = ids.flatMap((id) => openNearMisses(id).map((arb) => ({ id, arb })));
    expect(open.map((o) => o.id).sort()).toEqual(['email', 'email', 'gender', 'trueFalse', 'trueFalse']);
    for (const { id, arb } of open)
      for (const b of fc.sample(arb, { seed: 3, numRuns: 20 })) {
        expect(toleratedRegExp(id).test(b.value), `${id} ${b.value}`).toBe(true);
        if (id !== 'email') expect(assertedValidRegExp(id).test(b.value), `${id} ${b.value}`).toBe(false);
      }
  });

  it('D38: the words in another letter case are open, anything else is a violation', () => {
    const tf = toleratedRegExp('trueFalse');
    for (const v of ['True', 'false', 'TRUE', 'fAlSe']) expect(tf.test(v)).toBe(true);
    for (const v of ['1', '0', 'yes', 'Y', 'Tru', 'X', '']) expect(tf.test(v)).toBe(false);
    expect(['M', 'F', 'm', 'f'].every((v) => toleratedRegExp('gender').test(v))).toBe(true);
    expect(['X', 'Male', ''].some((v) => toleratedRegExp('gender').test(v))).toBe(false);
  });

  it('D39: one @ with text on both sides is all any reading needs', () => {
    const at = toleratedRegExp('email');
    for (const v of ['a@b', 'a b@c.d', 'x@localhost']) expect(at.test(v)).toBe(true);
    for (const v of ['ab', '@b', 'a@', 'a@b@c']) expect(at.test(v)).toBe(false);
  });

  it('a normalised edit breaks the column or the format, and every reading refuses it', () => {
    for (const id of ids)
      for (const e of normalisedEdits(id, formatValue(id)))
        for (const v of fc.sample(e.values, { seed: 11, numRuns: 10 })) expect(toleratedRegExp(id).test(v), `${id}/${e.violation} ${v}`).toBe(false);
  });
});
