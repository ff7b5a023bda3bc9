import { operatorCoverage, type OperatorRunContext } from './operator-coverage.js';
import type { Requirement } from '../contract/requirements.js';
import type { Operation } from '../contract/types.js';
import type { ResultRecord } from './result.js';
import type { AcceptedGap, Counts, ExitCode, ObservedBehaviour, RowStatus, Selection, Summary } from './model.js';
import { isExpired, type Waiver } from './waivers.js';
import { blockingSeverities, buildRow } from './rows.js';
import { namesRequirement, selectsRequirement } from './selection.js';
import { compareBaseline, type PreviousRun } from './baseline.js';
import { responseCoverage } from './coverage.js';
import { verdictText } from './verdict.js';
import { harnessVersion } from './package.js';

export { genericBlocking, isBlocking } from './rows.js';
export { namesRequirement, selectsRequirement } from './selection.js';

export interface SummaryInput {
  readonly records: readonly ResultRecord[];
  readonly requirements: readonly Requirement[];
  readonly operations: readonly Operation[];
  /** CONFORMANCE_ONLY / CONFORMANCE_SKIP entries (requirement ids, operations or interface.md sections) and vitest filters. */
  readonly selection: Selection;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly target: { readonly baseUrl: string; readonly kind: string; /** How requests reached it: the proxy (masked) and that the allow-list probe went direct (docs/network.md). */ readonly via?: string };
  readonly waivers: readonly Waiver[];
  readonly baseline?: PreviousRun;
  /** Why the run stopped short (target unreachable, interrupted); makes the exit code 3. */
  readonly incomplete?: string;
  /** The clock for waiver expiry; default finishedAt. */
  readonly now?: Date;
  readonly footprint?: Summary['footprint'];
  readonly health?: Summary['health'];
  /** What the run could send of the operator catalogue (profile, variables); without it no operator coverage is reported. */
  readonly operatorRun?: OperatorRunContext;
  /** The checks that judge a requirement (the catalogue's, bin/docs-render.ts checksOf): the report's checks column. */
  readonly checksOf?: (id: string) => readonly string[];
  /** The run's seed and profile, for the replay command (the harness version is the package's). */
  readonly run?: { readonly seed?: number; readonly profile?: string };
}

/** The command that runs the same cases again, given the same TARGET_* variables of the target. */
function replayCommand(run: SummaryInput['run'], selection: Selection): string {
  const env = [
    ...(run?.seed !== undefined ? [`CONFORMANCE_SEED=${run.seed}`] : []),
    ...(run?.profile && run.profile !== 'sandbox' ? [`TARGET_PROFILE=${run.profile}`] : []),
    ...(selection.only.length ? [`CONFORMANCE_ONLY=${selection.only.join(',')}`] : []),
    ...(selection.skip?.length ? [`CONFORMANCE_SKIP=${selection.skip.join(',')}`] : []),
  ];
  return [...env, 'npm run conformance', ...(selection.filters?.length ? ['--', ...selection.filters] : [])].join(' ');
}

const countKey: Record<RowStatus, keyof Counts> = {
  passed: 'passed', failed: 'failed', waived: 'waived', broken: 'broken', observed: 'observed',
  'skipped-by-profile': 'skippedByProfile', 'partly-checked': 'partlyChecked', 'not-covered': 'notCovered', 'not-selected': 'notSelected',
};

/** The report model and the verdict, computed from result records only. */
export function buildSummary(input: SummaryInput): Summary {
  const now = input.now ?? input.finishedAt;
  const byReq = new Map<string, ResultRecord[]>();
  // Pushed, not copied: an audit of a large recording hands in thousands of records per requirement.
  for (const r of input.records) {
    const list = byReq.get(r.requirement);
    if (list) list.push(r);
    else byReq.set(r.requirement, [r]);
  }
  const expired = input.waivers.filter((w) => isExpired(w, now));
  const valid = new Map(input.waivers.filter((w) => !isExpired(w, now)).map((w) => [w.requirement, w]));

  const known = new Set(input.requirements.map((q) => q.id));
  const unknownRequirements = [...byReq.keys()].filter((id) => !known.has(id)).sort();
  const unlisted: Requirement[] = unknownRequirements.map((id) => {
    const severities = (byReq.get(id) ?? []).flatMap((r) => r.findings ?? []).map((f) => f.severity);
    return { id, section: 'Not in contract', text: 'requirement id not in contract/requirements.ts', severity: severities.find((s) => blockingSeverities.has(s)) ?? 'unspecified' };
  });
  const { only, skip = [], filters = [] } = input.selection;
  const rows = [...input.requirements, ...unlisted].map((q) => {
    const recs = byReq.get(q.id) ?? [];
    const row = buildRow(q, recs, { selected: selectsRequirement(only, q) || recs.length > 0, filtered: filters.length > 0, skipped: namesRequirement(skip, q), waiver: valid.get(q.id) });
    const judges = input.checksOf?.(q.id) ?? [];
    return judges.length ? { ...row, checks: [...new Set([...row.checks, ...judges])].sort() } : row;
  });

  const counts = Object.fromEntries(Object.values(countKey).map((k) => [k, 0])) as Counts;
  for (const row of rows) counts[countKey[row.status]] += 1;

  const observed = new Map<string, ObservedBehaviour>();
  for (const r of input.records.filter((x) => x.status === 'observed')) {
    // One sentence once: notes of several cases arrive joined by '; ', and may repeat one another.
    const what = r.reason ? [...new Set(r.reason.split('; '))].join('; ') : '(no description recorded)';
    const decisions = input.requirements.find((q) => q.id === r.requirement)?.decisions ?? [];
    observed.set(`${r.requirement}\u0000${what}`, { requirement: r.requirement, decisions, observed: what, suite: r.suite });
  }

  const blockingFailures = rows.filter((r) => r.status === 'failed' && r.blocking);
  const broken = rows.filter((r) => r.status === 'broken');
  const unchecked = rows.filter((r) => (r.status === 'not-covered' || r.status === 'partly-checked') && r.blocking && !r.acceptedGap);
  const partly = unchecked.filter((r) => r.status === 'partly-checked').map((r) => r.id);
  const acceptedGaps: AcceptedGap[] = rows.flatMap((r) => (r.acceptedGap ? [{ requirement: r.id, by: r.acceptedGap, reasons: r.reasons }] : []));
  const verdictReasons = [
    ...(blockingFailures.length ? [`${blockingFailures.length} blocking requirement(s) failed: ${blockingFailures.map((r) => r.id).join(', ')}.`] : []),
    ...expired.map((w) => `The waiver for ${w.requirement} (owner ${w.owner}) expired on ${w.expires}.`),
    ...(input.incomplete ? [`The run is incomplete: ${input.incomplete}.`] : []),
    ...(broken.length ? [`${broken.length} requirement(s) broken (transport trouble or harness error): ${broken.map((r) => r.id).join(', ')}.`] : []),
    ...(unchecked.length ? [`${unchecked.length} documented requirement(s) left unchecked: ${unchecked.map((r) => r.id).join(', ')}.${partly.length ? ` Partly checked among them (what ran held, the rest could not run): ${partly.join(', ')}.` : ''} Each row's reason says what would let the run check it; CONFORMANCE_SKIP=<id> or a waiver accepts the gap.`] : []),
  ];
  const exitCode: ExitCode = blockingFailures.length || expired.length ? 1 : input.incomplete || broken.length ? 3 : unchecked.length ? 4 : 0;
  return {
    schemaVersion: 1,
    verdict: verdictText(exitCode).verdict,
    exitCode, verdictReasons,
    nextStep: verdictText(exitCode).nextStep,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
    target: input.target,
    selection: { only: [...only], skip: [...skip], filters: [...filters] },
    run: {
      ...(input.run?.seed !== undefined ? { seed: input.run.seed } : {}),
      harnessVersion,
      ...(input.run?.profile ? { profile: input.run.profile } : {}),
      replay: replayCommand(input.run, input.selection),
    },
    ...(input.incomplete ? { incomplete: input.incomplete } : {}),
    counts, requirements: rows,
    observed: [...observed.values()],
    responseCoverage: responseCoverage(input.operations, input.records),
    waivers: {
      applied: rows.flatMap((r) => (r.waiver ? [r.waiver] : [])),
      expired,
      unused: [...valid.values()].filter((w) => !rows.find((r) => r.id === w.requirement)?.waiver),
    },
    ...(input.baseline ? { baseline: compareBaseline(input.baseline, { rows, exitCode, observed: [...observed.values()], ...(input.run?.seed !== undefined ? { seed: input.run.seed } : {}) }) } : {}),
    ...(input.footprint ? { footprint: input.footprint } : {}),
    ...(input.health ? { health: input.health } : {}),
    ...(input.operatorRun ? { operatorCoverage: operatorCoverage(input.records, input.operatorRun) } : {}),
    acceptedGaps,
    unchecked: unchecked.map((r) => r.id),
    unknownRequirements,
  };
}
