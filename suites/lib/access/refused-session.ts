import { operations, sessionHeaders } from '../../../contract/index.js';
import { pairedSessionServed, refusedSessionUnusable, sessionHandedOut, type RefusedSessionUseExpectation } from '../../../checks/index.js';
import { hasResponse } from '../../../checks/support.js';
import type { Exchange, PartnerClient } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judge, oracle } from '../judge/oracles.js';
import { succeedingInput } from './succeeding.js';

/**
 * A refusal grants nothing: where a refused answer (a denied client's, a bad token's, an off-list
 * address's) carries a sessionId header, the client that was refused uses it as a client would, on
 * the first read of the contract that needs a session, with a body that succeeds with a session the
 * target opened (succeeding.ts). A read changes nothing whatever the target does. No header, no request.
 */
export const sessionRead = operations.find((o) => o.sessionRequired && !o.writes)!;

export async function useRefusedSession(
  ctx: HarnessContext, refusal: Exchange, expectation: RefusedSessionUseExpectation, client: PartnerClient = ctx.client,
): Promise<CaseOutcome | undefined> {
  const sessionId = hasResponse(refusal) ? sessionHandedOut(refusal) : undefined;
  if (!sessionId) return undefined;
  const sent = (refusal.request.body as Record<string, unknown> | undefined)?.[sessionHeaders.deviceId];
  const deviceId = typeof sent === 'string' && sent !== '' ? sent : ctx.profile.deviceId;
  const { input } = await succeedingInput(ctx, await ctx.session(), sessionRead);
  const use = await client.call(sessionRead.id, input, { session: { sessionId, deviceId } });
  return judge(use, { oracles: [oracle(refusedSessionUnusable, expectation, expectation.requirement)] });
}

/**
 * The pairing of a session opened with a deviceId drawn over its whole alphabet: the read above with the
 * session's own sessionId and that deviceId is served (STATE-SESSION, pairedSessionServed).
 */
export async function usePairedSession(ctx: HarnessContext, session: { sessionId: string; deviceId: string }): Promise<CaseOutcome> {
  const { input } = await succeedingInput(ctx, await ctx.session(), sessionRead);
  const use = await ctx.client.call(sessionRead.id, input, { session });
  return judge(use, { oracles: [oracle(pairedSessionServed, { deviceId: session.deviceId }, 'STATE-SESSION')] });
}
