import type { Exchange } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { FixtureError } from '../state/fixture-errors.js';

/** An exchange with when it was handed to the client and when its answer came back (this process's clock). */
async function timed(send: () => Promise<Exchange>): Promise<{ x: Exchange; from: number; to: number }> {
  const from = performance.now();
  const x = await send();
  return { x, from, to: performance.now() };
}

/**
 * Sends two requests so that both are in flight at once (D44). The client's concurrency limit
 * (TARGET_CONCURRENCY) must let two through together, and both are handed to it in one tick; their
 * times then show whether they overlapped. Two requests that did not overlap prove nothing about a race: the case is not covered.
 */
export async function together(ctx: HarnessContext, send: () => Promise<Exchange>): Promise<[Exchange, Exchange]> {
  if (ctx.profile.concurrency < 2)
    throw new FixtureError(`TARGET_CONCURRENCY is ${ctx.profile.concurrency}: two writes cannot be in flight at once; set it to 2 or more`, { enabledBy: 'TARGET_CONCURRENCY' });
  // Both permits of the run are taken at once: another worker's requests never come between the pair.
  const [a, b] = await ctx.client.transport.together(2, () => Promise.all([timed(send), timed(send)]));
  if (!(a.from < b.to && b.from < a.to))
    throw new FixtureError(`the two ${a.x.request.operation} requests were not in flight at the same time (one answered before the other left): the race is not covered`);
  return [a.x, b.x];
}
