import { expect } from 'vitest';
import { faultCatalogue } from '../../reference/faults/index.js';
import { expectAuditAgrees, expectAuditClean, runRecorded, type RecordedRun } from '../support/audited-run.js';
import type { ConformanceRun } from '../support/conformance-run.js';

/**
 * Helpers of the stateful, session and history self-tests: a conformance run of chosen suite
 * files with faults switched on, and what proves each fault was caught by its own oracle.
 */


/** It records its traffic: expectCaught and expectClean prove the audit on it too (test/support/audited-run.ts). */
export function runSuites(suites: readonly string[], faults: readonly string[] = [], env: Record<string, string> = {}): Promise<RecordedRun> {
  return runRecorded({
    faults,
    // The default request budget decides cases and sequences, as in a user's run: a fault is proven
    // caught by the run a user gets, not by a larger one.
    runs: null,
    // 'stateful' names the model's files, one per property (suites/stateful-*.conformance.ts).
    args: suites.map((s) => (s === 'stateful' ? 'suites/stateful-' : `suites/${s}.conformance.ts`)),
    // The client-side rate limit protects real targets; the embedded reference needs none.
    env: { TARGET_RATE_LIMIT: '5000', ...env },
  });
}

export interface Caught {
  readonly fault: string;
  /** Check ids (finding.check) any of which may be the oracle that caught it. */
  readonly checks: readonly string[];
  /** The operation the finding names (second part of its dedupKey). */
  readonly operation: RegExp;
  /** A step of the printed shrunk sequence (model-based faults only). */
  readonly story?: RegExp;
  /**
   * Rows the fault may fail instead of its own, where one write of several shows it first: a token
   * write's nickname is shown by an update (its own row) or by a deleted card's re-add with other data.
   */
  readonly rows?: readonly string[];
}

export function requirementOf(fault: string): string {
  const found = faultCatalogue.find((f) => f.name === fault);
  if (!found) throw new Error(`test: no fault ${fault} in the catalogue`);
  return found.requirement;
}

export const row = (run: ConformanceRun, id: string) => run.summary?.requirements.find((r) => r.id === id);

/**
 * The fault's requirement row failed, with a finding of one of the named checks on the named
 * operation; the audit of the run's traffic fails what the run failed (expectAuditAgrees).
 */
export function expectCaught(run: RecordedRun, c: Caught): void {
  expect(run.summary, run.stderr || run.stdout).toBeDefined();
  const ids = [requirementOf(c.fault), ...(c.rows ?? [])];
  const id = ids.find((i) => row(run, i)?.status === 'failed') ?? ids[0]!;
  const r = row(run, id);
  expect(r?.status, `${c.fault} must fail ${ids.join(' or ')}\n${run.stdout.slice(-3000)}`).toBe('failed');
  const by = r!.findings.map((f) => f.dedupKey.split('|').slice(0, 2));
  expect(by.some(([check, op]) => c.checks.includes(check!) && c.operation.test(op ?? '')), `${c.fault}: ${id} must fail by ${c.checks.join('/')} on ${c.operation}, found ${JSON.stringify(by)}`).toBe(true);
  if (c.story) expect(run.stdout, `${c.fault}: the shrunk sequence must show ${c.story}`).toMatch(c.story);
  // The audit agrees on the row the run failed (the fault's own, or one of `rows`).
  expectAuditAgrees(run, [c.fault], () => id);
}

/** The live output shows a shrunk sequence as numbered steps, with seed, path and replay command. */
export function expectNumberedSteps(run: ConformanceRun): void {
  expect(run.stdout).toMatch(/shrunk sequence \(seed \d+, path [\d:]+\):/);
  expect(run.stdout).toMatch(/\n\s+1\. setup: AuthenticatePartner .*\n\s+POST \/api\/v1\/partners\/authenticate → 200/);
  expect(run.stdout).toMatch(/\n\s+2\. [A-Za-z]+\(/);
  expect(run.stdout).toMatch(/replay: CONFORMANCE_SEED=\d+ CONFORMANCE_PATH=[\d:]+ npm run conformance -- suites\/stateful-[a-z-]+\.conformance\.ts -t "/);
}

/** Nothing failed or broke, and every listed requirement passed; the audit of its traffic finds nothing either. */
export function expectClean(run: RecordedRun, passed: readonly string[]): void {
  expect(run.summary, run.stderr || run.stdout).toBeDefined();
  const bad = run.summary!.requirements.filter((r) => r.status === 'failed' || r.status === 'broken');
  expect(bad.map((r) => `${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''}`)).toEqual([]);
  expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
  for (const id of passed) expect(row(run, id)?.status, id).toBe('passed');
  expectAuditClean(run);
}
