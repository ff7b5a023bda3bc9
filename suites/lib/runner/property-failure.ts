import type fc from 'fast-check';
import type { Reproduction } from '../../../reporting/result.js';
import type { CaseOutcome, PropertyEnv, PropertyResult, PropertySpec } from './property.js';

/**
 * Records a property that found a counterexample: the requirements its findings name (and
 * those that fail with the case) failed with the shrunk case's reproduction, the other checked
 * ones passed. Returns the report printed by the failing vitest test.
 */
export function reportFailure<T>(
  env: PropertyEnv, spec: PropertySpec<T>, result: fc.RunDetails<[T]>,
  last: { value: T; outcome: CaseOutcome }, checked: ReadonlySet<string>, responsesSeen: readonly string[],
): PropertyResult {
  const { value, outcome } = last;
  const base = { suite: spec.area, property: spec.name, ...(spec.operation ? { operation: spec.operation } : {}) };
  const failing = new Set([...outcome.findings.map((f) => f.requirement), ...(outcome.failsWith ?? [])]);
  const path = result.counterexamplePath ?? undefined;
  const lastExchange = outcome.exchanges[outcome.exchanges.length - 1];
  const reproduction: Reproduction = {
    seed: env.runSeed,
    ...(path ? { path } : {}),
    replay: `CONFORMANCE_SEED=${env.runSeed}${path ? ` CONFORMANCE_PATH=${path}` : ''} npm run conformance -- ${env.suiteFile} -t ${JSON.stringify(spec.name)}`,
    counterexample: env.redact(spec.describe(value)),
    steps: outcome.exchanges.map((e, i) => `${i + 1}. ${env.redact(env.formatExchange(e))}`),
    ...(lastExchange ? { curl: env.curl(lastExchange) } : {}),
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
  return { failed: true, findings: outcome.findings, reproduction, report, ...(lastExchange && env.formatDetail ? { detail: env.formatDetail(lastExchange) } : {}) };
}
