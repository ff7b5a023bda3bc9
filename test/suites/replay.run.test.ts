import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';

/**
 * Issue 3: a failing property re-runs with its printed seed and path and fails the same way,
 * so no personal value has to be stored to reproduce a case.
 */
const suite = 'suites/find-customer.conformance.ts';

function reproductionOf(run: ConformanceRun, requirement: string) {
  const finding = run.summary?.requirements.find((r) => r.id === requirement)?.findings[0];
  expect(finding?.reproduction?.replay, `a replay command for ${requirement}`).toBeDefined();
  return finding!.reproduction!;
}

describe('replay by seed and path', () => {
  it('the printed command fails the same requirement with the same shrunk counterexample', async () => {
    const first = await runConformance({ faults: ['find-ssn-length-unchecked'], args: [suite], runs: 50, seed: 4242 });
    expect(first.exitCode).toBe(1);
    const printed = reproductionOf(first, 'FIND-SSN-LENGTH');
    expect(first.stdout).toContain(printed.replay);

    const [, seed, path, file, name] = /^CONFORMANCE_SEED=(\d+) CONFORMANCE_PATH=([\d:]+) npm run conformance -- (\S+) -t "(.+)"$/.exec(printed.replay!) ?? [];
    expect([seed, path, file, name].every(Boolean), printed.replay).toBe(true);
    const again = await runConformance({
      faults: ['find-ssn-length-unchecked'], args: [file!, '-t', name!], runs: 50,
      seed: Number(seed), env: { CONFORMANCE_PATH: path! },
    });
    expect(again.exitCode).toBe(1);
    const replayed = reproductionOf(again, 'FIND-SSN-LENGTH');
    expect(replayed.counterexample).toBe(printed.counterexample);
    expect(replayed.path).toBe(printed.path);
  });
});
