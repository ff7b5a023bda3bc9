import type { Responded } from '../../../checks/support.js';
import { ownReasonRefusal, refusalNote } from '../judge/refusals.js';
import type { SequenceRun } from './real.js';

/**
 * D37: the target refused a new card or identity the model generated for a reason of its own
 * (judge/refusals.ts), which the model cannot foresee. Recorded as observed; the model leaves
 * that card or customer out and the sequence goes on.
 */
export function observeOwnRefusal(r: SequenceRun, x: Responded, what: string): boolean {
  const refusal = ownReasonRefusal(x);
  if (!refusal) return false;
  r.observe('GEN-VALID-ACCEPTED', refusalNote(x, refusal, what));
  return true;
}
