import type { Requirement } from '../contract/requirements.js';
import type { Severity } from '../contract/types.js';
import type { ResultRecord } from './result.js';
import type { ReportedFinding, RequirementRow, RowStatus } from './model.js';
import type { Waiver } from './waivers.js';

/** One requirement row of the report from its result records: status, findings, reasons, accepted gap. */

/** Generic rules whose failure blocks although their severity is unspecified. */
export const genericBlocking: ReadonlySet<string> = new Set(['GEN-NO-5XX', 'GEN-JSON-BODY']);
export const blockingSeverities: ReadonlySet<Severity> = new Set(['documented', 'standard']);

export const isBlocking = (q: Pick<Requirement, 'id' | 'severity'>): boolean =>
  genericBlocking.has(q.id) || blockingSeverities.has(q.severity);

const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

function rowStatus(records: readonly ResultRecord[], selected: boolean): Exclude<RowStatus, 'waived'> {
  const has = (s: ResultRecord['status']) => records.some((r) => r.status === s);
  if (records.length === 0) return selected ? 'not-covered' : 'not-selected';
  if (has('failed')) return 'failed';
  if (has('broken')) return 'broken';
  // Some cases held, others could not run (a variable missing, a probe impossible): never a pass.
  if (has('passed')) return has('not-covered') ? 'partly-checked' : 'passed';
  if (has('skipped-by-profile')) return 'skipped-by-profile';
  // A note of what the target did is no check: a row some property could not check stays a gap.
  if (has('not-covered')) return 'not-covered';
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

interface RowChoice {
  readonly selected: boolean;
  /** The run was narrowed by vitest filters: what nothing recorded was not selected. */
  readonly filtered: boolean;
  /** CONFORMANCE_SKIP names it: a gap here is accepted (a failure is not: that takes a waiver). */
  readonly skipped: boolean;
  readonly waiver: Waiver | undefined;
}

export function buildRow(q: Requirement, records: readonly ResultRecord[], choice: RowChoice): RequirementRow {
  let computed = rowStatus(records, choice.selected);
  // A row CONFORMANCE_SKIP names explicitly stays an accepted gap, whatever the suite filters left out.
  if (computed === 'not-covered' && records.length === 0 && choice.filtered && !choice.skipped) computed = 'not-selected';
  const gap = computed === 'not-covered' || computed === 'partly-checked';
  const acceptedGap = !gap ? undefined : choice.skipped ? 'CONFORMANCE_SKIP' : choice.waiver ? 'waiver' : undefined;
  // A skipped row nothing checked was not selected; a partly checked one keeps what it checked.
  const status: RowStatus = computed === 'failed' && choice.waiver ? 'waived'
    : acceptedGap === 'CONFORMANCE_SKIP' && computed === 'not-covered' ? 'not-selected' : computed;
  const waiver = status === 'waived' || acceptedGap === 'waiver' ? choice.waiver : undefined;
  return {
    id: q.id, section: q.section, severity: q.severity, text: q.text,
    ...(q.operation ? { operation: q.operation } : {}),
    status,
    blocking: isBlocking(q),
    checks: unique(records.flatMap((r) => [r.check, ...(r.findings ?? []).map((f) => f.check)]).filter((c): c is string => !!c)).sort(),
    suites: unique(records.map((r) => r.suite)).sort(),
    findings: dedupFindings(records),
    reasons: unique(records.filter((r) => (r.status === 'broken' || r.status === 'not-covered' || r.status === 'skipped-by-profile') && r.reason).map((r) => r.reason as string)),
    ...(waiver ? { waiver } : {}),
    ...(acceptedGap ? { acceptedGap } : {}),
  };
}
