import type { Finding } from '../../../checks/finding.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { OperatorPair } from '../../../contract/operators/types.js';
import type { Reproduction, SuiteRecord } from '../../../reporting/result.js';
import type { Stop } from './stop.js';
import { uncheckedReason, type FixtureFailure } from './unchecked.js';
import { observedEntries, type Observed } from '../../../oracles/outcome.js';

export { observedEntries, type Observed } from '../../../oracles/outcome.js';

/**
 * The one place a finished property or model-based run becomes result records. Both runners
 * (property.ts, model/run.ts) gather the same facts and hand them here, so they cannot drift.
 * Precedence: a counterexample found is a failure whatever stopped the run after it; then a
 * harness error (nothing checked is called passed); then transport trouble; then gaps.
 */

/** A requirement a counterexample (or a leaking reply) failed, with what shows it. */
export interface FailedRequirement {
  readonly requirement: RequirementId;
  readonly findings: readonly Finding[];
  readonly reproduction?: Reproduction;
}

/** A failure as its runner tells it: records per requirement, the console report, the evidence for attachments. */
export interface RunFailure {
  readonly failed: readonly FailedRequirement[];
  readonly findings: readonly Finding[];
  readonly report: string;
  readonly reproduction?: Reproduction;
  /** Redacted request and response of the failing case's last exchange. */
  readonly detail?: string;
}

export interface PropertyResult {
  readonly failed: boolean;
  readonly broken?: string;
  readonly findings: readonly Finding[];
  readonly reproduction?: Reproduction;
  /** Redacted request and response of the failing case's last exchange. */
  readonly detail?: string;
  /** Set when the property could not run for want of target state (FixtureError): not covered. */
  readonly notCovered?: string;
  readonly report: string;
}

/** What one run saw, whichever runner ran it. */
export interface RunFacts {
  readonly suite: string;
  readonly property: string;
  readonly operation?: string;
  readonly unit: 'case' | 'sequence';
  /** Cases or sequences run (shrinking not counted). */
  readonly runs: number;
  /** What the property can check; gaps are named from these. */
  readonly requirements: readonly RequirementId[];
  readonly checked: ReadonlySet<RequirementId>;
  readonly observed: Observed;
  readonly responsesSeen: readonly string[];
  readonly stop?: Stop;
  /** The first state one case could not get (D37 refusal); the cases after it still ran. */
  readonly missing?: FixtureFailure;
  readonly failure?: RunFailure;
  /** fast-check failed with no counterexample of ours: the error it gave (a throw outside the cases). */
  readonly fastCheckError?: unknown;
  /** fast-check stopped before the planned runs (interruptAfterTimeLimit, a budget). */
  readonly interrupted?: boolean;
  /** When given, requirements no case reached without any stop are recorded not covered with this reason. */
  readonly unreachedReason?: string;
  /** Cases (or sequences) an exchange broke and whose re-runs broke too (rerun.ts): only their rows read broken. */
  readonly brokenCases?: ReadonlyArray<{ readonly reason: string; readonly rows: readonly RequirementId[] }>;
  /** Operator x cell pairs the judged cases sent; carried on the property's first record. */
  readonly operatorPairs?: readonly OperatorPair[];
}

export interface RunEnd {
  readonly records: readonly SuiteRecord[];
  readonly result: PropertyResult;
}

export function classifyRun(f: RunFacts, redact: (text: string) => string): RunEnd {
  const end = classifyRecords(f, redact);
  if (!f.operatorPairs?.length || end.records.length === 0) return end;
  const [first, ...rest] = end.records;
  return { ...end, records: [{ ...first!, operatorPairs: f.operatorPairs }, ...rest] };
}

function classifyRecords(f: RunFacts, redact: (text: string) => string): RunEnd {
  const base = { suite: f.suite, property: f.property, ...(f.operation ? { operation: f.operation } : {}) };
  const records: SuiteRecord[] = observedEntries(f.observed).map(([requirement, behaviour]) => ({ ...base, requirement, status: 'observed', reason: behaviour }));
  const withSeen = { responsesSeen: f.responsesSeen };
  const mark = (ids: Iterable<RequirementId>, status: 'passed' | 'broken', reason?: string) => {
    for (const requirement of ids) records.push({ ...base, requirement, status, ...(reason ? { reason } : {}), ...withSeen });
  };
  /** The rows of the cases that stayed broken, each with the first such case's reason. */
  const brokenRows = new Map<RequirementId, string>();
  for (const c of f.brokenCases ?? []) for (const r of c.rows) if (!brokenRows.has(r)) brokenRows.set(r, c.reason);
  const markBrokenCases = () => { for (const [requirement, reason] of brokenRows) mark([requirement], 'broken', reason); };
  const brokenCount = f.brokenCases?.length ?? 0;
  /** Records what no case reached; returns the reason when it should skip the test (a fixture or an interruption). */
  const gaps = (failing: ReadonlySet<RequirementId>): string | undefined => {
    const fixture = f.stop?.kind === 'fixture' ? f.stop.error : f.missing;
    // The rule a fixture answer broke was recorded failed by the fixture itself.
    const unreached = f.requirements.filter((r) => !f.checked.has(r) && !failing.has(r) && r !== fixture?.blockedBy && !brokenRows.has(r));
    const reasonFor = (r: string) => fixture ? uncheckedReason(fixture, r, redact)
      : f.interrupted ? `not covered: the run was interrupted after ${f.runs} ${f.unit}(s), before any reached a state where this could be checked`
      : f.unreachedReason;
    for (const requirement of unreached) {
      const reason = reasonFor(requirement);
      if (reason) records.push({ ...base, requirement, status: 'not-covered', reason });
    }
    return unreached.length && (fixture || f.interrupted) ? reasonFor(unreached[0]!) : undefined;
  };

  if (f.failure) {
    const failing = new Set(f.failure.failed.map((r) => r.requirement));
    mark([...f.checked].filter((r) => !failing.has(r)), 'passed');
    for (const r of f.failure.failed)
      records.push({ ...base, requirement: r.requirement, status: 'failed', findings: r.findings, ...(r.reproduction ? { reproduction: r.reproduction } : {}), ...withSeen });
    markBrokenCases();
    gaps(failing);
    const { findings, report, reproduction, detail } = f.failure;
    return { records, result: { failed: true, findings, report, ...(reproduction ? { reproduction } : {}), ...(detail ? { detail } : {}) } };
  }
  const harness = f.stop?.kind === 'harness' ? f.stop.reason
    : f.fastCheckError !== undefined ? `harness error: ${redact(String((f.fastCheckError as Error | null)?.message ?? f.fastCheckError))}` : undefined;
  if (harness) {
    mark(new Set([...f.checked, ...f.requirements]), 'broken', harness);
    return { records, result: { failed: false, broken: harness, findings: [], report: `${f.property}: ${harness}` } };
  }
  if (f.stop?.kind === 'broken') {
    // The target is in trouble, not hiccuping: the property, cut short, proves nothing; what it checked before reads broken too.
    markBrokenCases();
    mark([...(f.checked.size ? f.checked : f.requirements)].filter((r) => !brokenRows.has(r)), 'broken', f.stop.reason);
    return { records, result: { failed: false, broken: f.stop.reason, findings: [], report: `${f.property}: broken (${f.stop.reason})` } };
  }
  mark(f.checked, 'passed');
  markBrokenCases();
  if (brokenCount) {
    gaps(new Set());
    const why = `${brokenCount} of ${f.runs} ${f.unit}(s) stayed broken, their rows with them (${f.brokenCases![0]!.reason})`;
    return { records, result: { failed: false, broken: why, findings: [], report: `${f.property}: ${why}` } };
  }
  const notCovered = gaps(new Set());
  if (notCovered) return { records, result: { failed: false, findings: [], notCovered, report: `${f.property}: ${notCovered}` } };
  return { records, result: { failed: false, findings: [], report: `${f.property}: ${f.runs} ${f.unit}s passed` } };
}

/** What the cases that completed showed, gathered the same way by both runners. */
export class Tally {
  readonly checked = new Set<RequirementId>();
  readonly responses = new Set<string>();
  readonly observed: Partial<Record<RequirementId, string>> = {};
  /** Operator x cell pairs of the cases judged (not broken), `operator cell`. */
  readonly pairs = new Map<string, OperatorPair>();

  add(seen: { readonly checked: Iterable<RequirementId>; readonly responsesSeen?: Iterable<string>; readonly observed?: Observed; readonly operatorPairs?: readonly OperatorPair[] }): void {
    for (const r of seen.checked) this.checked.add(r);
    for (const p of seen.operatorPairs ?? []) this.pairs.set(`${p.operator} ${p.cell}`, p);
    for (const r of seen.responsesSeen ?? []) this.responses.add(r);
    // Several cases may note one requirement (each open value of a field): keep each distinct note, a few at most.
    // A case's own note may hold several already (joined the same way): each sentence is kept once.
    for (const [requirement, note] of observedEntries(seen.observed ?? {})) {
      const known = this.observed[requirement]?.split('; ') ?? [];
      const fresh = [...new Set(note.split('; '))].filter((n) => !known.includes(n));
      if (fresh.length && known.length < 4) this.observed[requirement] = [...known, ...fresh].slice(0, 4).join('; ');
    }
  }
}
