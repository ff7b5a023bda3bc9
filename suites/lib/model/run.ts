import fc from 'fast-check';
import type { Exchange } from '../../../client/exchange.js';
import { sampleOne } from '../../../generators/index.js';
import { classifyRun, Tally, type PropertyResult } from '../runner/classify.js';
import type { PropertyEnv } from '../runner/property.js';
import { propertySeed } from '../runner/selection.js';
import { refusedPath, type Stop } from '../runner/stop.js';
import { Journal } from './journal.js';
import { describeModelFailure } from './report.js';
import { coverageSequence, runSequence, type ModelSpec } from './sequence.js';
import { grantedRandom, type Exploration } from '../runner/budget.js';
import { brokenExchange, CaseRuns } from '../runner/rerun.js';
import { maxBrokenCases } from '../runner/property.js';
import type { RequirementId } from '../../../contract/requirements.js';

export { Journal, ModelMismatch, StepBroken } from './journal.js';
export { formatSteps } from './report.js';
export { coverageSequence, type ModelSpec, type Sequence } from './sequence.js';

/**
 * Model-based properties (fast-check commands) against the target: each generated sequence
 * runs on fresh target state (sequence.ts), every reply is compared with the model, a failing
 * sequence is shrunk and told as numbered steps (report.ts), and classify.ts turns the run into
 * records exactly as it does for the other properties.
 */

/** Re-runs allowed while shrinking: bounds what a failure costs a shared sandbox. */
export const maxShrinkRuns = 150;

/**
 * Random sequences drawn to find a shrinkable counterexample when only the coverage sequence
 * failed (fc.commands cannot shrink a sequence it did not generate, and an unshrunk coverage
 * sequence hides its failing step among twenty others). They cost requests only on a faulty target.
 */
export const huntSequences = 20;

/**
 * A sequence gets this many times CONFORMANCE_RERUNS: tens of requests long, it meets a lost reply
 * tens of times as often as a case does, and only a whole run reaches every command in the state it needs.
 */
export const sequenceRerunFactor = 2;

/** Random sequences a property runs before its coverage sequence (as many as the request budget grants, budget.ts). */
export const randomSequences = (spec: Pick<ModelSpec<object, unknown>, 'sequences' | 'area' | 'name'>, exploration?: Exploration): number =>
  grantedRandom(exploration, { area: spec.area, name: spec.name, unit: 'sequence', wished: spec.sequences, coverage: 0 });

type Commands<M extends object, R> = Iterable<fc.AsyncCommand<M, R>>;

export async function runModel<M extends object, R, S>(env: PropertyEnv, spec: ModelSpec<M, R, S>, requestBody: (x: Exchange) => string): Promise<PropertyResult> {
  const seed = propertySeed(env.runSeed, spec.name);
  const proven = new Set(spec.requirements);
  const tally = new Tally();
  let stop: Stop | undefined;
  let failure: Journal | undefined;
  let leak: { journal: Journal; path: string | undefined } | undefined;
  let generated = -1;
  let shrinkRuns = 0;
  const brokenSequences: Array<{ reason: string; rows: readonly RequirementId[] }> = [];
  const sequenceRerunEnv = () => ({
    reruns: (env.trouble?.reruns(env.reruns ?? 0) ?? env.reruns ?? 0) * sequenceRerunFactor,
    property: spec.name, redact: env.redact, ...(env.health ? { health: env.health } : {}),
  });

  /** The path that replays the sequence running now, as generated (a leak's story). */
  const leakPath = () => (failure ? undefined : inCoverage ? coveragePath : env.replayPath?.split(':')[0] ?? String(generated));
  /** What a run saw counts whether or not it completed: every reply before a break was whole and judged against the model. */
  const keep = (journal: Journal) => {
    tally.add({ checked: journal.checked, responsesSeen: journal.responses, observed: journal.observed });
    // The first sequence with a leaking reply, as generated (leaks do not fail the property: no shrinking).
    if (journal.leaks.length && !leak) leak = { journal, path: leakPath() };
  };

  /**
   * One sequence, and again from the start (a fresh setup: session, customer) while transport
   * trouble breaks it (runner/rerun.ts): the whole sequence, since a later command needs the state
   * the earlier ones made; the identities it enrols are fresh on every run, and nothing is resent.
   * What a broken run checked before the break stands (every reply up to it was whole and judged).
   */
  const runWithReruns = async (values: S, commands: Commands<M, R>): Promise<Journal> => {
    const runs = new CaseRuns(sequenceRerunEnv());
    for (;;) {
      const journal = new Journal(proven);
      await runSequence(spec, values, commands, journal, env.redact, { freshEnrolments: !budgeted ? 'any' : inCoverage ? 'new-date-form' : 'none' });
      if (journal.stop?.kind !== 'broken') {
        runs.completed({ exchanges: [], findings: [], checked: [] });
        return journal;
      }
      keep(journal);
      const broken = journal.stop;
      if (!runs.broke(brokenExchange(journal.brokenBy), broken.reason)) {
        journal.stop = { kind: 'broken', reason: runs.reason(broken.reason) };
        return journal;
      }
    }
  };

  const planned = randomSequences(spec, env.exploration);
  const hunted = Math.max(planned, huntSequences);
  // The coverage sequence replays by a path no random or hunting sequence has.
  const coveragePath = String(hunted);
  let inCoverage = false;
  // Under the request budget the random sequences (the hunt's too, so that a path replays as drawn) enrol no fresh
  // identity and the coverage sequence as few as its rules need (oracles/model/state.ts FreshEnrolments).
  const budgeted = env.exploration?.budgeted('sequence') ?? false;
  const run = (options: fc.Parameters<[S, Commands<M, R>]>) => fc.check(
    // Shrinking drops commands; it leaves generated values (payload texts) alone: a shorter
    // story is what helps a reader, and every re-run costs the target a sequence.
    fc.asyncProperty(fc.noShrink(spec.setupValues), fc.commands(spec.commands.map((c) => fc.noShrink(c)), { maxCommands: spec.maxCommands, size: 'max' }), async (values, commands) => {
      if (stop) return true;
      if (failure && ++shrinkRuns > maxShrinkRuns) return true;
      if (!failure && !inCoverage) generated += 1;
      const journal = await runWithReruns(values, commands);
      // While shrinking a failure already found, a broken sequence is just not a smaller counterexample.
      if (journal.stop?.kind === 'broken' && failure) return true;
      if (journal.stop?.kind === 'broken') {
        // The property goes on; what no sequence checks because this one broke reads broken (below).
        brokenSequences.push({ reason: journal.stop.reason, rows: spec.requirements });
        if (brokenSequences.length >= (env.trouble?.brokenCases(maxBrokenCases) ?? maxBrokenCases)) {
          stop = { kind: 'broken', reason: `${brokenSequences[0]!.reason} (${brokenSequences.length} sequence(s) stayed broken: the target is in trouble)` };
          if (env.trouble) env.trouble.on = true;
        }
        return true;
      }
      if (env.trouble && !journal.stop) env.trouble.on = false;
      if (journal.stop) {
        stop = journal.stop;
        return true;
      }
      keep(journal);
      if (journal.findings.length === 0) return true;
      failure = journal;
      return false;
    }),
    options,
  );
  const coverage = () => {
    inCoverage = true;
    return run({ seed, numRuns: 1, examples: [[sampleOne(spec.setupValues, seed), coverageSequence(spec.commands, seed)]] });
  };
  /**
   * Random sequences first, so a failure shrinks to a short story; then, only when some rule
   * was never reached, the coverage sequence (not shrunk: a failure there prints it whole).
   */
  const phases = async () => {
    if (env.replayPath?.split(':')[0] === coveragePath) return coverage();
    const random = await run({ seed, numRuns: planned, ...(env.replayPath ? { path: env.replayPath } : {}) });
    const unreached = spec.requirements.some((r) => !tally.checked.has(r));
    // Under the request budget the random sequences are few: the coverage sequence always follows them.
    // A leak does not end the property (it fails no rule of the model), so it does not skip coverage either.
    if (random.failed || stop || env.replayPath || (!unreached && !budgeted)) return random;
    const covered = await coverage();
    if (!covered.failed || stop || hunted <= planned) return covered;
    return hunt(covered);
  };
  /**
   * The coverage sequence failed: the same seed's random sequences, more of them, may fail too and
   * shrink to a short story that replays by its own path; if none does, the coverage sequence is told whole.
   */
  const hunt = async (covered: fc.RunDetails<[S, Commands<M, R>]>) => {
    const found = failure;
    [failure, inCoverage, generated, shrinkRuns] = [undefined, false, -1, 0];
    const random = await run({ seed, numRuns: hunted });
    if (random.failed || stop) return random;
    [failure, inCoverage] = [found, true];
    return covered;
  };

  let result: fc.RunDetails<[S, Commands<M, R>]> | undefined;
  try {
    result = await phases();
  } catch (error) {
    // fast-check refuses a path that does not lead to a sequence of this property (a path from another property or seed).
    stop = refusedPath(error, env.replayPath, 'sequence', env.redact);
  }
  /** Random sequences as generated, and the coverage sequence if it ran (shrink re-runs not counted). */
  const sequencesRun = result ? generated + 1 + (inCoverage ? 1 : 0) : 0;
  const shrunk = result?.failed && failure
    ? { journal: failure, numRuns: result.numRuns, numShrinks: result.numShrinks,
      // The shrink path of fc.commands replays only with fast-check's own replayPath hint; the path of the failing
      // sequence as generated replays by seed alone, and shrinking it again (deterministic) ends at the same story.
      path: inCoverage ? coveragePath : result.counterexamplePath?.split(':')[0] }
    : undefined;
  const end = classifyRun({
    suite: spec.area, property: spec.name, unit: 'sequence', runs: sequencesRun,
    requirements: spec.requirements, checked: tally.checked, observed: tally.observed, responsesSeen: [...tally.responses], ...(tally.pairs.size ? { operatorPairs: [...tally.pairs.values()] } : {}),
    ...(stop ? { stop } : {}), interrupted: result?.interrupted ?? false,
    ...(shrunk || leak ? { failure: describeModelFailure(env, spec.name, { ...(shrunk ? { shrunk } : {}), ...(leak ? { leak } : {}) }, requestBody) } : {}),
    ...(result?.failed && !failure ? { fastCheckError: result.errorInstance } : {}),
    unreachedReason: `none of ${sequencesRun} sequence(s) reached a state where this could be checked`,
    // A sequence explores: its rows are the property's, and those some run (complete, or cut short by the
    // break) checked stand; what none reached is broken by the sequences that stayed broken.
    brokenCases: brokenSequences.map((b) => ({ ...b, rows: b.rows.filter((r) => !tally.checked.has(r)) })).filter((b) => b.rows.length > 0),
  }, env.redact);
  end.records.forEach((r) => env.record(r));
  return end.result;
}
