import { describe, expect, it } from 'vitest';
import { expectCaught, requirementOf, runSuites, type Caught } from './stateful-support.js';

/**
 * Each paging and history fault is caught by the history suite. The suite has one property
 * per invariant (each checks its own requirement only), so faults that leave the other
 * invariants true run together: an oldest-first list still pages consistently, an ignored
 * pageSize still continues the history, shifted timestamps keep their order.
 */
const history = (fault: string, check: string): Caught => ({ fault, checks: [check], operation: /^GetTransactionHistory$/ });

const groups: Caught[][] = [
  [
    history('history-oldest-first', 'newestFirst'),
    history('history-page-size-ignored', 'pageWithinBounds'),
    history('history-paging-gap', 'pagingContinues'),
    history('history-timestamp-offset', 'historyMatchesSchema'),
  ],
  [history('history-account-filter-ignored', 'accountFilterHonoured'), history('history-total-varies', 'totalRecordsStable')],
];

describe('history suite: every paging and history fault is caught by its own invariant', () => {
  it.each(groups.map((g) => [g.map((c) => c.fault).join(' + '), g] as const))('%s', async (_name, group) => {
    const run = await runSuites(['history'], group.map((c) => c.fault));
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
    for (const c of group) expectCaught(run, c);
    // Nothing else failed: each fault broke its own invariant, and no neighbour's.
    const failed = run.summary!.requirements.filter((r) => r.status === 'failed').map((r) => r.id).sort();
    expect(failed).toEqual(group.map((c) => requirementOf(c.fault)).sort());
  }, 120_000);
});
