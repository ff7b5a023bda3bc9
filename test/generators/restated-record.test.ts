import { describe, expect, it } from 'vitest';
import { operation } from '../../contract/index.js';
import { operatorCases } from '../../generators/operators/cases.js';
import { shareAccepted } from '../../generators/operators/sharing.js';
import { stateFields } from '../../suites/lib/state/case-state.js';

/**
 * D37 and a value that states the customer's record again (contract `restates`: the SSN attribute of
 * AddCustomerAttributes). An operator that writes another valid SSN there (an ITIN) contradicts the
 * enrolled one: a target may refuse the contradiction with a code of its own (blind reading
 * blind2-cattr-ssn-must-match), which is observed. Every other served-as-valid case keeps the rule of
 * its operation: AddCustomerAttributes has no own refusals, so a coded refusal of it still fails.
 */
describe('served-as-valid values that contradict the customer record', () => {
  const op = operation('AddCustomerAttributes');
  const cases = operatorCases(op, { fixed: stateFields(op) }, 0).filter((c) => c.expectation.kind === 'accepted');
  const touchesSsn = (c: (typeof cases)[number]) => c.pairs.some((p) => p.cell.endsWith('attribute SSN'));
  const own = (c: { expectation: unknown }) => (c.expectation as { ownRefusals?: boolean }).ownRefusals === true;

  it('allow a refusal of the target\'s own where the SSN attribute is not the customer\'s, and nowhere else', () => {
    expect(cases.filter(touchesSsn).length).toBeGreaterThan(0);
    expect(cases.filter(touchesSsn).every(own)).toBe(true);
    expect(cases.filter((c) => !touchesSsn(c)).some(own)).toBe(false);
  });

  it('keep that allowance when shared with other cells in one request', () => {
    const shared = shareAccepted(op, cases);
    const withSsn = shared.filter(touchesSsn);
    expect(withSsn.length).toBeGreaterThan(0);
    expect(withSsn.every(own)).toBe(true);
  });
});
