import { describe, expect, it } from 'vitest';
import { formats } from '../../contract/index.js';
import { isNumeral } from '../../contract/operators/digit-groups.js';
import { groupedDigits } from '../../generators/operators/digit-group-values.js';

/** Blind batch 16: a count read with AllowThousands took 1,200; the operator catalogue sends digit groups in every numeral cell. */
describe('digit groups in every numeral cell', () => {
  it('reads a numeral format from its pattern alone', () => {
    expect(Object.keys(formats).filter(isNumeral).sort()).toEqual(['amount', 'cardBin', 'cardNumber', 'count', 'decimalNumber', 'phone10', 'ssn', 'zip5']);
  });

  it('groups the whole part in threes from the right, padding a short one to four digits', () => {
    expect(groupedDigits('3', ',')).toBe('1,113');
    expect(groupedDigits('944940192', ',')).toBe('944,940,192');
    expect(groupedDigits('12345.67', '\u202F')).toBe('12\u202F345.67');
    expect(groupedDigits('2.5', "'")).toBe("1'112.5");
    expect(groupedDigits('conformance-slot', ',')).toBe('conformance-slot');
  });
});
