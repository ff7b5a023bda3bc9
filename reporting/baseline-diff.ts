import type { BaselineDiff, ExitCode, ObservedBehaviour, RowStatus, StatusChange } from './model.js';
import { verdictHeadline } from './verdict.js';

/** The part of a previous summary.json the comparison reads; all but the rows is optional (older summaries). */
export interface PreviousSummary {
  readonly finishedAt?: string;
  readonly exitCode?: number;
  readonly run?: { readonly seed?: number };
  readonly requirements: ReadonlyArray<{ readonly id: string; readonly status: string }>;
  readonly observed?: ReadonlyArray<{ readonly requirement: string; readonly observed: string }>;
}

export interface PreviousRun {
  /** The path or URL it was read from, for the report. */
  readonly source: string;
  readonly summary: PreviousSummary;
}

/** What this run is, for the comparison: its rows, its exit code, its readings and its seed. */
export interface CurrentRun {
  readonly rows: ReadonlyArray<{ readonly id: string; readonly status: RowStatus }>;
  readonly exitCode: ExitCode;
  readonly observed: readonly ObservedBehaviour[];
  readonly seed?: number;
}

const failing = (status: string | undefined): boolean => status === 'failed' || status === 'waived';
const gap = (status: string | undefined): boolean => status === 'not-covered' || status === 'partly-checked';

function readings(list: ReadonlyArray<{ requirement: string; observed: string }>): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const o of list) by.set(o.requirement, [...(by.get(o.requirement) ?? []), o.observed]);
  for (const [id, xs] of by) by.set(id, [...new Set(xs)].sort());
  return by;
}

const exitCodes: readonly number[] = [0, 1, 3, 4];
const headline = (code: number | undefined): string | undefined =>
  code !== undefined && exitCodes.includes(code) ? verdictHeadline(code as ExitCode) : undefined;

/**
 * This night against the previous one, row by row and as a whole: every status change falls in
 * one named list (a failure is not the only news: a row newly broken, newly unchecked or newly
 * checked is too), the readings of ambiguous points that changed, and the verdicts. A new failure
 * under the previous night's seed is a change of the target; under a new seed it may be exploration,
 * and `replayPreviousSeed` tells which.
 */
export function compareBaseline(previous: PreviousRun, current: CurrentRun): BaselineDiff {
  const before = new Map(previous.summary.requirements.map((r) => [r.id, r.status]));
  const now = new Map(current.rows.map((r) => [r.id, r.status as string]));
  const newFailures: string[] = [], fixed: string[] = [], stillFailing: string[] = [], notRechecked: string[] = [];
  const newlyBroken: string[] = [], newlyUnchecked: string[] = [], newlyChecked: string[] = [], otherChanges: StatusChange[] = [];
  for (const id of new Set([...before.keys(), ...now.keys()])) {
    const b = before.get(id), n = now.get(id);
    if (failing(n) && failing(b)) { stillFailing.push(id); continue; }
    if (failing(n)) { newFailures.push(id); continue; }
    if (failing(b)) { (n === 'passed' ? fixed : notRechecked).push(id); continue; }
    if (b === n || n === undefined) continue;
    if (n === 'broken') newlyBroken.push(id);
    else if (gap(n)) newlyUnchecked.push(id);
    else if (n === 'passed' && b !== undefined) newlyChecked.push(id);
    else otherChanges.push({ id, before: b ?? 'not in the previous run', now: n });
  }
  const was = readings(previous.summary.observed ?? []), is = readings(current.observed);
  const readingsChanged = [...new Set([...was.keys(), ...is.keys()])]
    .filter((id) => JSON.stringify(was.get(id) ?? []) !== JSON.stringify(is.get(id) ?? []))
    .map((requirement) => ({ requirement, before: was.get(requirement) ?? [], now: is.get(requirement) ?? [] }));
  const previousSeed = previous.summary.run?.seed;
  const sameSeed = previousSeed !== undefined && previousSeed === current.seed;
  const previousVerdict = headline(previous.summary.exitCode);
  return {
    source: previous.source,
    ...(previous.summary.finishedAt ? { previousFinishedAt: previous.summary.finishedAt } : {}),
    ...(previousVerdict ? { previousVerdict } : {}),
    verdict: verdictHeadline(current.exitCode),
    seeds: { ...(previousSeed !== undefined ? { previous: previousSeed } : {}), ...(current.seed !== undefined ? { now: current.seed } : {}) },
    newFailures, fixed, stillFailing, notRechecked, newlyBroken, newlyUnchecked, newlyChecked, otherChanges, readingsChanged,
    ...(newFailures.length
      ? {
          newFailuresCame: sameSeed ? 'under the previous night\'s seed: a change of the target'
            : previousSeed === undefined ? 'the previous night recorded no seed: replay under this seed on the previous version to tell'
            : 'with a new seed: exploration, unless the replay under the previous night\'s seed fails too (then a change of the target)',
          ...(sameSeed || previousSeed === undefined ? {} : { replayPreviousSeed: `CONFORMANCE_SEED=${previousSeed} CONFORMANCE_ONLY=${newFailures.join(',')} npm run conformance` }),
        }
      : {}),
  };
}

/** One line for the console: the verdicts and every list's size. */
export function baselineLine(b: BaselineDiff): string {
  const n = (xs: readonly unknown[], what: string) => `${xs.length} ${what}`;
  return [
    `${b.previousVerdict ?? 'previous verdict not recorded'} → ${b.verdict}`,
    n(b.newFailures, 'new failure(s)'), n(b.fixed, 'fixed'), n(b.stillFailing, 'still failing'), n(b.newlyBroken, 'newly broken'),
    n(b.newlyUnchecked, 'newly unchecked or partly checked'), n(b.newlyChecked, 'newly checked'), n(b.otherChanges, 'other change(s)'),
    n(b.readingsChanged, 'reading(s) changed'),
  ].join(', ') + (b.newFailuresCame ? `; the new failures came ${b.newFailuresCame}` : '');
}
