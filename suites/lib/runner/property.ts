import fc from 'fast-check';
import type { Exchange } from '../../../client/exchange.js';
import { ClientError } from '../../../client/errors.js';
import type { Finding } from '../../../checks/finding.js';
import type { ResultRecord, Reproduction } from '../../../reporting/result.js';
import { reportFailure } from './property-failure.js';
import { isFixtureFailure, uncheckedReason, type FixtureFailure } from './unchecked.js';
import { propertySeed } from './selection.js';

/** What one generated case showed: the checks that ran on it, and what they found. */
export interface CaseOutcome {
  readonly exchanges: readonly Exchange[];
  readonly findings: readonly Finding[];
  /** Requirement ids this case checked (passed unless a finding names them). */
  readonly checked: readonly string[];
  /** Requirement ids that fail with the case when it has findings (e.g. the field rule behind a wrong status). */
  readonly failsWith?: readonly string[];
  /** Transport trouble: the case proves nothing. */
  readonly broken?: string;
  /** Documented responses seen, `${operation} ${status} ${errorCode|'success'}`. */
  readonly responsesSeen?: readonly string[];
  /** What the target showed on an ambiguous point: requirement → behaviour. */
  readonly observed?: Readonly<Record<string, string>>;
}

export interface PropertySpec<T> {
  readonly area: string;
  readonly name: string;
  readonly operation?: string;
  readonly arbitrary: fc.Arbitrary<T>;
  readonly numRuns: number;
  /**
   * The coverage phase: one case of each class of input, run before the random ones (fast-check
   * `examples`), so every rule the property checks is met whatever the seed and CONFORMANCE_RUNS.
   * numRuns grows to hold them all.
   */
  readonly examples?: (seed: number) => readonly T[];
  /** A short redacted description of a case, for the counterexample. */
  readonly describe: (value: T) => string;
  readonly run: (value: T) => Promise<CaseOutcome>;
  /** What the property can check; broken and not-covered rows name these when no case got that far. */
  readonly requirements?: readonly string[];
}

export interface PropertyEnv {
  readonly runSeed: number;
  readonly replayPath: string | undefined;
  readonly suiteFile: string;
  readonly record: (r: ResultRecord) => void;
  readonly redact: (text: string) => string;
  readonly curl: (exchange: Exchange) => string;
  readonly formatExchange: (exchange: Exchange) => string;
  /** Several redacted lines (headers and bodies) of the failing exchange, for attachments. */
  readonly formatDetail?: (exchange: Exchange) => string;
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

/** Why a property stopped before its cases ran out. None of them is shrunk: there is nothing to shrink. */
type Stop = { readonly kind: 'broken' | 'harness'; readonly reason: string } | { readonly kind: 'fixture'; readonly error: FixtureFailure };

function stopOf(error: unknown, redact: (t: string) => string): Stop {
  if (error instanceof ClientError) return { kind: 'broken', reason: `${error.code}: ${redact(error.message)}` };
  // Transport trouble in a step that makes target state (business-fixtures.ts SetupBroken).
  if ((error as { code?: unknown } | null)?.code === 'SETUP_BROKEN') return { kind: 'broken', reason: redact((error as Error).message) };
  if (isFixtureFailure(error)) return { kind: 'fixture', error };
  return { kind: 'harness', reason: `harness error: ${redact(String((error as Error | null)?.message ?? error))}` };
}

/**
 * Runs one property against the target and records one result per requirement: those checked
 * by completed cases passed (or failed, with the shrunk counterexample); transport trouble
 * (broken), missing target state (not covered, "blocked by" the rule a fixture answer broke)
 * and harness errors stop the property at once, without shrinking.
 */
export async function runProperty<T>(env: PropertyEnv, spec: PropertySpec<T>): Promise<PropertyResult> {
  const seed = propertySeed(env.runSeed, spec.name);
  const examples = spec.examples?.(seed) ?? [];
  const checked = new Set<string>();
  const responses = new Set<string>();
  const observed: Record<string, string> = {};
  let stop: Stop | undefined;
  /** The first target state a case could not get; the cases after it still run. */
  let missing: FixtureFailure | undefined;
  let lastFailure: { value: T; outcome: CaseOutcome } | undefined;

  const result = await fc.check(
    fc.asyncProperty(spec.arbitrary, async (value) => {
      if (stop) return true;
      let outcome: CaseOutcome;
      try {
        outcome = await spec.run(value);
      } catch (error) {
        const why = stopOf(error, env.redact);
        // State one case could not get (a refused enrolment, D37) skips that case; a fixture answered
        // out of contract, transport trouble or a harness error stops the property.
        if (why.kind === 'fixture' && !why.error.blockedBy) missing ??= why.error;
        else stop = why;
        return true;
      }
      if (outcome.broken) {
        stop = { kind: 'broken', reason: outcome.broken };
        return true;
      }
      outcome.checked.forEach((r) => checked.add(r));
      outcome.responsesSeen?.forEach((r) => responses.add(r));
      Object.assign(observed, outcome.observed ?? {});
      if (outcome.findings.length === 0) return true;
      lastFailure = { value, outcome };
      return false;
    }),
    { seed, numRuns: Math.max(spec.numRuns, examples.length), ...(examples.length ? { examples: examples.map((e): [T] => [e]) } : {}), ...(env.replayPath ? { path: env.replayPath } : {}) },
  );

  const base = { suite: spec.area, property: spec.name, ...(spec.operation ? { operation: spec.operation } : {}) };
  const responsesSeen = [...responses];
  const claimed = spec.requirements ?? ['GEN-NO-5XX'];
  for (const [requirement, behaviour] of Object.entries(observed))
    env.record({ ...base, requirement, status: 'observed', reason: behaviour });

  // A failure found before transport trouble (or a missing fixture) met the shrinking is still a failure.
  if (result.failed && lastFailure) return reportFailure(env, spec, result, lastFailure, checked, responsesSeen);
  if (result.failed || stop?.kind === 'harness') {
    // Stopped by a harness error (or fast-check by one outside the case): nothing it checks can be called passed.
    const reason = stop?.kind === 'harness' ? stop.reason : `harness error: ${env.redact(String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance))}`;
    for (const requirement of new Set([...checked, ...claimed])) env.record({ ...base, requirement, status: 'broken', reason, responsesSeen });
    return { failed: false, broken: reason, findings: [], report: `${spec.name}: ${reason}` };
  }
  if (stop?.kind === 'broken') {
    for (const requirement of checked.size ? checked : claimed) env.record({ ...base, requirement, status: 'broken', reason: stop.reason, responsesSeen });
    return { failed: false, broken: stop.reason, findings: [], report: `${spec.name}: broken (${stop.reason})` };
  }
  for (const requirement of checked) env.record({ ...base, requirement, status: 'passed', responsesSeen });
  const error = stop?.kind === 'fixture' ? stop.error : missing;
  // The blocking rule itself was recorded failed by the fixture; every other unreached one is not covered.
  const unreached = error ? claimed.filter((r) => !checked.has(r) && r !== error.blockedBy) : [];
  if (error && unreached.length) {
    for (const requirement of unreached) env.record({ ...base, requirement, status: 'not-covered', reason: uncheckedReason(error, requirement, env.redact) });
    const reason = uncheckedReason(error, unreached[0]!, env.redact);
    return { failed: false, findings: [], notCovered: reason, report: `${spec.name}: ${reason}` };
  }
  return { failed: false, findings: [], report: `${spec.name}: ${result.numRuns} cases passed` };
}
