import { businessRefusal } from '../../../checks/error-row.js';
import type { Responded } from '../../../checks/support.js';
import type { SequenceRun } from './real.js';

/**
 * D37: the target refused a new card or identity the model generated, in the D15/D16 shape, for a
 * reason the model cannot foresee (an issuer's own decline, an SSN in use on a shared sandbox).
 * Recorded as observed; the model leaves that card or customer out and the sequence goes on.
 */
export function refusedForBusiness(r: SequenceRun, x: Responded, what: string): boolean {
  const refusal = businessRefusal(x);
  if (!refusal) return false;
  r.observe('GEN-VALID-ACCEPTED', `${x.request.operation} refused ${what} with ${refusal.status} ${refusal.code} (D37: observed, not failed)`);
  return true;
}
