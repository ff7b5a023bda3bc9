import fc from 'fast-check';
import type { Exchange } from '../../client/exchange.js';
import { ClientError } from '../../client/errors.js';
import type { Finding } from '../../checks/finding.js';
import type { ResultRecord, Reproduction } from '../../reporting/result.js';
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

/**
 * Runs one property against the target and records one result per requirement it
 * checked. Transport trouble stops the property and reports it broken, without shrinking.
 */
export async function runProperty<T>(env: PropertyEnv, spec: PropertySpec<T>): Promise<PropertyResult> {
  const seed = propertySeed(env.runSeed, spec.name);
  const checked = new Set<string>();
  const responses = new Set<string>();
  const observed: Record<string, string> = {};
  let broken: string | undefined;
  let lastFailure: { value: T; outcome: CaseOutcome } | undefined;

  const result = await fc.check(
    fc.asyncProperty(spec.arbitrary, async (value) => {
      if (broken) return true;
      let outcome: CaseOutcome;
      try {
        outcome = await spec.run(value);
      } catch (error) {
        // Token, session or connection trouble of the target: broken at once, nothing to shrink.
        if (!(error instanceof ClientError)) throw error;
        broken = `${error.code}: ${env.redact(error.message)}`;
        return true;
      }
      if (outcome.broken) {
        broken = outcome.broken;
        return true;
      }
      outcome.checked.forEach((r) => checked.add(r));
      outcome.responsesSeen?.forEach((r) => responses.add(r));
      Object.assign(observed, outcome.observed ?? {});
      if (outcome.findings.length === 0) return true;
      lastFailure = { value, outcome };
      return false;
    }),
    { seed, numRuns: spec.numRuns, ...(env.replayPath ? { path: env.replayPath } : {}) },
  );

  const base = { suite: spec.area, property: spec.name, ...(spec.operation ? { operation: spec.operation } : {}) };
  const responsesSeen = [...responses];
  for (const [requirement, behaviour] of Object.entries(observed))
    env.record({ ...base, requirement, status: 'observed', reason: behaviour });

  if (broken) {
    for (const requirement of checked.size ? checked : spec.requirements ?? ['GEN-NO-5XX'])
      env.record({ ...base, requirement, status: 'broken', reason: broken, responsesSeen });
    return { failed: false, broken, findings: [], report: `${spec.name}: broken (${broken})` };
  }
  if (!result.failed || !lastFailure) {
    const error = result.errorInstance as { code?: unknown; message?: unknown } | undefined;
    if (result.failed && result.errorInstance && error?.code !== 'FIXTURE_UNAVAILABLE') {
      // The property stopped on a harness error: nothing it checks can be called passed.
      const reason = `harness error: ${env.redact(String((result.errorInstance as Error).message ?? result.errorInstance))}`;
      for (const requirement of new Set([...checked, ...(spec.requirements ?? ['GEN-NO-5XX'])]))
        env.record({ ...base, requirement, status: 'broken', reason, responsesSeen });
      return { failed: false, broken: reason, findings: [], report: `${spec.name}: ${reason}` };
    }
    for (const requirement of checked) env.record({ ...base, requirement, status: 'passed', responsesSeen });
    if (result.failed && error?.code === 'FIXTURE_UNAVAILABLE') {
      const reason = `not covered: ${env.redact(String(error.message))}`;
      for (const requirement of checked.size ? checked : spec.requirements ?? ['GEN-NO-5XX']) env.record({ ...base, requirement, status: 'not-covered', reason });
      return { failed: false, findings: [], notCovered: reason, report: `${spec.name}: ${reason}` };
    }
    return { failed: false, findings: [], report: `${spec.name}: ${result.numRuns} cases passed` };
  }

  const { value, outcome } = lastFailure;
  const failing = new Set([...outcome.findings.map((f) => f.requirement), ...(outcome.findings.length ? outcome.failsWith ?? [] : [])]);
  const path = result.counterexamplePath ?? undefined;
  const last = outcome.exchanges[outcome.exchanges.length - 1];
  const reproduction: Reproduction = {
    seed: env.runSeed,
    ...(path ? { path } : {}),
    replay: `CONFORMANCE_SEED=${env.runSeed}${path ? ` CONFORMANCE_PATH=${path}` : ''} npm run conformance -- ${env.suiteFile} -t ${JSON.stringify(spec.name)}`,
    counterexample: env.redact(spec.describe(value)),
    steps: outcome.exchanges.map((e, i) => `${i + 1}. ${env.redact(env.formatExchange(e))}`),
    ...(last ? { curl: env.curl(last) } : {}),
  };
  for (const requirement of checked) if (!failing.has(requirement)) env.record({ ...base, requirement, status: 'passed', responsesSeen });
  for (const requirement of failing) {
    const findings = outcome.findings.filter((f) => f.requirement === requirement || !outcome.findings.some((g) => g.requirement === requirement));
    env.record({ ...base, requirement, status: 'failed', findings, reproduction, responsesSeen });
  }
  const report = [
    `${spec.name}: failed after ${result.numRuns} case(s), shrunk ${result.numShrinks} time(s)`,
    ...outcome.findings.map((f) => `  ✗ [${f.requirement}] ${f.title}: ${env.redact(f.message)}`),
    `  counterexample: ${reproduction.counterexample}`,
    ...(reproduction.steps ?? []).map((s) => `  ${s}`),
    `  replay: ${reproduction.replay}`,
    ...(reproduction.curl ? [`  curl: ${reproduction.curl}`] : []),
  ].join('\n');
  return { failed: true, findings: outcome.findings, reproduction, report, ...(last && env.formatDetail ? { detail: env.formatDetail(last) } : {}) };
}
