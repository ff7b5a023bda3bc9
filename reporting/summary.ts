import type { Requirement } from '../contract/requirements.js';
import type { Operation, Severity } from '../contract/types.js';
import type { ResultRecord } from './result.js';
import type { Counts, ObservedBehaviour, ReportedFinding, RequirementRow, RowStatus, Summary } from './model.js';
import { isExpired, type Waiver } from './waivers.js';
import { compareBaseline, type PreviousRun } from './baseline.js';
import { responseCoverage } from './coverage.js';

/** Generic rules whose failure blocks although their severity is unspecified. */
export const genericBlocking: ReadonlySet<string> = new Set(['GEN-NO-5XX', 'GEN-JSON-BODY']);
const blockingSeverities: ReadonlySet<Severity> = new Set(['documented', 'standard']);

export interface SummaryInput {
  readonly records: readonly ResultRecord[];
  readonly requirements: readonly Requirement[];
  readonly operations: readonly Operation[];
  /** CONFORMANCE_ONLY entries: requirement ids, operations or interface.md sections; empty = all. */
  readonly selection: { readonly only: readonly string[] };
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly target: { readonly baseUrl: string; readonly kind: string };
  readonly waivers: readonly Waiver[];
  readonly baseline?: PreviousRun;
  /** Why the run stopped short (target unreachable, interrupted); makes the exit code 3. */
  readonly incomplete?: string;
  /** The clock for waiver expiry; default finishedAt. */
  readonly now?: Date;
  readonly footprint?: Summary['footprint'];
}

export function isSelected(q: Requirement, only: readonly string[]): boolean {
  if (only.length === 0) return true;
  const names = [q.id, q.operation, q.section].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  return only.some((o) => names.includes(o.toLowerCase()));
}

export const isBlocking = (q: Pick<Requirement, 'id' | 'severity'>): boolean =>
  genericBlocking.has(q.id) || blockingSeverities.has(q.severity);

const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

function rowStatus(records: readonly ResultRecord[], selected: boolean): Exclude<RowStatus, 'waived'> {
  const has = (s: ResultRecord['status']) => records.some((r) => r.status === s);
  if (records.length === 0) return selected ? 'not-covered' : 'not-selected';
  if (has('failed')) return 'failed';
  if (has('broken')) return 'broken';
  if (has('passed')) return 'passed';
  if (has('skipped-by-profile')) return 'skipped-by-profile';
  if (has('observed')) return 'observed';
  return 'not-covered';
}

function dedupFindings(records: readonly ResultRecord[]): ReportedFinding[] {
  const byKey = new Map<string, ReportedFinding>();
  for (const r of records)
    for (const f of r.findings ?? []) {
      const known = byKey.get(f.dedupKey);
      if (known) byKey.set(f.dedupKey, { ...known, occurrences: known.occurrences + 1 });
      else byKey.set(f.dedupKey, { ...f, occurrences: 1, ...(r.reproduction ? { reproduction: r.reproduction } : {}) });
    }
  return [...byKey.values()];
}

function buildRow(q: Requirement, records: readonly ResultRecord[], selected: boolean, waiver: Waiver | undefined): RequirementRow {
  const computed = rowStatus(records, selected);
  const status: RowStatus = computed === 'failed' && waiver ? 'waived' : computed;
  return {
    id: q.id, section: q.section, severity: q.severity, text: q.text,
    ...(q.operation ? { operation: q.operation } : {}),
    status,
    blocking: isBlocking(q),
    checks: unique(records.flatMap((r) => [r.check, ...(r.findings ?? []).map((f) => f.check)]).filter((c): c is string => !!c)).sort(),
    suites: unique(records.map((r) => r.suite)).sort(),
    findings: dedupFindings(records),
    reasons: unique(records.filter((r) => (r.status === 'broken' || r.status === 'not-covered' || r.status === 'skipped-by-profile') && r.reason).map((r) => r.reason as string)),
    ...(status === 'waived' && waiver ? { waiver } : {}),
  };
}

const countKey: Record<RowStatus, keyof Counts> = {
  passed: 'passed', failed: 'failed', waived: 'waived', broken: 'broken', observed: 'observed',
  'skipped-by-profile': 'skippedByProfile', 'not-covered': 'notCovered', 'not-selected': 'notSelected',
};

/** The report model and the verdict, computed from result records only. */
export function buildSummary(input: SummaryInput): Summary {
  const now = input.now ?? input.finishedAt;
  const byReq = new Map<string, ResultRecord[]>();
  for (const r of input.records) byReq.set(r.requirement, [...(byReq.get(r.requirement) ?? []), r]);
  const expired = input.waivers.filter((w) => isExpired(w, now));
  const valid = new Map(input.waivers.filter((w) => !isExpired(w, now)).map((w) => [w.requirement, w]));

  const known = new Set(input.requirements.map((q) => q.id));
  const unknownRequirements = [...byReq.keys()].filter((id) => !known.has(id)).sort();
  const unlisted: Requirement[] = unknownRequirements.map((id) => {
    const severities = (byReq.get(id) ?? []).flatMap((r) => r.findings ?? []).map((f) => f.severity);
    return { id, section: 'Not in contract', text: 'requirement id not in contract/requirements.ts', severity: severities.find((s) => blockingSeverities.has(s)) ?? 'unspecified' };
  });
  const rows = [...input.requirements, ...unlisted].map((q) => {
    const recs = byReq.get(q.id) ?? [];
    return buildRow(q, recs, isSelected(q, input.selection.only) || recs.length > 0, valid.get(q.id));
  });

  const counts = Object.fromEntries(Object.values(countKey).map((k) => [k, 0])) as Counts;
  for (const row of rows) counts[countKey[row.status]] += 1;

  const observed = new Map<string, ObservedBehaviour>();
  for (const r of input.records.filter((x) => x.status === 'observed')) {
    const what = r.reason ?? '(no description recorded)';
    const decisions = input.requirements.find((q) => q.id === r.requirement)?.decisions ?? [];
    observed.set(`${r.requirement}\u0000${what}`, { requirement: r.requirement, decisions, observed: what, suite: r.suite });
  }

  const blockingFailures = rows.filter((r) => r.status === 'failed' && r.blocking);
  const broken = rows.filter((r) => r.status === 'broken');
  const verdictReasons = [
    ...(blockingFailures.length ? [`${blockingFailures.length} blocking requirement(s) failed: ${blockingFailures.map((r) => r.id).join(', ')}.`] : []),
    ...expired.map((w) => `The waiver for ${w.requirement} (owner ${w.owner}) expired on ${w.expires}.`),
    ...(input.incomplete ? [`The run is incomplete: ${input.incomplete}.`] : []),
    ...(broken.length ? [`${broken.length} requirement(s) broken (transport trouble or harness error): ${broken.map((r) => r.id).join(', ')}.`] : []),
  ];
  const exitCode = blockingFailures.length || expired.length ? 1 : input.incomplete || broken.length ? 3 : 0;
  return {
    schemaVersion: 1,
    verdict: exitCode === 0 ? 'pass' : 'fail',
    exitCode, verdictReasons,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
    target: input.target,
    selection: { only: [...input.selection.only] },
    ...(input.incomplete ? { incomplete: input.incomplete } : {}),
    counts, requirements: rows,
    observed: [...observed.values()],
    responseCoverage: responseCoverage(input.operations, input.records),
    waivers: {
      applied: rows.flatMap((r) => (r.waiver ? [r.waiver] : [])),
      expired,
      unused: [...valid.values()].filter((w) => rows.find((r) => r.id === w.requirement)?.status !== 'waived'),
    },
    ...(input.baseline ? { baseline: compareBaseline(input.baseline, rows) } : {}),
    ...(input.footprint ? { footprint: input.footprint } : {}),
    unknownRequirements,
  };
}
