import type { ConformanceRun } from '../../bin/run-child.js';

// The spawn helper lives in bin/ so that commands (bin/sweep.ts) use it without importing test code.
export { runConformance, type ConformanceRun, type ConformanceRunOptions } from '../../bin/run-child.js';

/** The status of a requirement row in a run's summary. */
export function rowStatus(run: ConformanceRun, requirement: string): string | undefined {
  return run.summary?.requirements.find((r) => r.id === requirement)?.status;
}

/** Requirement ids whose rows failed. */
export function failedRequirements(run: ConformanceRun): string[] {
  return (run.summary?.requirements ?? []).filter((r) => r.status === 'failed').map((r) => r.id);
}
