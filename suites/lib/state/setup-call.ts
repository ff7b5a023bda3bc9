import { operation } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { sampleOne, validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';

/** What every call that makes target state shares: whether it may be sent, what it sends, how often it is retried. */

export const mayWrite = (ctx: HarnessContext): boolean => ctx.profile.kind === 'sandbox' || ctx.profile.allowWrites;

/** Tag that marks what this run created on a shared sandbox (names and nicknames allow it). */
export const runTag = (ctx: HarnessContext): string => `pc-${ctx.runId}`.slice(0, 20);

/**
 * D37: a target may refuse a generated SSN or card for a reason of its own (ownReasonRefusal); setup tries this many fresh ones.
 * A shared sandbox refusing one SSN in five failed a run's history customer with 4 (all four refused, seen in a sweep);
 * with 8 that is about once in 390,000 fixtures, and the extra tries cost requests only on a refusal.
 */
export const setupAttempts = 8;

/** One deterministic valid payload of `op` (no randomness left to the target). */
export function samplePayload(ctx: HarnessContext, op: string, fixed: Record<string, unknown>, attempt = 0): Record<string, unknown> {
  const arb = validPayload(operation(op), { fixed, emailKey: ctx.profile.emailKey, includeOptional: false });
  return sampleOne(arb, ctx.runSeed + attempt).body ?? {};
}

export const accepted = (x: Exchange) => !x.transportError && x.response !== undefined && x.response.status >= 200 && x.response.status < 300;
