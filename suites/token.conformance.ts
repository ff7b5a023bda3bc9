import { describe } from 'vitest';
import { documentedScopes, tokenContract, type RequirementId } from '../contract/index.js';
import {
  jsonMediaType, noSecretEcho, tokenNotCached, noServerError, tokenErrorShape, tokenIssued, tokenRequestRefused, tokenResponseShape, wwwAuthenticateOn401,
} from '../checks/index.js';
import { harness } from './lib/runner/context.js';
import { fixedCase, OutcomeBuilder } from './lib/access/case.js';
import { oracle } from '../oracles/judge.js';
import { tokenReuseCase } from './lib/access/token.js';
import { tokenErrorCases } from './lib/access/token-errors.js';
import { judgeOptions } from './lib/judge/oracles.js';
import type { Exchange } from '../client/exchange.js';

/** The parameter many HTTP clients add to the form's media type (blind13: a target comparing the whole header refused it). */
const formParameter = '; charset=UTF-8';

/**
 * The token endpoint (interface.md "Authentication", RFC 6749 §4.4 and §5.2, D24, D27).
 * Only the token endpoint and AuthenticatePartner are called: safe under the production profile.
 */
const ctx = harness();
const file = 'suites/token.conformance.ts';
const area = 'token';
const generic: RequirementId[] = ['GEN-NO-5XX', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'];
/** A token answer, issued or refused, never carries the client secret back (an error text quoting the request is the usual way). */
const noSecretBack = () => oracle(noSecretEcho, { sent: judgeOptions(ctx).runSecrets }, 'NO-SECRET-ECHO');
const { profile } = ctx;
const partnerScope = profile.partnerScope!;
const mode = profile.credentialsIn;
const tokens = ctx.client.token;

/** TOKEN-ISSUED, and TOKEN-REUSE where the token's exp cuts expires_in short (blind19); neither fails with the other. */
const issuedAndLifetime = (credentialsIn: 'basic' | 'body', scope: string) =>
  ({ ...oracle(tokenIssued, { credentialsIn, scope }, 'TOKEN-ISSUED'), requirements: ['TOKEN-ISSUED', 'TOKEN-REUSE'] as const });

describe('token endpoint', () => {
  for (const credentialsIn of ['basic', 'body'] as const)
    fixedCase(ctx, file, {
      area, name: `tokens are issued for every scope, credentials in ${credentialsIn === 'basic' ? 'a Basic header' : 'the form body'}`,
      requirements: ['TOKEN-ISSUED', 'TOKEN-REUSE', 'TOKEN-SHAPE', 'TOKEN-NO-STORE', ...generic],
      description: `client-credentials requests for ${[...documentedScopes(profile), partnerScope].join(', ')} (${credentialsIn})`,
      run: async () => {
        const out = new OutcomeBuilder();
        for (const scope of [...documentedScopes(profile), partnerScope]) {
          const x = await tokens.requestToken({ scope, credentialsIn });
          out.judge(x, [
            issuedAndLifetime(credentialsIn, scope), oracle(tokenResponseShape, {}, 'TOKEN-SHAPE'), oracle(tokenNotCached, {}, 'TOKEN-NO-STORE'),
            oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY'), noSecretBack(),
          ]);
        }
        return out.outcome();
      },
    });

  const errorCases = tokenErrorCases(ctx);
  fixedCase(ctx, file, {
    area, name: 'failed token requests get RFC 6749 section 5.2 errors',
    requirements: ['TOKEN-ERRORS', 'BEARER-WWW-AUTHENTICATE', ...generic],
    description: `token requests with ${errorCases.map(([what]) => what).join('; ')}`,
    run: async () => {
      const out = new OutcomeBuilder();
      for (const [, options, expectation] of errorCases) {
        const x = await tokens.requestToken({ scope: partnerScope, ...options });
        out.judge(x, [
          oracle(tokenRequestRefused, { requirement: 'TOKEN-ERRORS' }, 'TOKEN-ERRORS'), oracle(tokenErrorShape, expectation, 'TOKEN-ERRORS'),
          oracle(wwwAuthenticateOn401, {}, 'BEARER-WWW-AUTHENTICATE'), oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY'), noSecretBack(),
        ]);
      }
      return out.outcome();
    },
  });

  // D33: a server may accept encodings besides the documented form; what a JSON body got is recorded, never failed.
  // The documented form with a media type parameter (; charset=UTF-8, as many HTTP clients send it) is open too: no D-row
  // covers a parameter at the token endpoint (D43 rules on JSON bodies only). Judged by the generic contract alone: never
  // 5xx, a refusal in RFC 6749 section 5.2's JSON shape; what the target did is recorded (blind13).
  fixedCase(ctx, file, {
    area, name: 'a token request with a JSON body or a charset parameter: behaviour observed, not asserted',
    requirements: ['TOKEN-FORM-ONLY', 'GEN-NO-5XX', 'GEN-JSON-BODY', 'TOKEN-ERRORS'],
    description: `the client-credentials request as application/json, and as the form with a charset parameter (credentials in ${mode})`,
    run: async () => {
      const { clientId, clientSecret } = profile.target!;
      const json = { grant_type: tokenContract.grantType, scope: partnerScope, ...(mode === 'body' ? { client_id: clientId, client_secret: clientSecret } : {}) };
      const out = new OutcomeBuilder();
      // Each way: what it sends, its oracles, and why its answer is only observed.
      const ways: Array<{ what: string; send: () => Promise<Exchange>; form: boolean; why: string }> = [
        { what: 'a JSON body', send: () => tokens.requestToken({ rawBody: JSON.stringify(json), headers: { 'content-type': 'application/json' } }), form: false, why: 'D33' },
        {
          what: `${tokenContract.contentType}${formParameter}`, form: true, why: 'open: no D-row on a parameter of the form\'s media type',
          send: () => tokens.requestToken({ scope: partnerScope, headers: { 'content-type': `${tokenContract.contentType}${formParameter}` } }),
        },
      ];
      for (const { what, send, form, why } of ways) {
        const x = await send();
        // The form is the documented request: a refusal of it comes in RFC 6749's error JSON.
        out.judge(x, [oracle(noServerError, {}, 'GEN-NO-5XX'), ...(form ? [oracle(jsonMediaType, {}, 'GEN-JSON-BODY'), oracle(tokenErrorShape, {}, 'TOKEN-ERRORS')] : [])]);
        const body = x.response?.json as { access_token?: unknown; error?: unknown } | undefined;
        const got = typeof body?.access_token === 'string' ? 'a token' : typeof body?.error === 'string' ? body.error : 'no token';
        if (x.response) out.observe('TOKEN-FORM-ONLY', `a token request with ${what} answers ${x.response.status} with ${got} (${why})`);
      }
      return out.outcome();
    },
  });

  fixedCase(ctx, file, {
    area, name: 'one token serves consecutive calls',
    requirements: ['TOKEN-REUSE', 'TOKEN-ISSUED', 'GEN-NO-5XX'],
    description: `AuthenticatePartner, FindCustomer, AuthenticatePartner with the same access token, credentials in ${mode === 'basic' ? 'the form body' : 'a Basic header'} (the mode the rest of the run does not use)`,
    run: () => tokenReuseCase(ctx),
  });
});
