import { describe, expect, it } from 'vitest';
import { failedRequirements, runConformance } from '../support/conformance-run.js';

describe('field-rule suites against the embedded reference', () => {
  it('a clean reference passes FindCustomer with nothing failed or broken', async () => {
    const run = await runConformance({ only: ['FindCustomer'] });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(failedRequirements(run)).toEqual([]);
    expect(run.summary?.counts.passed).toBeGreaterThan(5);
  });
});
