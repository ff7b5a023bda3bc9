import type { Exchange } from '../../../client/index.js';
import { formatExchange } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { judgeFixtureAnswer, type FixtureCall } from '../judge/fixture-answer.js';

export interface FixtureErrorOptions {
  /** The requirement the target broke in answering the fixture call: what this blocked reads "blocked by" it. */
  readonly blockedBy?: string;
  /** The fixture call that was answered out of contract or refused. */
  readonly exchange?: Exchange;
  /** The variable that would let the run make or find the state (a configuration gap). */
  readonly enabledBy?: string;
}

/** Target state a case needs could not be made or found: the case is not covered, never passed. */
export class FixtureError extends Error {
  readonly code = 'FIXTURE_UNAVAILABLE';
  readonly blockedBy?: string;
  readonly exchange?: Exchange;
  readonly enabledBy?: string;
  constructor(message: string, options: FixtureErrorOptions = {}) {
    super(message);
    this.name = 'FixtureError';
    if (options.blockedBy) this.blockedBy = options.blockedBy;
    if (options.exchange) this.exchange = options.exchange;
    if (options.enabledBy) this.enabledBy = options.enabledBy;
  }
}

/** Transport trouble in a step that makes target state: the case proves nothing (broken). */
export class SetupBroken extends Error {
  readonly code = 'SETUP_BROKEN';
  constructor(readonly exchange: Exchange, reason: string) {
    super(reason);
    this.name = 'SetupBroken';
  }
}

/**
 * The body of a fixture call that must succeed. Transport trouble throws SetupBroken; an answer
 * out of contract is recorded failed (once per worker) and throws a FixtureError blocked by the
 * rule it broke; any other refusal throws a plain FixtureError (not covered).
 */
export function fixtureBody(ctx: HarnessContext, x: Exchange, call: FixtureCall): Record<string, unknown> {
  const judged = judgeFixtureAnswer(ctx, x, call);
  if (judged.broken) throw new SetupBroken(x, `${call.what}: ${judged.broken}`);
  if (judged.blockedBy) throw new FixtureError(`${call.what} was answered out of contract: ${judged.message}`, { blockedBy: judged.blockedBy, exchange: x });
  if (!judged.body) throw new FixtureError(`${call.what} failed: ${formatExchange(x, ctx.client.redactor)}`, { exchange: x });
  return judged.body;
}
