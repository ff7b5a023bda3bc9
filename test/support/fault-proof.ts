import { expect } from 'vitest';
import { faultCatalogue } from '../../reference/faults/index.js';
import { expectAuditAgrees, expectAuditClean, runRecorded, type RecordedRun } from './audited-run.js';
import type { ConformanceRun } from './conformance-run.js';

/**
 * What proves that a fault is caught: its catalogue requirement row failed, with a finding of
 * the named check on the named operation (so a fault grouped with others in one run is still
 * caught by its own oracle, not by a neighbour's).
 */
export interface FaultProof {
  readonly fault: string;
  /** Id of the check whose finding must be on the row. */
  readonly check: string;
  /** Operation the finding must name (the second part of its dedupKey). */
  readonly operation: string;
  /** Further rows that fail with it (a scenario requirement and its Errors-table row). */
  readonly alsoFails?: readonly string[];
}

export function requirementOfFault(name: string): string {
  const fault = faultCatalogue.find((f) => f.name === name);
  if (!fault) throw new Error(`test: no fault ${name} in the catalogue`);
  return fault.requirement;
}

/**
 * One conformance run with every fault of `proofs` (and `moreFaults`) switched on, limited to `suites`.
 * It records its traffic: expectCaught and expectClean prove the audit on it too (test/support/audited-run.ts).
 */
export function runWithFaults(
  proofs: readonly FaultProof[], suites: readonly string[],
  options: { env?: Record<string, string>; moreFaults?: readonly string[]; only?: readonly string[] } = {},
): Promise<RecordedRun> {
  return runRecorded({
    faults: [...proofs.map((p) => p.fault), ...(options.moreFaults ?? [])],
    ...(options.only ? { only: options.only } : {}),
    // The default budget, not a fixed volume: a fault is proven caught by the run a user gets.
    // 'stateful' names the model's files, one per property (suites/stateful-*.conformance.ts), as in stateful-support.ts:
    // a filter naming no file now stops the run (exit 2), where vitest dropped it beside one that matched.
    args: suites.map((s) => (s === 'stateful' ? 'suites/stateful-' : `suites/${s}.conformance.ts`)), runs: null, env: options.env ?? {},
  });
}

const row = (run: ConformanceRun, id: string) => run.summary?.requirements.find((r) => r.id === id);

/**
 * The run failed (exit 1) and every proof's requirement row failed by its own check on its own
 * operation; the audit of its traffic fails what the run failed (expectAuditAgrees).
 */
export function expectCaught(run: RecordedRun, proofs: readonly FaultProof[]): void {
  expect(run.summary, run.stderr || run.stdout).toBeDefined();
  expect(run.exitCode, run.stdout.slice(-2000)).toBe(1);
  for (const p of proofs) {
    const id = requirementOfFault(p.fault);
    const r = row(run, id);
    expect(r?.status, `${p.fault} must fail ${id}`).toBe('failed');
    const by = r!.findings.map((f) => `${f.check}|${f.dedupKey.split('|')[1]}`);
    expect(by, `${p.fault}: ${id} must fail by ${p.check} on ${p.operation}`).toContain(`${p.check}|${p.operation}`);
    for (const also of p.alsoFails ?? []) expect(row(run, also)?.status, `${p.fault} must also fail ${also}`).toBe('failed');
  }
  expectAuditAgrees(run, proofs.map((p) => p.fault));
}

/** Nothing failed or broke, and the run passed; the audit of its traffic finds nothing either. */
export function expectClean(run: RecordedRun): void {
  expect(run.summary, run.stderr || run.stdout).toBeDefined();
  const bad = run.summary!.requirements.filter((r) => r.status === 'failed' || r.status === 'broken');
  expect(bad.map((r) => `${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''}`)).toEqual([]);
  expect(run.exitCode).toBe(0);
  expectAuditClean(run);
}
