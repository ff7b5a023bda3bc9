import type { Exchange } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { FixtureError } from '../state/fixture-errors.js';

/** When an exchange's last attempt was on the wire, for the overlap test. */
const span = (x: Exchange) => {
  const last = x.attempts.at(-1);
  return last ? { from: last.startedAtMs, to: last.startedAtMs + last.durationMs } : undefined;
};

/**
 * Sends two requests so that both are in flight at once (D44). The client's concurrency limit
 * (TARGET_CONCURRENCY) must let two through together; the attempts' times then show whether they
 * overlapped. Two requests that did not overlap prove nothing about a race: the case is not covered.
 */
export async function together(ctx: HarnessContext, send: () => Promise<Exchange>): Promise<[Exchange, Exchange]> {
  if (ctx.profile.concurrency < 2)
    throw new FixtureError(`TARGET_CONCURRENCY is ${ctx.profile.concurrency}: two writes cannot be in flight at once; set it to 2 or more`, { enabledBy: 'TARGET_CONCURRENCY' });
  const [a, b] = await Promise.all([send(), send()]);
  const [sa, sb] = [span(a), span(b)];
  if (sa && sb && !(sa.from < sb.to && sb.from < sa.to))
    throw new FixtureError(`the two ${a.request.operation} requests were not in flight at the same time (one answered before the other left): the race is not covered`);
  return [a, b];
}
