import { describe, expect, it } from 'vitest';
import { namesRequirement, selectsProperty, selectsRequirement, skipsProperty } from '../../reporting/selection.js';
import { runConformance } from '../support/conformance-run.js';

/**
 * CONFORMANCE_ONLY has one rule for the runner and the summary (reporting/selection.ts). Before
 * it, the runner matched area/operation/requirement id and the summary id/operation/section, so
 * `CONFORMANCE_ONLY=Errors` ran nothing and ended 3 with eighteen Errors rows "not covered".
 */
describe('the selection rule', () => {
  const errorsRow = { id: 'ERR-KEYS-COMPLETE', section: 'Errors' };
  const fieldProperty = { area: 'find-customer', operation: 'FindCustomer', requirements: ['FIND-SSN-FORMAT', 'ERR-KEYS-COMPLETE'] };

  it('names a requirement by id, operation or section, in any letter case', () => {
    expect(namesRequirement(['err-keys-complete'], errorsRow)).toBe(true);
    expect(namesRequirement(['errors'], errorsRow)).toBe(true);
    expect(namesRequirement(['FindCustomer'], { id: 'FIND-SSN-FORMAT', section: 'FindCustomer', operation: 'FindCustomer' })).toBe(true);
    expect(namesRequirement(['Versioning'], errorsRow)).toBe(false);
    expect(selectsRequirement([], errorsRow)).toBe(true);
  });

  it('selects a property by its area, its operation, or what names one of its requirements', () => {
    expect(selectsProperty(['find-customer'], fieldProperty)).toBe(true);
    expect(selectsProperty(['FindCustomer'], { area: 'stateful', requirements: ['FIND-SSN-FORMAT'] })).toBe(true);
    expect(selectsProperty(['Errors'], fieldProperty)).toBe(true);
    expect(selectsProperty(['ERR-KEYS-COMPLETE'], fieldProperty)).toBe(true);
    expect(selectsProperty(['Versioning'], fieldProperty)).toBe(false);
  });

  it('skips a property only when the list names it or every requirement it checks', () => {
    expect(skipsProperty(['Errors'], fieldProperty)).toBe(false);
    expect(skipsProperty(['Errors', 'FIND-SSN-FORMAT'], fieldProperty)).toBe(true);
    expect(skipsProperty(['find-customer'], fieldProperty)).toBe(true);
    expect(skipsProperty([], fieldProperty)).toBe(false);
  });
});

describe('a narrowed run shows as selected exactly the rows its properties checked', () => {
  // An area, an operation, a requirement id and a section.
  it.each(['token', 'GetRegisteredCards', 'ERR-KEYS-COMPLETE', 'Errors'])('CONFORMANCE_ONLY=%s', async (only) => {
    const run = await runConformance({ only: [only], runs: 3 });
    expect(run.summary, run.stderr || run.stdout.slice(-2000)).toBeDefined();
    const rows = run.summary!.requirements;
    const shownSelected = rows.filter((r) => r.status !== 'not-selected').map((r) => r.id);
    const recorded = rows.filter((r) => r.suites.length > 0).map((r) => r.id);
    expect(shownSelected.length).toBeGreaterThan(0);
    expect(shownSelected).toEqual(recorded);
    expect(rows.filter((r) => namesRequirement([only], r)).map((r) => `${r.id} ${r.status}`).filter((r) => !/ (passed|observed)$/.test(r))).toEqual([]);
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
  }, 600_000);
});
