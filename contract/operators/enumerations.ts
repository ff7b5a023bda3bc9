/**
 * Small enumerated classes, enumerated rather than sampled (issue 27): every value outside the
 * class that D38 names a violation is sent to every cell of the class, on every run; letter case
 * alone is left open by D38 and only observed.
 * @see decisions.md D38
 */
import type { Cell } from './cells.js';
import { fixedFormat } from './predicates.js';
import type { Operator } from './types.js';

const enumerated = (c: Cell): boolean => fixedFormat(c) && (c.enumeration?.length ?? 0) > 0;

export const enumerationOperators: readonly Operator[] = [
  {
    id: 'enum-unlisted-value', family: 'value-near-miss', sends: 'each value outside the documented class (gender X, U, 0; Yes, Y, 1, Tru ...), one request each',
    counterparts: [{ tool: 'CATS', name: 'InvalidValuesInEnumsFieldsFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: enumerated, asserts: () => 'rejected', backing: ['D38: a value that is not one of the documented words or letters in some letter case is a violation'],
  },
  {
    id: 'enum-letter-case', family: 'value-near-miss', sends: 'a documented value in another letter case (m, true, FALSE)',
    counterparts: [{ tool: 'CATS', name: 'EnumCaseVariantFieldsFuzzer' }],
    appliesTo: enumerated, asserts: () => 'open', backing: ['D38: letter case alone is not asserted either way'],
  },
];
