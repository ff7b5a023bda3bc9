import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { documentedScopes, tokenContract, type RequirementId } from '../contract/index.js';
import type { TokenRequestOptions } from '../client/index.js';
import {
  jsonMediaType, noSecretEcho, tokenNotCached, noServerError, tokenErrorShape, tokenIssued, tokenRequestRefused, tokenResponseShape, wwwAuthenticateOn401,
  type TokenErrorExpectation,
} from '../checks/index.js';
import { harness } from './lib/runner/context.js';
import { fixedCase, OutcomeBuilder } from './lib/access/case.js';
import { oracle } from '../oracles/judge.js';
import { tokenReuseCase } from './lib/access/token.js';
import { judgeOptions } from './lib/judge/oracles.js';

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

describe('token endpoint', () => {
  for (const credentialsIn of ['basic', 'body'] as const)
    fixedCase(ctx, file, {
      area, name: `tokens are issued for every scope, credentials in ${credentialsIn === 'basic' ? 'a Basic header' : 'the form body'}`,
      requirements: ['TOKEN-ISSUED', 'TOKEN-SHAPE', 'TOKEN-NO-STORE', ...generic],
      description: `client-credentials requests for ${[...documentedScopes(profile), partnerScope].join(', ')} (${credentialsIn})`,
      run: async () => {
        const out = new OutcomeBuilder();
        for (const scope of [...documentedScopes(profile), partnerScope]) {
          const x = await tokens.requestToken({ scope, credentialsIn });
          out.judge(x, [
            oracle(tokenIssued, { credentialsIn, scope }, 'TOKEN-ISSUED'), oracle(tokenResponseShape, {}, 'TOKEN-SHAPE'), oracle(tokenNotCached, {}, 'TOKEN-NO-STORE'),
            oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY'), noSecretBack(),
          ]);
        }
        return out.outcome();
      },
    });

  const wrongSecret = { clientId: profile.target!.clientId, clientSecret: `wrong-${randomUUID()}` };
  // Near misses of the real secret (a comparison of a prefix, or of all but the last character, lets them in); masked like the secret.
  const secret = profile.target!.clientSecret;
  const nearSecrets = [secret.slice(0, -1), `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`].map((s) => {
    ctx.client.redactor.learn(s, 'clientSecret');
    return { clientId: profile.target!.clientId, clientSecret: s };
  });
  const emptySecret = { clientId: profile.target!.clientId, clientSecret: '' };
  const errorCases: Array<[string, TokenRequestOptions, TokenErrorExpectation]> = [
    ['a wrong secret in a Basic header', { credentialsIn: 'basic', credentials: wrongSecret }, { errors: ['invalid_client'], status: 401 }],
    ['a wrong secret in the form body', { credentialsIn: 'body', credentials: wrongSecret }, { errors: ['invalid_client'] }],
    ['the secret less its last character in a Basic header', { credentialsIn: 'basic', credentials: nearSecrets[0]! }, { errors: ['invalid_client'], status: 401 }],
    ['the secret with its last character changed in the form body', { credentialsIn: 'body', credentials: nearSecrets[1]! }, { errors: ['invalid_client'] }],
    ['no client authentication', { credentialsIn: 'none' }, { errors: ['invalid_client'] }],
    ['no grant_type', { form: { grant_type: undefined } }, { errors: ['invalid_request'], status: 400 }],
    // RFC 6749 §3.3 lets a server fail an omitted scope as invalid_scope; interface.md makes scope required (invalid_request).
    ['no scope', { form: { scope: undefined } }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
    ['a grant type the server does not support', { form: { grant_type: 'urn:example:conformance:unsupported-grant' } }, { errors: ['unsupported_grant_type'], status: 400 }],
    ['an unknown scope', { scope: `${profile.scopeBase}/auth/conformance-unknown-scope` }, { errors: ['invalid_scope'], status: 400 }],
    // RFC 6749 §3.1: "Parameters sent without a value MUST be treated as if they were omitted from the request": every form parameter sent empty.
    ['an empty client_secret in the form body', { credentialsIn: 'body', credentials: emptySecret }, { errors: ['invalid_client'] }],
    ['an empty secret in a Basic header', { credentialsIn: 'basic', credentials: emptySecret }, { errors: ['invalid_client'], status: 401 }],
    ['an empty client_id in the form body', { credentialsIn: 'body', credentials: { clientId: '', clientSecret: secret } }, { errors: ['invalid_client'] }],
    ['an empty grant_type', { form: { grant_type: '' } }, { errors: ['invalid_request'], status: 400 }],
    ['an empty scope', { form: { scope: '' } }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
    // RFC 6749 §3.1 "MUST NOT be included more than once", §5.2 invalid_request "repeats a parameter": every form parameter twice.
    // A server may read the doubled value as one it does not know: unsupported_grant_type, invalid_scope (as for no scope, §3.3).
    ['grant_type given twice', { repeat: ['grant_type'] }, { errors: ['invalid_request', 'unsupported_grant_type'], status: 400 }],
    ['scope given twice', { repeat: ['scope'] }, { errors: ['invalid_request', 'invalid_scope'], status: 400 }],
    ...(['client_id', 'client_secret'] as const).map((name): [string, TokenRequestOptions, TokenErrorExpectation] => [
      `${name} given twice in the form body`, { credentialsIn: 'body', repeat: [name] }, { errors: ['invalid_request', 'invalid_client'] },
    ]),
  ];
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
  fixedCase(ctx, file, {
    area, name: 'a token request with a JSON body: behaviour observed, not asserted',
    requirements: ['TOKEN-FORM-ONLY', 'GEN-NO-5XX'],
    description: `the client-credentials request as application/json (credentials in ${mode})`,
    run: async () => {
      const { clientId, clientSecret } = profile.target!;
      const json = { grant_type: tokenContract.grantType, scope: partnerScope, ...(mode === 'body' ? { client_id: clientId, client_secret: clientSecret } : {}) };
      const x = await tokens.requestToken({ rawBody: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
      const out = new OutcomeBuilder();
      out.judge(x, [oracle(noServerError, {}, 'GEN-NO-5XX')]);
      const body = x.response?.json as { access_token?: unknown; error?: unknown } | undefined;
      const got = typeof body?.access_token === 'string' ? 'a token' : typeof body?.error === 'string' ? body.error : 'no token';
      if (x.response) out.observe('TOKEN-FORM-ONLY', `a token request with a JSON body answers ${x.response.status} with ${got} (D33)`);
      return out.outcome();
    },
  });

  fixedCase(ctx, file, {
    area, name: 'one token serves consecutive calls',
    requirements: ['TOKEN-REUSE', 'GEN-NO-5XX'],
    description: 'AuthenticatePartner, FindCustomer, AuthenticatePartner with the same access token',
    run: () => tokenReuseCase(ctx),
  });
});
