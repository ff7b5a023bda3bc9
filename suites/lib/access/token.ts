import { operation, sessionHeaders } from '../../../contract/index.js';
import { noServerError, tokenReused } from '../../../checks/index.js';
import type { HarnessContext } from '../runner/context.js';
import { OutcomeBuilder } from './case.js';
import { oracle } from '../../../oracles/judge.js';
import { bearerProbeInput } from './requests.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

/**
 * TOKEN-REUSE (interface.md "Authentication" 9): one freshly issued token, presented on three
 * consecutive calls that write nothing. The first call must succeed for the case to prove
 * anything; after it, a 401 can only be about the token being used again.
 */
export async function tokenReuseCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const out = new OutcomeBuilder();
  const issued = await ctx.client.token.requestToken({});
  const token = (issued.response?.json as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string' || token === '') throw new FixtureError(`no access token to reuse (token request answered ${issued.response?.status ?? issued.transportError?.code})`, { exchange: issued });

  const opening = await ctx.client.call('AuthenticatePartner', bearerProbeInput(ctx, operation('AuthenticatePartner')), { bearer: token });
  out.judge(opening, [oracle(noServerError, {}, 'GEN-NO-5XX')]);
  const sessionId = opening.response?.headers[sessionHeaders.sessionId.toLowerCase()];
  if (!is2xx(opening.response?.status) || !sessionId) {
    if (opening.transportError) return out.outcome();
    throw new FixtureError(`AuthenticatePartner with a fresh token did not open a session (status ${opening.response?.status}): token reuse cannot be judged`, { exchange: opening });
  }
  const session = { sessionId, deviceId: ctx.profile.deviceId };
  const find = operation('FindCustomer');
  const later = [
    () => ctx.client.call(find.id, bearerProbeInput(ctx, find), { bearer: token, session }),
    () => ctx.client.call('AuthenticatePartner', bearerProbeInput(ctx, operation('AuthenticatePartner')), { bearer: token }),
  ];
  for (const [i, send] of later.entries())
    out.judge(await send(), [oracle(tokenReused, { call: i + 2 }, 'TOKEN-REUSE'), oracle(noServerError, {}, 'GEN-NO-5XX')]);
  return out.outcome();
}
