import type { Exchange } from '../../../client/index.js';
import { formatExchange } from '../../../client/index.js';
import { fixtureAnswerInContract, transportBroken, type FixtureAnswerExpectation } from '../../../checks/index.js';
import type { Finding } from '../../../checks/finding.js';
import { answeredRowOracles } from '../../../oracles/judge.js';
import type { HarnessContext } from '../runner/context.js';

/** A call that makes target state other checks need, and what of its answer the fixture reads. */
export interface FixtureCall extends FixtureAnswerExpectation {
  /** What the call is for, e.g. "EnrollCustomer of a fixture customer". */
  readonly what: string;
}

export interface FixtureAnswer {
  /** Transport trouble: the call proves nothing. */
  readonly broken?: string;
  /** The requirement the answer broke (recorded failed); what needed the fixture is blocked by it. */
  readonly blockedBy?: string;
  readonly message?: string;
  /** The success body, when the call succeeded in contract. */
  readonly body?: Record<string, unknown>;
}

/** Findings already recorded by this worker: a memoised fixture is asked for by many cases, reported once. */
const recorded = new WeakMap<HarnessContext['client'], Set<string>>();

/**
 * Judges a fixture call's answer with fixtureAnswerInContract, and an error answer by its row too. An answer out of contract is
 * recorded as a failure of the rule it broke, with a curl reproduction, once per worker (the
 * summary merges workers by dedupKey): a target that breaks a fixture's rule fails the run,
 * instead of leaving everything that needed the fixture quietly not covered.
 */
export function judgeFixtureAnswer(ctx: HarnessContext, x: Exchange, call: FixtureCall): FixtureAnswer {
  const broken = transportBroken(x);
  if (broken) return { broken };
  const [finding] = fixtureAnswerInContract(x, call);
  if (finding) {
    recordOnce(ctx, x, call, finding);
    return { blockedBy: finding.requirement, message: `${finding.title}: ${finding.message}` };
  }
  // The Errors-table row the answer carries is judged here too (oracles/answer-row.ts): a fixture refused
  // with a documented row fails that row's members, while what needed the fixture is only not covered.
  for (const o of answeredRowOracles(x)) if (o.applies(x)) o.run(x).forEach((f) => recordOnce(ctx, x, call, f));
  const status = x.response!.status;
  const json = x.response!.json;
  if (status < 200 || status > 299) return {};
  return { body: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {} };
}

/** Records `finding` of a fixture call failed, with a curl reproduction, once per worker. */
function recordOnce(ctx: HarnessContext, x: Exchange, call: FixtureCall, finding: Finding): void {
  const seen = recorded.get(ctx.client) ?? new Set<string>();
  recorded.set(ctx.client, seen);
  if (seen.has(finding.dedupKey)) return;
  seen.add(finding.dedupKey);
  ctx.record({
    requirement: finding.requirement, status: 'failed', suite: 'fixtures', property: call.what, operation: call.operation,
    check: finding.check, findings: [finding],
    reproduction: { curl: ctx.client.curl(x.request), steps: [`1. ${formatExchange(x, ctx.client.redactor)}`] },
  });
}
