import type { Exchange } from '../../../client/index.js';
import type { OwnRefusalRule } from '../../../oracles/judge.js';
import type { CaseOutcome } from '../runner/property.js';
import type { SequenceRun } from './real.js';

/**
 * D37: the target refused a new card or identity the model generated for a reason of its own
 * (judge/refusals.ts), which the model cannot foresee. The judge records it as observed and
 * withholds what an acceptance would show; the model leaves that card or customer out and the
 * sequence goes on.
 */
export const ownRefusal = (what: string): OwnRefusalRule => ({ foreseen: [], requirement: 'GEN-VALID-ACCEPTED', what });

/** Whether the judge observed a refusal for the target's own reasons in `outcome`. */
export const refusedForOwnReason = (outcome: CaseOutcome): boolean => outcome.observed?.[ownRefusal('').requirement] !== undefined;

/** Only the D37 rule, for setup, which tries another identity on such a refusal before it expects anything. */
export const observeOwnRefusal = (r: SequenceRun, x: Exchange, what: string): boolean =>
  refusedForOwnReason(r.judge(x, { oracles: [], ownRefusal: ownRefusal(what) }));
