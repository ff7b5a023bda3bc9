import { describe, expect, it } from 'vitest';
import { runConformance } from '../support/conformance-run.js';

/**
 * Issue 5 item 7: on a shared sandbox the run cleans up after itself. A whole sandbox run
 * against the embedded reference deletes every card it added, and the summary says so.
 */
describe('footprint of a sandbox run', () => {
  it('removes every card it added and reports the counts', async () => {
    const run = await runConformance({ runs: 2, env: { CONFORMANCE_WRITE_RUNS: '2' } });
    expect(run.summary, run.stderr).toBeDefined();
    const footprint = run.summary!.footprint!;
    expect(footprint.customersEnrolled).toBeGreaterThan(0);
    expect(footprint.cardsAdded).toBeGreaterThan(0);
    expect(footprint.cardsRemoved).toBe(footprint.cardsAdded);
    expect(run.stdout).toContain(`${footprint.cardsAdded} cards added, ${footprint.cardsRemoved} removed`);
  }, 180_000);
});
