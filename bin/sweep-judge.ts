import type { RowStatus, Summary } from '../reporting/model.js';

/** The exit code of a run that left documented requirements unchecked (bin/conformance.ts). */
export const uncheckedExitCode = 4;

/**
 * Statuses that mean a check raised a finding. Against the reference with conformant readings
 * any of them is a false alarm (or a reference bug): a waived row is a failure someone accepted.
 */
const alarmStatuses: readonly RowStatus[] = ['failed', 'broken', 'waived'];

/** A row that should not have raised anything, with what it said first. */
export interface AlarmRow {
  readonly id: string;
  readonly status: RowStatus;
  /** The first finding's title, or for a broken row without findings its first reason. */
  readonly title: string;
  readonly message: string;
  /** The finding's own replay command (seed and path), when the report has one. */
  readonly replay?: string;
}

export interface Judgement {
  readonly clean: boolean;
  /** One sentence per reason the run is not clean. */
  readonly problems: readonly string[];
  readonly rows: readonly AlarmRow[];
}

function alarmRows(summary: Summary): AlarmRow[] {
  return summary.requirements.filter((r) => alarmStatuses.includes(r.status)).map((r) => {
    const finding = r.findings[0];
    return {
      id: r.id, status: r.status,
      title: finding?.title ?? r.reasons[0] ?? '(no finding recorded)',
      message: finding?.message ?? r.reasons.slice(1).join(' '),
      ...(finding?.reproduction?.replay ? { replay: finding.reproduction.replay } : {}),
    };
  });
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Judges one sweep run against the embedded reference. CLEAN: no row failed, broken or waived,
 * and exit 0 — or exit 4 when the documented rows left unchecked are exactly `expectedGaps`
 * (the rows the group's readings make unrunnable, reference/reading-groups.ts). Those rows must
 * read not-covered whatever the exit code: passing a rule that could not run is a blind pass. A run
 * narrowed by CONFORMANCE_ONLY leaves some of them not selected: not run, so not passed either, and
 * not owed as a gap (the sweep of one operation, docs/sweep.md).
 */
export function judgeRun(exitCode: number, summary: Summary | undefined, expectedGaps: readonly string[] = []): Judgement {
  if (!summary) return { clean: false, problems: [`exit ${exitCode} and no summary.json: the run did not finish its reports`], rows: [] };
  const problems: string[] = [];
  const rows = alarmRows(summary);
  if (rows.length) problems.push(`${rows.length} row(s) ${[...new Set(rows.map((r) => r.status))].join('/')}: ${rows.map((r) => r.id).join(', ')}`);
  const isGap = (status: string | undefined) => status === 'not-covered' || status === 'partly-checked';
  const statusOf = (id: string) => summary.requirements.find((r) => r.id === id)?.status;
  const owed = expectedGaps.filter((id) => statusOf(id) !== 'not-selected');
  const gaps = summary.requirements.filter((r) => isGap(r.status) && r.blocking).map((r) => r.id);
  if (exitCode === uncheckedExitCode) {
    if (!sameSet(gaps, owed)) {
      problems.push(`exit 4 with unchecked rows ${gaps.join(', ') || '(none)'}; this group may leave ${owed.length ? 'only ' : ''}${owed.join(', ') || 'none'} unchecked`);
    }
  } else if (exitCode !== 0) {
    problems.push(`exit ${exitCode}${summary.verdictReasons.length ? `: ${summary.verdictReasons.join(' ')}` : ''}`);
  }
  const blind = owed.filter((id) => !isGap(statusOf(id)));
  if (blind.length) problems.push(`${blind.join(', ')} should read not-covered (the group's readings make them unrunnable)`);
  return { clean: problems.length === 0, problems, rows };
}
