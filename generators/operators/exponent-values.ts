/**
 * Values of the class blind batch 17 showed missing (contract/operators/exponent-notation.ts), built
 * from a cell's valid value: the same number in exponent notation, so a parser that reads floats
 * takes it as the valid value and only a format check refuses it. Pure.
 */

/** The valid number's digits and where its point stands; undefined for a value that is no number (a stand-in for target state). */
function numeral(v: string): { digits: string; whole: number; fraction: number } | undefined {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(v);
  return m ? { digits: `${m[1]}${m[2] ?? ''}`, whole: m[1]!.length, fraction: (m[2] ?? '').length } : undefined;
}

/** One digit before the point and the rest after it, times ten to the power of what that moved: 12345.67 → 1.234567E4. */
export function scientific(v: string, e: 'E' | 'e', sign: '' | '+'): string {
  const n = numeral(v);
  if (!n) return v;
  const mantissa = n.digits.length > 1 ? `${n.digits[0]}.${n.digits.slice(1)}` : n.digits;
  return `${mantissa}${e}${sign}${n.whole - 1}`;
}

/** The digits as a whole number times a negative power of ten: 12345.67 → 1234567E-2, 3 → 30E-1. */
export function negativeExponent(v: string): string {
  const n = numeral(v);
  if (!n) return v;
  return n.fraction > 0 ? `${n.digits}E-${n.fraction}` : `${n.digits}0E-1`;
}

/** The forms spread over the cells of the second request: a lower-case signed exponent, a zero exponent, a negative one. */
export const otherExponentForms: ReadonlyArray<(v: string) => string> = [(v) => scientific(v, 'e', '+'), (v) => (numeral(v) ? `${v}e0` : v), negativeExponent];
