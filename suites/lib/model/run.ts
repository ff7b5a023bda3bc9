import fc from 'fast-check';
import type { Exchange } from '../../../client/exchange.js';
import type { Reproduction } from '../../../reporting/result.js';
import { Journal, ModelMismatch, StepBroken } from './journal.js';
import { story } from './report.js';
import type { PropertyEnv, PropertyResult } from '../runner/property.js';
import { propertySeed } from '../runner/selection.js';
import { oneOfEach, sampleOne } from '../../../generators/index.js';
import { ClientError } from '../../../client/errors.js';
import { isFixtureFailure, uncheckedReason, type FixtureFailure } from '../runner/unchecked.js';

export { Journal, ModelMismatch, StepBroken } from './journal.js';
export { formatSteps } from './report.js';

/**
 * Model-based properties (fast-check commands) against the target: each generated sequence
 * runs on fresh target state, every reply is compared with the model, and a failing
 * sequence is shrunk and printed as numbered steps with their redacted exchanges.
 */

export interface Sequence<M extends object, R> {
  readonly model: M;
  readonly real: R;
}

export interface ModelSpec<M extends object, R, S = unknown> {
  readonly area: string;
  readonly name: string;
  /** Every requirement the property can check; only these are reported passed. */
  readonly requirements: readonly string[];
  readonly sequences: number;
  readonly maxCommands: number;
  readonly commands: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>;
  /** Generated with the commands (so a sequence replays by seed and path): what setup sends. */
  readonly setupValues: fc.Arbitrary<S>;
  /** Fresh target state for one sequence (a session, a customer); FixtureError → not covered. */
  setup(journal: Journal, values: S): Promise<Sequence<M, R>>;
  /** The final comparison of target and model, after the last command. */
  verify(sequence: Sequence<M, R>): Promise<void>;
  /** Removes what the sequence created that can be removed; never throws. */
  cleanup(sequence: Sequence<M, R>): Promise<void>;
}

/**
 * The coverage phase of a model-based property: one sequence, run after the random ones when they
 * left a rule unreached, that draws every command once in reverse order (a command that must come first, such as
 * AddSessionAttributes before any AuthenticateOBO, is listed last) and then twice in order, so
 * each command meets the state it needs whatever the seed and however few CONFORMANCE_SEQUENCES.
 * A command whose precondition does not hold is skipped by fast-check, as in any sequence.
 */
export function coverageSequence<M extends object, R>(commands: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>, seed: number): Array<fc.AsyncCommand<M, R>> {
  const draw = (round: number, order: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>) => oneOfEach(order, seed + round * 1000);
  return [...draw(0, [...commands].reverse()), ...draw(1, commands), ...draw(2, commands)];
}

/** Re-runs allowed while shrinking: bounds what a failure costs a shared sandbox. */
export const maxShrinkRuns = 150;

/** Files the error with the journal; returns it when it is a fixture failure (its blockedBy / enabledBy are kept). */
function classify(journal: Journal, error: unknown): FixtureFailure | undefined {
  if (error instanceof ModelMismatch) return undefined;
  if (error instanceof StepBroken) journal.broken ??= error.reason;
  else if (error instanceof ClientError) journal.broken ??= `${error.code}: ${error.message}`;
  else if ((error as { code?: unknown } | null)?.code === 'SETUP_BROKEN') journal.broken ??= (error as Error).message;
  else if (isFixtureFailure(error)) {
    journal.notCovered ??= error.message;
    return error;
  } else journal.broken ??= `harness error: ${(error as Error)?.stack ?? String(error)}`;
  return undefined;
}

/** One sequence: setup, the commands, the final comparison, and always the clean-up. */
async function runSequence<M extends object, R, S>(spec: ModelSpec<M, R, S>, values: S, commands: Iterable<fc.AsyncCommand<M, R>>, journal: Journal): Promise<FixtureFailure | undefined> {
  let sequence: Sequence<M, R> | undefined;
  let fixture: FixtureFailure | undefined;
  try {
    sequence = await spec.setup(journal, values);
    const started = sequence;
    await fc.asyncModelRun(() => Promise.resolve(started), commands);
    await spec.verify(sequence);
  } catch (error) {
    fixture = classify(journal, error);
  } finally {
    journal.beginCleanup();
    if (sequence) await spec.cleanup(sequence).catch((error: unknown) => { fixture ??= classify(journal, error); });
  }
  return fixture;
}

/**
 * Runs `spec.sequences` random sequences and records one result per requirement: passed
 * (checked by some sequence, never failed), failed (with the shrunk sequence), broken,
 * observed (ambiguous points), or not-covered (no sequence reached a state to check it).
 */
export async function runModel<M extends object, R, S>(env: PropertyEnv, spec: ModelSpec<M, R, S>, requestBody: (x: Exchange) => string): Promise<PropertyResult> {
  const seed = propertySeed(env.runSeed, spec.name);
  const proven = new Set(spec.requirements);
  const checked = new Set<string>();
  const observed: Record<string, string> = {};
  const responses = new Set<string>();
  let broken: string | undefined;
  let notCovered: FixtureFailure | undefined;
  let failure: Journal | undefined;
  let leak: { journal: Journal; path: string | undefined } | undefined;
  let generated = -1;
  let shrinkRuns = 0;

  // The coverage sequence replays by a path no random sequence has: the number of random sequences.
  const coveragePath = String(spec.sequences);
  let inCoverage = false;
  const run = (options: fc.Parameters<[S, Iterable<fc.AsyncCommand<M, R>>]>) => fc.check(
    // Shrinking drops commands; it leaves generated values (payload texts) alone: a shorter
    // story is what helps a reader, and every re-run costs the target a sequence.
    fc.asyncProperty(fc.noShrink(spec.setupValues), fc.commands(spec.commands.map((c) => fc.noShrink(c)), { maxCommands: spec.maxCommands, size: 'max' }), async (values, commands) => {
      if (broken || notCovered) return true;
      if (failure && ++shrinkRuns > maxShrinkRuns) return true;
      if (!failure && !inCoverage) generated += 1;
      const journal = new Journal(proven);
      const fixture = await runSequence(spec, values, commands, journal);
      if (journal.broken) broken = journal.broken;
      else if (journal.notCovered) notCovered = fixture ?? { code: 'FIXTURE_UNAVAILABLE', message: journal.notCovered };
      if (journal.broken || journal.notCovered) return true;
      journal.checked.forEach((r) => checked.add(r));
      journal.responses.forEach((r) => responses.add(r));
      Object.assign(observed, journal.observed);
      // The first sequence with a leaking reply, as generated (leaks do not fail the property: no shrinking).
      if (journal.leaks.length && !leak) leak = { journal, path: failure ? undefined : inCoverage ? coveragePath : env.replayPath?.split(':')[0] ?? String(generated) };
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
    const random = await run({ seed, numRuns: spec.sequences, ...(env.replayPath ? { path: env.replayPath } : {}) });
    const unreached = spec.requirements.some((r) => !checked.has(r));
    if (random.failed || broken || notCovered || leak || env.replayPath || !unreached) return random;
    return coverage();
  };
  const base = { suite: spec.area, property: spec.name };
  let result: Awaited<ReturnType<typeof run>>;
  /** Random sequences as generated, and the coverage sequence if it ran (shrink re-runs not counted). */
  let sequencesRun = 0;
  try {
    result = await phases();
    sequencesRun = generated + 1 + (inCoverage ? 1 : 0);
  } catch (error) {
    // fast-check refuses a path that does not lead to a sequence of this property (a path from another property or seed).
    const reason = `harness error: CONFORMANCE_PATH ${env.replayPath ?? ''} does not replay a sequence of this property: ${(error as Error).message}`;
    for (const requirement of spec.requirements) env.record({ ...base, requirement, status: 'broken', reason });
    return { failed: false, broken: reason, findings: [], report: `${spec.name}: ${reason}` };
  }

  const responsesSeen = [...responses];
  for (const [requirement, behaviour] of Object.entries(observed)) env.record({ ...base, requirement, status: 'observed', reason: behaviour });
  if (broken) {
    for (const requirement of checked.size ? checked : spec.requirements) env.record({ ...base, requirement, status: 'broken', reason: env.redact(broken) });
    return { failed: false, broken, findings: [], report: `${spec.name}: broken (${env.redact(broken)})` };
  }
  if (notCovered) {
    // The rule a fixture answer broke was recorded failed by the fixture; the rest is blocked or not covered.
    for (const requirement of spec.requirements)
      if (!checked.has(requirement) && requirement !== notCovered.blockedBy) env.record({ ...base, requirement, status: 'not-covered', reason: uncheckedReason(notCovered, requirement, env.redact) });
  }
  const modelFailure = result.failed ? failure : undefined;
  const failing = new Set([...(modelFailure?.findings ?? []).map((f) => f.requirement), ...(leak ? ['NO-SECRET-ECHO'] : [])]);
  for (const requirement of checked) if (!failing.has(requirement)) env.record({ ...base, requirement, status: 'passed', responsesSeen });
  const unreached = spec.requirements.filter((r) => !checked.has(r) && !failing.has(r));
  if (!notCovered)
    for (const requirement of unreached)
      env.record({ ...base, requirement, status: 'not-covered', reason: `none of ${sequencesRun} sequence(s) reached a state where this could be checked` });
  if (!modelFailure && !leak) {
    if (notCovered) {
      const reason = uncheckedReason(notCovered, spec.requirements[0] ?? '<id>', env.redact);
      return { failed: false, findings: [], notCovered: reason, report: `${spec.name}: ${reason}` };
    }
    return { failed: false, findings: [], report: `${spec.name}: ${sequencesRun} sequences passed` };
  }

  const report: string[] = [];
  let reproduction: Reproduction | undefined;
  if (modelFailure) {
    // The shrink path of fc.commands replays only with fast-check's own replayPath hint; the
    // path of the failing sequence as generated replays by seed alone, and shrinking it again
    // (deterministic) ends at the same story.
    const shown = story(env, spec, modelFailure.story(), inCoverage ? coveragePath : result.counterexamplePath?.split(':')[0], requestBody);
    reproduction = shown.reproduction;
    for (const requirement of new Set(modelFailure.findings.map((f) => f.requirement)))
      env.record({ ...base, requirement, status: 'failed', findings: modelFailure.findings.filter((f) => f.requirement === requirement), reproduction, responsesSeen });
    report.push(
      `${spec.name}: failed after ${result.numRuns} sequence(s), shrunk ${result.numShrinks} time(s)`,
      ...modelFailure.findings.map((f) => `  ✗ [${f.requirement}] ${f.title}: ${env.redact(f.message)}`),
      `  shrunk sequence (${shown.heading}):`, ...shown.lines,
    );
  }
  if (leak) {
    const shown = story(env, spec, leak.journal.leakStory(), leak.path, requestBody);
    reproduction ??= shown.reproduction;
    env.record({ ...base, requirement: 'NO-SECRET-ECHO', status: 'failed', findings: leak.journal.leaks, reproduction: shown.reproduction, responsesSeen });
    report.push(
      ...(modelFailure ? [] : [`${spec.name}: a reply leaked a value the harness sent`]),
      ...leak.journal.leaks.map((f) => `  ✗ [${f.requirement}] ${f.title}: ${env.redact(f.message)}`),
      `  sequence up to the reply that leaked, as generated (${shown.heading}):`, ...shown.lines,
    );
  }
  return { failed: true, findings: [...(modelFailure?.findings ?? []), ...(leak?.journal.leaks ?? [])], ...(reproduction ? { reproduction } : {}), report: report.join('\n') };
}
