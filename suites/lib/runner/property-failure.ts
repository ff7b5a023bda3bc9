import type fc from 'fast-check';
import { exchangeStep, reproductionLines, reproductionOf } from '../../../reporting/reproduction.js';
import type { RunFailure } from './classify.js';
import type { CaseOutcome } from '../../../oracles/outcome.js';
import type { PropertyEnv, PropertySpec } from './property-spec.js';

/**
 * A property's counterexample, told: the requirements its findings name (and those that fail
 * with the case) with the shrunk case's reproduction, and the report the failing vitest test prints.
 */
export function describeFailure<T>(env: PropertyEnv, spec: PropertySpec<T>, result: Pick<fc.RunDetails<[T]>, 'counterexamplePath' | 'numRuns' | 'numShrinks'>, last: { value: T; outcome: CaseOutcome }): RunFailure {
  const { value, outcome } = last;
  env.learnCase?.(value);
  const failing = new Set([...outcome.findings.map((f) => f.requirement), ...(outcome.failsWith ?? [])]);
  const lastExchange = outcome.exchanges[outcome.exchanges.length - 1];
  const reproduction = reproductionOf({
    seed: env.runSeed, path: result.counterexamplePath ?? undefined, suiteFile: env.suiteFile, test: spec.name,
    counterexample: env.redact(spec.describe(value)),
    steps: outcome.exchanges.map((x) => exchangeStep(x, env)),
    ...(lastExchange ? { last: lastExchange } : {}),
  }, env);
  // A requirement that fails with the case without a finding of its own carries the case's findings.
  const failed = [...failing].map((requirement) => ({
    requirement, reproduction,
    findings: outcome.findings.filter((f) => f.requirement === requirement || !outcome.findings.some((g) => g.requirement === requirement)),
  }));
  const report = [
    `${spec.name}: failed after ${result.numRuns} case(s), shrunk ${result.numShrinks} time(s)`,
    ...outcome.findings.map((f) => `  ✗ [${f.requirement}] ${f.title}: ${env.redact(f.message)}`),
    ...reproductionLines(reproduction).map((l) => `  ${l.replace(/\n/g, '\n  ')}`),
  ].join('\n');
  return { failed, findings: outcome.findings, reproduction, report, ...(lastExchange && env.formatDetail ? { detail: env.formatDetail(lastExchange) } : {}) };
}
