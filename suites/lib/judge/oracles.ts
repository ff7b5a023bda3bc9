import type { Exchange } from '../../../client/index.js';
import { jsonMediaType, noSecretEcho, noServerError, wwwAuthenticateOn401 } from '../../../checks/index.js';
import type { Expectation } from '../../../generators/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HarnessContext } from '../runner/context.js';
import type { LeakGuard } from '../runner/leak-guard.js';
import type { CaseOutcome } from '../runner/property.js';
import { fieldCaseExpected, sentSecrets, type JudgeOptions } from '../../../oracles/field-case.js';
import { judge, oracle, type Oracle } from '../../../oracles/judge.js';

/**
 * The expectations the business scenarios judge with: the field-rule oracles under an
 * Expectation (an Errors-table row, or a valid payload), plus oracles of documented outcomes
 * that name their requirements here. A scenario requirement (TCARD-DENIED-BIN,
 * OBO-LINKED-ACCOUNT...) fails together with the oracle that shows the scenario went wrong.
 */

export { combine, judge, oracle, type Expected, type Oracle } from '../../../oracles/judge.js';

export function judgeOptions(ctx: HarnessContext): JudgeOptions {
  return {
    strictKeyCase: ctx.profile.strictKeyCase,
    runSecrets: [ctx.profile.target?.clientSecret ?? '', ctx.deniedClient?.clientSecret ?? ''].filter(Boolean),
  };
}

/** The generic contract (no 5xx, JSON bodies) and the leak oracle, for any exchange. */
export function genericOracles(ctx: HarnessContext, x: Exchange): Oracle[] {
  const sent = [...sentSecrets(x.request.body), ...sentSecrets(x.request.query), ...judgeOptions(ctx).runSecrets];
  // Any 401, whatever refused the call (a session, a token), carries its challenge (D27, RFC 7235 §3.1).
  return [oracle(noServerError, undefined, 'GEN-NO-5XX'), oracle(jsonMediaType, undefined, 'GEN-JSON-BODY'), oracle(noSecretEcho, { sent }, 'NO-SECRET-ECHO'),
    oracle(wwwAuthenticateOn401, undefined, 'BEARER-WWW-AUTHENTICATE')];
}

/** The leak oracle of a whole scenario (history, model): every secret the guard has seen sent so far. */
export const leakOracle = (guard: LeakGuard): Oracle => ({
  id: noSecretEcho.id, requirements: ['NO-SECRET-ECHO'], scan: true,
  applies: (x) => noSecretEcho.applies(x, { sent: [] }), run: (x) => guard.judge(x).findings,
});

/** A setup step of a scenario (an enrolment, a card): only the generic contract and the leak oracle. */
export const setupOutcome = (ctx: HarnessContext, x: Exchange): CaseOutcome => judge(x, { oracles: genericOracles(ctx, x) });

/** `x` judged by the field-rule oracles under `expectation`, plus `extra` oracles. */
export function judgeExpectation(ctx: HarnessContext, x: Exchange, expectation: Expectation, options: { extra?: readonly Oracle[] } = {}): CaseOutcome {
  const expected = fieldCaseExpected(expectation, judgeOptions(ctx));
  return judge(x, { ...expected, oracles: [...expected.oracles, ...(options.extra ?? [])] });
}

/**
 * `x` against the Errors-table row `row` (Expectation kind 'problem'), plus `extra` oracles. The
 * `scenario` requirements are checked with the row and fail when the status is not the row's.
 */
export function judgeRow(ctx: HarnessContext, x: Exchange, row: string, options: { extra?: readonly Oracle[]; scenario?: readonly RequirementId[] } = {}): CaseOutcome {
  const expected = fieldCaseExpected({ kind: 'problem', operation: x.request.operation, row }, judgeOptions(ctx));
  const scenario = options.scenario ?? [];
  const withScenario = (o: Oracle): Oracle => (o.id === 'statusMatches' && scenario.length
    ? { ...o, requirements: [...o.requirements, ...scenario], failsWith: scenario } : o);
  return judge(x, { ...expected, oracles: [...expected.oracles.map(withScenario), ...(options.extra ?? [])] });
}
