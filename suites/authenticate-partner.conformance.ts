import fc from 'fast-check';
import { afterAll, describe } from 'vitest';
import { operation } from '../contract/index.js';
import { createPartnerClient, TokenRequestError, type PartnerClient } from '../client/index.js';
import { transportBroken, wwwAuthenticateOn401 } from '../checks/index.js';
import { sessionHeaderPresent } from '../checks/business-outcomes.js';
import { harness, type HarnessContext } from './lib/runner/context.js';
import { combine, genericOracles, judge, judgeRow, oracle } from './lib/judge/oracles.js';
import { useRefusedSession } from './lib/access/refused-session.js';
import { genericRequirements, rowRequirements, scenarioRuns } from './lib/business/cases.js';
import { FixtureError } from './lib/state/fixture-errors.js';
import { propertyTest } from './lib/runner/property-test.js';
import { versionStrategies, type VersionStrategy } from './lib/access/version-strategy.js';

/**
 * AuthenticatePartner (D3): success carries a non-empty sessionId header; a client the target
 * denies gets the 401 UNAUTHORIZED Problem with WWW-Authenticate (D27). Its inputs are not
 * shown, so no field rule is asserted.
 */
const ctx = harness();
const suiteFile = 'suites/authenticate-partner.conformance.ts';
const area = 'authenticate-partner';
const auth = operation('AuthenticatePartner');

type CredentialsIn = 'basic' | 'body';
const denied = new Map<CredentialsIn, PartnerClient>();

/**
 * A second client with the denied credentials, sent in `credentialsIn` (both documented modes: a denial
 * judged by how the token was obtained let one through, blind18); same profile, CA and redactor as the run's client.
 */
function deniedClient(c: HarnessContext, credentialsIn: CredentialsIn): PartnerClient {
  if (!c.deniedClient) {
    throw new FixtureError('no denied client is configured: set TARGET_DENIED_CLIENT_ID and TARGET_DENIED_CLIENT_SECRET to a client whose AuthenticatePartner the target denies', { enabledBy: 'TARGET_DENIED_CLIENT_ID' });
  }
  const client = denied.get(credentialsIn) ?? createPartnerClient({ profile: { ...c.profile, credentialsIn }, target: { ...c.profile.target!, ...c.deniedClient }, redactor: c.client.redactor });
  denied.set(credentialsIn, client);
  return client;
}

/** Every way of selecting the version with every credential mode: the run's own mode first. */
const deniedCases = (): Array<[VersionStrategy, CredentialsIn]> => {
  const modes: CredentialsIn[] = ctx.profile.credentialsIn === 'basic' ? ['basic', 'body'] : ['body', 'basic'];
  return modes.flatMap((mode) => versionStrategies(ctx).map((where): [VersionStrategy, CredentialsIn] => [where, mode]));
};

describe('AuthenticatePartner', () => {
  afterAll(() => Promise.all([...denied.values()].map((c) => c.close())));

  propertyTest(ctx, suiteFile, {
    area, operation: auth.id, name: 'AuthenticatePartner success carries a non-empty sessionId header (D3)',
    requirements: ['AUTH-SESSION-HEADER', 'AUTH-SUCCESS', ...genericRequirements],
    arbitrary: fc.constant(ctx.profile.deviceId), numRuns: scenarioRuns(ctx, false, 2),
    describe: () => 'AuthenticatePartner with the configured client and TARGET_DEVICE_ID',
    run: async (deviceId) => {
      const { exchange: x } = await ctx.client.authenticatePartner(deviceId);
      const status = x.response?.status ?? 0;
      if (!transportBroken(x) && status < 500 && (status < 200 || status > 299)) {
        // D3: the inputs are a profile setting; a refusal of the configured client says nothing about the rule.
        return { exchanges: [x], findings: [], checked: [], broken: `AuthenticatePartner with the configured client answered ${status}: no session can be opened (check TARGET_CLIENT_ID and TARGET_DEVICE_ID)` };
      }
      const success = oracle(sessionHeaderPresent, { operation: auth.id }, 'AUTH-SESSION-HEADER', 'AUTH-SUCCESS');
      return judge(x, { oracles: [success, ...genericOracles(ctx, x)] });
    },
  });

  propertyTest(ctx, suiteFile, {
    area, operation: auth.id, name: 'AuthenticatePartner denies a denied client with 401 UNAUTHORIZED and WWW-Authenticate (D3, D27)',
    requirements: [...rowRequirements('UNAUTHORIZED'), 'BEARER-WWW-AUTHENTICATE'],
    // Both ways of selecting the version (blind11: the query-versioned route skipped the denial) with both credential
    // modes (blind18: the denial skipped for a token from body credentials), whatever the seed.
    arbitrary: fc.constantFrom(...deniedCases()), examples: deniedCases, numRuns: scenarioRuns(ctx, false, 2),
    describe: ([where, mode]) => `AuthenticatePartner with TARGET_DENIED_CLIENT_ID, credentials in ${mode === 'basic' ? 'a Basic header' : 'the form body'}, apiVersion in the ${where === 'query' ? 'query string' : 'header'}`,
    run: async ([where, mode]) => {
      const client = deniedClient(ctx, mode);
      try {
        const x = await client.call(auth.id, { body: { deviceId: ctx.profile.deviceId } }, { apiVersionIn: where });
        const row = judgeRow(ctx, x, 'UNAUTHORIZED', { extra: [oracle(wwwAuthenticateOn401, undefined, 'BEARER-WWW-AUTHENTICATE')] });
        // A denial grants nothing: a sessionId it carried is refused when the denied client uses it.
        const used = await useRefusedSession(ctx, x, { requirement: 'ERR-UNAUTHORIZED', refused: 'AuthenticatePartner of the denied client' }, client);
        return used ? combine([row, used]) : row;
      } catch (error) {
        // A target may refuse the denied client a token already: then AuthenticatePartner cannot be judged.
        if (error instanceof TokenRequestError) throw new FixtureError(`the denied client got no access token, so its AuthenticatePartner could not be sent: ${error.message}`);
        throw error;
      }
    },
  });
});
