import fc from 'fast-check';
import type { RequirementId } from '../../../contract/requirements.js';
import { describeFailure } from './property-failure.js';
import { classifyRun, Tally, type PropertyResult, type RunFailure } from './classify.js';
import { refusedPath, stopOf, type Stop } from './stop.js';
import type { FixtureFailure } from './unchecked.js';
import { propertySeed } from './selection.js';
import { grantedRandom, type Exploration } from './budget.js';
import { runCase, type CaseEnd } from './rerun.js';
import { CaseLookahead, plannedValues } from './case-lookahead.js';
import type { PropertyEnv, PropertySpec } from './property-spec.js';
import type { CaseOutcome } from '../../../oracles/outcome.js';

export type { PropertyResult } from './classify.js';
export type { CaseOutcome } from '../../../oracles/outcome.js';
export type { PropertyEnv, PropertySpec } from './property-spec.js';

/**
 * Cases of one property that may stay broken before the property stops: a target that breaks
 * this many cases after their re-runs is in trouble, not hiccuping, and every further case would
 * cost it requests.
 */
export const maxBrokenCases = 3;

/** Cases a property runs: every coverage example, then its random ones (as many as the request budget grants, budget.ts). */
export const caseCount = (spec: Pick<PropertySpec<unknown>, 'numRuns' | 'area' | 'name'>, examples: readonly unknown[], exploration?: Exploration): number =>
  examples.length + grantedRandom(exploration, { area: spec.area, name: spec.name, unit: 'case', wished: Math.max(0, spec.numRuns - examples.length), coverage: examples.length });

/**
 * Runs one property against the target; classify.ts turns what its cases showed into one
 * record per requirement. A case an exchange broke runs again from the start (rerun.ts); one
 * that stays broken makes its own rows broken and the property goes on, until maxBrokenCases.
 * Missing target state and harness errors stop the property at once (the remaining cases and
 * the shrinking pass without running).
 */
export async function runProperty<T>(env: PropertyEnv, spec: PropertySpec<T>): Promise<PropertyResult> {
  const seed = propertySeed(env.runSeed, spec.name);
  const tally = new Tally();
  let stop: Stop | undefined;
  // A coverage phase that cannot be built is a harness error: its rows are broken, never silently absent.
  let examples: readonly T[] = [];
  try {
    examples = spec.examples?.(seed) ?? [];
  } catch (error) {
    stop = stopOf(error, env.redact);
  }
  /** The first target state a case could not get; the cases after it still run. */
  let missing: FixtureFailure | undefined;
  let lastFailure: { value: T; outcome: CaseOutcome } | undefined;
  const ran = new Set<T>();
  const brokenCases: Array<{ reason: string; rows: readonly RequirementId[] }> = [];
  const rerunEnv = () => ({
    reruns: env.trouble?.reruns(env.reruns ?? 0) ?? env.reruns ?? 0, property: spec.name, redact: env.redact, ...(env.health ? { health: env.health } : {}),
  });
  const mayBreak = () => env.trouble?.brokenCases(maxBrokenCases) ?? maxBrokenCases;

  const numRuns = stop ? 0 : caseCount(spec, examples, env.exploration);
  // Independent cases go a few at a time, read in fast-check's order (case-lookahead.ts); a replayed path runs as asked.
  const width = spec.independentCases && !env.replayPath ? Math.max(1, env.caseConcurrency ?? 1) : 1;
  const lookahead = new CaseLookahead(width > 1 ? plannedValues(spec.arbitrary, examples, seed, numRuns) : [], width, (v) => runCase(spec.run, v, rerunEnv()));

  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    if (stop) return true;
    ran.add(value);
    const end = await lookahead.end(value, () => runCase(spec.run, value, rerunEnv()));
    const result = judgeEnd(value, end);
    if (stop || !result) lookahead.close();
    return result;
  });
  /** What fast-check is told of one case: false for a counterexample. */
  const judgeEnd = (value: T, end: CaseEnd): boolean => {
    if (end.kind === 'thrown') {
      const why = stopOf(end.error, env.redact);
      // State one case could not get (a refused enrolment, D37) skips that case; a fixture answered
      // out of contract or a harness error stops the property.
      if (why.kind === 'fixture' && !why.error.blockedBy) missing ??= why.error;
      else stop = why;
      return true;
    }
    // While shrinking a counterexample already found, a broken case is just not a smaller one.
    if (end.kind === 'broken' && lastFailure) return true;
    if (end.kind === 'broken') {
      brokenCases.push({ reason: end.reason, rows: end.rows ?? spec.rowsOf?.(value) ?? spec.requirements ?? ['GEN-NO-5XX'] });
      if (brokenCases.length >= mayBreak()) {
        stop = { kind: 'broken', reason: `${brokenCases[0]!.reason} (${brokenCases.length} case(s) stayed broken: the target is in trouble)` };
        if (env.trouble) env.trouble.on = true;
      }
      return true;
    }
    if (env.trouble) env.trouble.on = false;
    const outcome = end.outcome;
    tally.add(outcome);
    if (outcome.findings.length === 0) return true;
    lastFailure = { value, outcome };
    return false;
  };
  let details: fc.RunDetails<[T]> | undefined;
  if (!stop) {
    try {
      details = await fc.check(property, {
        seed, numRuns,
        ...(examples.length ? { examples: examples.map((e): [T] => [e]) } : {}), ...(env.replayPath ? { path: env.replayPath } : {}),
      });
    } catch (error) {
      stop = refusedPath(error, env.replayPath, 'case', env.redact);
    }
  }

  // A counterexample stops fast-check; the coverage cases after it still say what they check of the other rules.
  const rest = details?.failed && lastFailure && !stop ? await runRemaining(spec, examples.filter((e) => !ran.has(e)), tally) : [];
  const failure = details?.failed && lastFailure ? withMoreFailures(describeFailure(env, spec, details, lastFailure), rest.map((r) => describeFailure(env, spec, { ...details, counterexamplePath: null, numShrinks: 0 }, r))) : undefined;

  const end = classifyRun({
    suite: spec.area, property: spec.name, ...(spec.operation ? { operation: spec.operation } : {}), unit: 'case', runs: details?.numRuns ?? 0,
    requirements: spec.requirements ?? ['GEN-NO-5XX'], checked: tally.checked, observed: tally.observed, responsesSeen: [...tally.responses],
    ...(tally.pairs.size ? { operatorPairs: [...tally.pairs.values()] } : {}),
    ...(stop ? { stop } : {}), ...(missing ? { missing } : {}), interrupted: details?.interrupted ?? false, brokenCases,
    // A failure found before transport trouble (or a missing fixture) met the shrinking is still a failure.
    ...(failure ? { failure } : {}),
    ...(details?.failed && !lastFailure ? { fastCheckError: details.errorInstance } : {}),
  }, env.redact);
  end.records.forEach((r) => env.record(r));
  return end.result;
}

/** Runs the coverage cases a counterexample left unrun; returns those that failed (transport trouble ends it). */
async function runRemaining<T>(spec: PropertySpec<T>, examples: readonly T[], tally: Tally): Promise<Array<{ value: T; outcome: CaseOutcome }>> {
  const failed: Array<{ value: T; outcome: CaseOutcome }> = [];
  for (const value of examples) {
    let outcome: CaseOutcome;
    try {
      outcome = await spec.run(value);
    } catch {
      continue;
    }
    if (outcome.broken) break;
    tally.add(outcome);
    if (outcome.findings.length) failed.push({ value, outcome });
  }
  return failed;
}

/** The first failure, with the requirements later coverage cases failed (each with its own unshrunk reproduction). */
function withMoreFailures(first: RunFailure, more: readonly RunFailure[]): RunFailure {
  const known = new Set(first.failed.map((f) => f.requirement));
  const added = more.flatMap((m) => m.failed).filter((f) => !known.has(f.requirement) && known.add(f.requirement));
  return added.length ? { ...first, failed: [...first.failed, ...added], findings: [...first.findings, ...added.flatMap((f) => f.findings)] } : first;
}
