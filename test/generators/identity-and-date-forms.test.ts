import { describe, expect, it } from 'vitest';
import { acceptedRegExp, operation } from '../../contract/index.js';
import { dateFieldWidths, identityWithSeparators } from '../../generators/operators/digit-date-values.js';
import { contractCells } from '../../contract/operators/index.js';
import { regrouped, rowsAsSent, ungrouped } from '../../suites/lib/fields/grouped-state.js';
import { registeredCardSlot } from '../../generators/operators/slots.js';

const cell = (op: string, name: string) => contractCells([operation(op)]).find((c) => c.name === name)!;

describe('date-field-width values (blind batch 9)', () => {
  it('change one field at a time to 9 or 11 characters, never 8 or 10 (D9), and fail the documented pattern', () => {
    for (const v of ['1990-04-01', '1990/12/31', '2005-10-09']) {
      const out = dateFieldWidths(v);
      expect(out.map((d) => d.length)).toEqual([9, 9, 11]);
      for (const d of out) expect(acceptedRegExp('dateOfBirth').test(d), d).toBe(false);
      // Each is still a date a lenient parser reads (the class's point): new Date() takes them all.
      for (const d of out) expect(Number.isNaN(Date.parse(d)), d).toBe(false);
    }
    expect(dateFieldWidths('1990-04-01')).toEqual(['1990-4-01', '1990/04/1', '1990-04-001']);
    expect(dateFieldWidths('12-31-2020')).toEqual(['1-31-2020', '12-9-2020', '12-031-2020']);
    for (const d of dateFieldWidths('04-05-2020')) expect(acceptedRegExp('mmddyyyy').test(d), d).toBe(false);
  });
});

describe('identity-with-separators values', () => {
  it('write a card number in fours and an SSN 3-2-4, with dashes then spaces', () => {
    expect(identityWithSeparators('4111111111111111', cell('AddOrUpdateCard', 'cardNumber'))).toEqual(['4111-1111-1111-1111', '4111 1111 1111 1111']);
    expect(identityWithSeparators('123456789', cell('FindCustomer', 'ssn'))).toEqual(['123-45-6789', '123 45 6789']);
  });

  it('resolve a grouped stand-in whole and write the real value in its groups, within the length column where it fits', () => {
    const grouped = identityWithSeparators(registeredCardSlot.number, cell('AddOrUpdateCard', 'cardNumber'))[1]!;
    const input = { body: { cardNumber: grouped, other: 'x' } };
    expect(ungrouped(input)).toEqual({ body: { cardNumber: registeredCardSlot.number, other: 'x' } });
    const as = (n: string) => regrouped(input, { body: { cardNumber: n, other: 'x' } }).body.cardNumber;
    expect(as('411111111111111')).toBe('4111 1111 1111 111');
    expect(as('41111111111111111')).toBe('4111 1111 111111111');
    expect(as('4111111111111111111')).toBe('4111 111111111111111'); // 20 characters: one separator stays
  });

  it('judges a value sent past its length column on the LENGTH row', () => {
    const op = operation('AddOrUpdateCard');
    const e = { kind: 'validation', operation: op.id, broken: [{ key: 'command.CardNumber', requirement: 'CARD-CARD-NUMBER-FORMAT', violation: 'x' }], validKeys: [] } as const;
    const input = { cardNumber: '9999 0000 0000 0001' };
    expect(rowsAsSent(op, e as never, input, { cardNumber: '4111 1111 1111 1111' })).toEqual(e);
    const long = rowsAsSent(op, e as never, input, { cardNumber: '4111 111111111111111' });
    expect(long.kind === 'validation' && long.broken[0]!.requirement).toBe('CARD-CARD-NUMBER-LENGTH');
  });
});
