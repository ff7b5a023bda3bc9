import type { Exchange } from '../../../client/index.js';
import { businessErrorCode } from '../../../checks/error-row.js';
import { jsonMediaType, noSecretEcho, noServerError, transportBroken, type ExchangeCheck } from '../../../checks/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { Expectation } from '../../../generators/index.js';
import { responseKey } from '../../../reporting/coverage.js';
import type { HarnessContext } from '../runner/context.js';
import { judgeFieldCase, sentSecrets, type JudgeOptions } from './field-case.js';
import type { CaseOutcome } from '../runner/property.js';

/**
 * Judging for the business scenarios: the field-rule oracles under an Expectation (an
 * Errors-table row, or a valid payload), plus oracles of documented outcomes that name
 * their requirements here. A scenario requirement (TCARD-DENIED-BIN, OBO-LINKED-ACCOUNT...)
 * fails together with the oracle that shows the scenario went wrong.
 */

/** One oracle bound to its expectation; the first requirement is the one its findings name. */
export interface Oracle {
  readonly id: string;
  readonly applies: (x: Exchange) => boolean;
  readonly run: (x: Exchange) => Finding[];
  readonly requirements: readonly string[];
}

export function oracle<E>(c: ExchangeCheck<E>, expectation: E, ...requirements: string[]): Oracle {
  return { id: c.id, applies: (x) => c.applies(x, expectation), run: (x) => c(x, expectation), requirements };
}

export function judgeOptions(ctx: HarnessContext): JudgeOptions {
  return {
    strictKeyCase: ctx.profile.strictKeyCase,
    runSecrets: [ctx.profile.target?.clientSecret ?? '', ctx.deniedClient?.clientSecret ?? ''].filter(Boolean),
  };
}

const brokenOutcome = (x: Exchange, reason: string): CaseOutcome => ({ exchanges: [x], findings: [], checked: [], broken: reason });

/** Runs `oracles` on `x`; requirements beyond an oracle's first fail with its findings. */
export function judgeOracles(x: Exchange, oracles: readonly Oracle[]): CaseOutcome {
  const broken = transportBroken(x);
  if (broken) return brokenOutcome(x, broken);
  const findings: Finding[] = [];
  const checked: string[] = [];
  const failsWith: string[] = [];
  for (const o of oracles) {
    if (!o.applies(x)) continue;
    const found = o.run(x);
    checked.push(...o.requirements);
    findings.push(...found);
    if (found.length) failsWith.push(...o.requirements.slice(1));
  }
  const status = x.response!.status;
  return {
    exchanges: [x], findings, checked,
    ...(failsWith.length ? { failsWith } : {}),
    responsesSeen: [responseKey(x.request.operation, status, businessErrorCode(x as never))],
  };
}

/** The generic contract (no 5xx, JSON bodies) and the leak oracle, for any exchange. */
export function genericOracles(ctx: HarnessContext, x: Exchange): Oracle[] {
  const sent = [...sentSecrets(x.request.body), ...sentSecrets(x.request.query), ...judgeOptions(ctx).runSecrets];
  return [oracle(noServerError, undefined, 'GEN-NO-5XX'), oracle(jsonMediaType, undefined, 'GEN-JSON-BODY'), oracle(noSecretEcho, { sent }, 'NO-SECRET-ECHO')];
}

/** A setup step of a scenario (an enrolment, a card): only the generic contract and the leak oracle. */
export const setupOutcome = (ctx: HarnessContext, x: Exchange): CaseOutcome => judgeOracles(x, genericOracles(ctx, x));

/** Several outcomes of one case (several exchanges) as one; the first broken part makes it broken. */
export function combine(parts: readonly CaseOutcome[]): CaseOutcome {
  const broken = parts.find((p) => p.broken)?.broken;
  const failsWith = parts.filter((p) => p.findings.length > 0).flatMap((p) => p.failsWith ?? []);
  const observed = Object.assign({}, ...parts.map((p) => p.observed ?? {})) as Record<string, string>;
  return {
    exchanges: parts.flatMap((p) => p.exchanges),
    findings: parts.flatMap((p) => p.findings),
    checked: [...new Set(parts.flatMap((p) => p.checked))],
    responsesSeen: [...new Set(parts.flatMap((p) => p.responsesSeen ?? []))],
    ...(failsWith.length ? { failsWith: [...new Set(failsWith)] } : {}),
    ...(Object.keys(observed).length ? { observed } : {}),
    ...(broken ? { broken } : {}),
  };
}

/**
 * `x` judged by the field-rule oracles under `expectation`, plus `extra` oracles. With a
 * problem expectation, `scenario` requirements are checked with the row and fail when the
 * status is not the row's (statusMatches).
 */
export function judgeExpectation(ctx: HarnessContext, x: Exchange, expectation: Expectation, options: { extra?: readonly Oracle[]; scenario?: readonly string[] } = {}): CaseOutcome {
  const rules = judgeFieldCase(x, expectation, judgeOptions(ctx));
  if (rules.broken) return rules;
  const scenario = options.scenario ?? [];
  const wrongStatus = rules.findings.some((f) => f.check === 'statusMatches');
  const withScenario: CaseOutcome = {
    ...rules,
    checked: [...rules.checked, ...scenario],
    ...(wrongStatus && scenario.length ? { failsWith: scenario } : {}),
  };
  return options.extra?.length ? combine([withScenario, { ...judgeOracles(x, options.extra), exchanges: [] }]) : withScenario;
}

/** `x` against the Errors-table row `row` (Expectation kind 'problem'). */
export function judgeRow(ctx: HarnessContext, x: Exchange, row: string, options: { extra?: readonly Oracle[]; scenario?: readonly string[] } = {}): CaseOutcome {
  return judgeExpectation(ctx, x, { kind: 'problem', operation: x.request.operation, row }, options);
}
