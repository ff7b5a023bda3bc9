import { describe, expect, it } from 'vitest';
import { applicablePairs, operatorCatalogue } from '../../contract/operators/index.js';
import { negativeExponent, otherExponentForms, scientific } from '../../generators/operators/exponent-values.js';

/** Blind batch 17: an amount read with a float parser took 1E3; the catalogue sends exponent notation in every numeral cell. */
describe('exponent notation in every numeral cell', () => {
  it('fills the cells digit groups fill, every numeral format', () => {
    const cells = (id: string) => applicablePairs(operatorCatalogue.filter((o) => o.id === id)).map((p) => p.cell).sort();
    expect(cells('exponent-notation')).toEqual(cells('digit-group-separators'));
  });

  it('writes the valid number in exponent notation worth the same', () => {
    expect(scientific('12345.67', 'E', '')).toBe('1.234567E4');
    expect(scientific('3', 'e', '+')).toBe('3e+0');
    expect(negativeExponent('12345.67')).toBe('1234567E-2');
    expect(negativeExponent('3')).toBe('30E-1');
    for (const v of ['12345.67', '944940192', '3', '2.5']) for (const f of [(x: string) => scientific(x, 'E', ''), ...otherExponentForms]) expect(Number(f(v))).toBeCloseTo(Number(v), 6);
    expect(scientific('conformance-slot', 'E', '')).toBe('conformance-slot');
  });
});
