import { operation, sessionHeaders } from '../../../contract/index.js';
import { issuedTokenServes, noServerError, tokenReused } from '../../../checks/index.js';
import type { Exchange } from '../../../client/exchange.js';
import type { HarnessContext } from '../runner/context.js';
import { OutcomeBuilder } from './case.js';
import { oracle } from '../../../oracles/judge.js';
import { bearerProbeInput } from './requests.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

/**
 * TOKEN-REUSE (interface.md "Authentication" 9): one freshly issued token, presented on three
 * consecutive calls that write nothing; obtained in the credential mode the run's client does not use,
 * whose first call is TOKEN-ISSUED's too (`issuedTokenServes`). The first call must succeed for the case to prove
 * anything; after it, a 401 can only be about the token being used again.
 */
export async function tokenReuseCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const out = new OutcomeBuilder();
  // The token of the credential mode the rest of the run does not use, so each documented mode's token serves calls
  // (blind18: tokens judged by how they were obtained); a target refusing that mode's request is the token suite's finding.
  const other = ctx.profile.credentialsIn === 'basic' ? 'body' : 'basic';
  const tokenOf = (x: Exchange) => (x.response?.json as { access_token?: unknown } | undefined)?.access_token;
  let credentialsIn: 'basic' | 'body' = other;
  let issued = await ctx.client.token.requestToken({ credentialsIn });
  if (typeof tokenOf(issued) !== 'string' || tokenOf(issued) === '') issued = await ctx.client.token.requestToken({ credentialsIn: credentialsIn = ctx.profile.credentialsIn });
  const token = tokenOf(issued);
  if (typeof token !== 'string' || token === '') throw new FixtureError(`no access token to reuse (token request answered ${issued.response?.status ?? issued.transportError?.code})`, { exchange: issued });

  const opening = await ctx.client.call('AuthenticatePartner', bearerProbeInput(ctx, operation('AuthenticatePartner')), { bearer: token });
  const refused = out.judge(opening, [oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(issuedTokenServes, { credentialsIn }, 'TOKEN-ISSUED')]);
  const sessionId = opening.response?.headers[sessionHeaders.sessionId.toLowerCase()];
  if (!is2xx(opening.response?.status) || !sessionId) {
    // A token refused on its first call is the finding; its reuse cannot be judged after it.
    if (opening.transportError || refused.length > 0) return out.outcome();
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
