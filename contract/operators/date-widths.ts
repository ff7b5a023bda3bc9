/**
 * A fixed-length date with one field one digit short or one digit long (blind batch 9): a lenient
 * date parser (DateTime.Parse, new Date(), ParseExact with "yyyy-M-d") reads `1990-4-01`,
 * `1990/04/1` and `1990-04-001` as the tenth of April's neighbour it was meant to be, where the
 * document fixes the width: dateOfBirth "Min len 10 / Max len 10" and D9 "lengths other than 8 and
 * 10 must be rejected" (9 and 11 characters are neither), MM-DD-YYYY two digits a field. Only one
 * field is changed at a time: both fields one-digit gives 8 characters, a length D9 leaves open.
 * @see decisions.md D9; interface.md FindCustomer, EnrollCustomer, AddCustomerAttributes
 */
import type { Operator } from './types.js';
import { fixedFormat } from './predicates.js';

/** The documented dates of a fixed width (dateOfBirth, MM-DD-YYYY), read from the cell's format. */
const fixedWidthDate = (c: Parameters<typeof fixedFormat>[0]) => fixedFormat(c) && (c.format === 'dateOfBirth' || c.format === 'mmddyyyy');

export const dateWidthOperators: readonly Operator[] = [
  {
    id: 'date-field-width', family: 'value-near-miss',
    sends: 'a date with its month or its day one digit short, or its day one digit long (1990-4-01, 1990/04/1, 1990-04-001; 4-01-2020, 04-1-2020, 04-001-2020), one request each',
    counterparts: [{ tool: 'CATS', name: 'StringFieldsLeftBoundaryFuzzer' }, { tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: fixedWidthDate, asserts: () => 'rejected',
    backing: ['interface.md dateOfBirth "Min len 10", "Max len 10"; "MM-DD-YYYY"', 'D9: lengths other than 8 and 10 must be rejected'],
  },
];
