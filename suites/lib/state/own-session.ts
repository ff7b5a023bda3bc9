import type { Session } from '../../../client/index.js';
import type { Exchange } from '../../../client/exchange.js';
import type { HarnessContext } from '../runner/context.js';
import { freshValues } from './fresh.js';

/**
 * A partner session no other case of the run uses, for a step whose premise is the session's own
 * history ("before any AuthenticateOBO in this session"). It is opened with a deviceId of its own:
 * the lifetime of a sessionId is not shown and D3 takes any deviceId of 1-100 characters, so a
 * conformant target may answer AuthenticatePartner for a device it knows with the session it has
 * (reading blind4-session-reused-per-device), OBO state and all; a new device gets a new session
 * there too. A target that does not open one for a new device is asked with the profile's deviceId,
 * as before (`exchanges` holds both answers then).
 */
export async function openOwnSession(ctx: HarnessContext): Promise<{ session?: Session; exchanges: Exchange[] }> {
  // A plain GUID: the awkward deviceIds (mixed case, punctuation) are the sessions suite's to send.
  const deviceId = freshValues(ctx).guid();
  const first = await ctx.client.authenticatePartner(deviceId);
  if (first.sessionId) return { session: { sessionId: first.sessionId, deviceId }, exchanges: [first.exchange] };
  const again = await ctx.client.authenticatePartner();
  return { ...(again.sessionId ? { session: { sessionId: again.sessionId, deviceId: ctx.profile.deviceId } } : {}), exchanges: [first.exchange, again.exchange] };
}
