import type { Exchange } from '../../../client/exchange.js';
import { transportBroken } from '../../../checks/index.js';

/** Sends after the first whose reply was lost. */
const timesAgain = 2;

/**
 * The exception to "re-run, don't resend" (rerun.ts): a request that changes nothing on a
 * conformant target (one refused for its session, one naming another customer's resource) is sent
 * again when its reply was lost, twice at most, instead of breaking its case. Cases that send many
 * of them, re-run whole, stayed broken on every re-run under chaos (sweep seed 41, an npm test chaos
 * run). On a target that wrongly served the lost one, other cases and operations still show it.
 */
export async function sendAgainIfLost<X extends Exchange>(send: () => Promise<X>): Promise<X> {
  let x = await send();
  for (let again = 0; again < timesAgain && transportBroken(x); again += 1) x = await send();
  return x;
}
