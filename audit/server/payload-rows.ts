import type { Operation, RequirementId } from '../../contract/index.js';
import type { Expectation } from '../../generators/expectation.js';
import { fieldCaseExpected } from '../../oracles/field-case.js';
import type { Expected } from '../../oracles/judge.js';

/** Keys compared case-insensitively (D13's default); no secret of a run: the audit's leak oracle knows the traffic's. */
const judgeOptions = { strictKeyCase: false, runSecrets: [] as string[] };

/** The field-rule oracles of an Expectation, exactly the run's (oracles/field-case.ts); the leak oracle is the audit's own. */
export function fieldRules(e: Expectation): Expected {
  const expected = fieldCaseExpected(e, judgeOptions);
  return { ...expected, oracles: expected.oracles.filter((o) => o.id !== 'noSecretEcho') };
}

/** An Errors-table row, and the scenario requirements that fail with a wrong status (as the suites' judgeRow does). */
export function rowExpected(op: Operation, row: string, scenario: readonly RequirementId[] = []): Expected {
  const expected = fieldRules({ kind: 'problem', operation: op.id, row });
  return {
    ...expected,
    oracles: expected.oracles.map((o) => (o.id === 'statusMatches' && scenario.length ? { ...o, requirements: [...o.requirements, ...scenario], failsWith: scenario } : o)),
  };
}
