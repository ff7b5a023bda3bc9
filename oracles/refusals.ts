import type { Exchange } from '../client/index.js';
import { businessRefusal, type BusinessRefusal } from '../checks/error-row.js';
import type { CaseOutcome, Rerun } from './outcome.js';

const requirement = 'GEN-VALID-ACCEPTED';

/**
 * D37 (the D15/D16 shape; contract `refusesForOwnReasons`): the answer refuses for a reason of the
 * target's own, one no generated input can avoid (an issuer's decline, an SSN in use on a shared
 * sandbox). A code the case `foresees` (an Errors-table row it judges) is no such refusal.
 * The one definition: setup retries with another identity or card on it, the model leaves that
 * card or customer out, and the judge withholds what an acceptance would have shown.
 */
export function ownReasonRefusal(x: Exchange, foreseen: readonly string[] = []): BusinessRefusal | undefined {
  if (x.transportError || !x.response) return undefined;
  const refusal = businessRefusal(x as never);
  return refusal && !foreseen.includes(refusal.code) ? refusal : undefined;
}

/** What an observed D37 refusal says; tallyRefusals reads the `with <status> <code>` part. */
export const refusalNote = (x: Exchange, refusal: BusinessRefusal, what: string): string =>
  `${x.request.operation} refused ${what} with ${refusal.status} ${refusal.code} (D37: observed, not failed)`;

/**
 * D37: counts the valid cases of one property that the target refused for a business reason
 * (the judge notes each), so the property's observed note says how many were,
 * and, when every one was, that what they would have checked is not covered. The runner keeps
 * the note of the last case, so every case after the first refusal carries the running count.
 */
export function tallyRefusals<T>(operation: string, run: (value: T, rerun?: Rerun) => Promise<CaseOutcome>): (value: T, rerun?: Rerun) => Promise<CaseOutcome> {
  let cases = 0;
  let refused = 0;
  const answers = new Set<string>();
  return async (value, rerun) => {
    const outcome = await run(value, rerun);
    if (outcome.broken) return outcome;
    // A re-run refused because the earlier run's lost write took effect: not the target's own reason (runner/rerun.ts drops it).
    if (rerun?.afterLostWrite && outcome.refused) return outcome;
    cases += 1;
    const note = outcome.observed?.[requirement];
    if (note) {
      refused += 1;
      answers.add(/with (\d{3} \S+)/.exec(note)?.[1] ?? note);
    }
    if (refused === 0) return outcome;
    const every = refused === cases;
    const text = `${operation}: ${every ? `every one of ${cases}` : `${refused} of ${cases}`} valid case(s) refused with ${[...answers].slice(0, 3).join(', ')}`
      + ` (D37: observed, not failed${every ? '; what they check is not covered' : ''})`;
    return { ...outcome, observed: { ...outcome.observed, [requirement]: text } };
  };
}
