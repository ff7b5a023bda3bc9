import { runConformance as runChild, type ConformanceRun, type ConformanceRunOptions } from '../../bin/run-child.js';
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { conformanceEntryVariable } from './conformance-bundle.js';
import { sealedChildEnv } from './seal.js';

// The spawn helper lives in bin/ so that commands (bin/sweep.ts) use it without importing test code.
export type { ConformanceRun, ConformanceRunOptions } from '../../bin/run-child.js';

/**
 * `npm run conformance` in a child process (bin/run-child.ts), sealed like the self-test that starts
 * it (test/support/seal.ts): no .env, loopback only. The quick set starts none: a test that does
 * is named `*.run.test.ts`.
 */
export function runConformance(options: ConformanceRunOptions = {}): Promise<ConformanceRun> {
  if (process.env.PC_SELF_TEST_SET === 'quick')
    throw new Error('self-test set quick: this test starts a conformance run; name its file *.run.test.ts so that it runs in the runs set (vitest.config.ts)');
  const started = Date.now();
  const { testPath, currentTestName } = expect.getState();
  const entry = process.env[conformanceEntryVariable];
  const run = runChild({ ...options, ...(entry ? { entry } : {}), env: { ...sealedChildEnv(), ...options.env } });
  // PC_RUN_TIMES=<file>: one line per run (test file, its faults and suites, seconds), to see where npm test's time goes.
  const log = process.env.PC_RUN_TIMES;
  if (log) void run.then((r) => appendFileSync(log, `${JSON.stringify({ file: testPath, name: currentTestName, faults: options.faults, args: options.args, only: options.only, runs: options.runs, exit: r.exitCode, s: (Date.now() - started) / 1000 })}\n`));
  return run;
}

/** The status of a requirement row in a run's summary. */
export function rowStatus(run: ConformanceRun, requirement: string): string | undefined {
  return run.summary?.requirements.find((r) => r.id === requirement)?.status;
}

/** Requirement ids whose rows failed. */
export function failedRequirements(run: ConformanceRun): string[] {
  return (run.summary?.requirements ?? []).filter((r) => r.status === 'failed').map((r) => r.id);
}
