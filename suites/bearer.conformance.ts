import { afterAll, describe } from 'vitest';
import { operations } from '../contract/index.js';
import type { CallOptions } from '../client/index.js';
import { bearerRefused, noServerError, wwwAuthenticateOn401, type BearerExpectation } from '../checks/index.js';
import { errorBodyBesideRow } from '../oracles/answer-status.js';
import { harness } from './lib/runner/context.js';
import { fixedCase, OutcomeBuilder } from './lib/access/case.js';
import { oracle } from '../oracles/judge.js';
import { clientSecretToken, emptySignature, expiredToken, forgedClaims, malformedToken, otherKeyToken, tamperSignature, unsignedToken } from './lib/access/requests.js';
import { PairLog } from './lib/ownership/pairs.js';
import { spent, succeedingInput } from './lib/access/succeeding.js';
import { removeAddedCards } from './lib/state/cards.js';
import { FixtureError } from './lib/state/fixture-errors.js';
import { alternatingStrategy } from './lib/access/version-strategy.js';
import { useRefusedSession } from './lib/access/refused-session.js';

/**
 * Bearer enforcement on every partner operation (D2, D27, RFC 6750 §3.1): no token, a
 * malformed one, one with a tampered signature, and an expired one are refused with 401
 * carrying WWW-Authenticate and a JSON error body ("Error bodies are JSON"). Each call carries a
 * request that would succeed with a good token (suites/lib/access/succeeding.ts: real customer,
 * card and ssoToken), so a target that skips the token check on one operation is served, not
 * refused for its body (blind8: an expired token on DeleteCard met a body validation rejected).
 * A run that may not write (production) sends writing operations a body validation rejects.
 * The 401 is judged as any answer of its status and row is (oracles/answer-status.ts): on
 * AuthenticatePartner a 401 UNAUTHORIZED is the Errors table's row, whatever token was refused.
 */
const ctx = harness();
const file = 'suites/bearer.conformance.ts';
const area = 'bearer';

const presented: Record<BearerExpectation['token'], { what: string; options: () => Promise<CallOptions> }> = {
  missing: { what: 'no Authorization header', options: async () => ({ omitAuth: true }) },
  malformed: { what: 'a token no server issued', options: async () => ({ bearer: malformedToken }) },
  tampered: { what: 'a token with a tampered signature', options: async () => ({ bearer: tamperSignature(await ctx.client.token.getToken()) }) },
  expired: { what: 'an expired token (TARGET_EXPIRED_TOKEN)', options: async () => ({ bearer: expiredToken(ctx) }) },
  // Forged, not broken: a verifier that trusts the header's alg, or checks the signature of another part, lets these through.
  unsigned: { what: 'the token\'s claims unsigned (alg none)', options: async () => ({ bearer: unsignedToken(await ctx.client.token.getToken()) }) },
  'forged-claims': { what: 'the token\'s claims changed under its signature', options: async () => ({ bearer: forgedClaims(await ctx.client.token.getToken()) }) },
  'empty-signature': { what: 'the token with an empty signature part', options: async () => ({ bearer: emptySignature(await ctx.client.token.getToken()) }) },
  'other-key': { what: 'the token\'s claims signed with a key it names itself', options: async () => ({ bearer: otherKeyToken(await ctx.client.token.getToken()) }) },
  'client-secret': {
    what: 'the token\'s claims signed with the client\'s own secret (HS256, kid the client id)',
    options: async () => {
      const target = ctx.profile.target;
      if (!target) throw new FixtureError('no client credentials in the profile: the token signed with the client secret cannot be made');
      return { bearer: clientSecretToken(await ctx.client.token.getToken(), target.clientId, target.clientSecret) };
    },
  },
};

/** The token-forgery operator each presented token is (contract/operators/token-forgery.ts); the others are no forgery. */
const forgeryOperator: Partial<Record<BearerExpectation['token'], string>> = {
  unsigned: 'bearer-alg-none', 'forged-claims': 'bearer-changed-claims', expired: 'bearer-expired', 'empty-signature': 'bearer-empty-signature', 'other-key': 'bearer-other-key',
  'client-secret': 'bearer-client-secret',
};

describe('bearer token enforcement', () => {
  // The card made for the DeleteCard calls, and any card a faulty target registered for a bad token.
  afterAll(() => removeAddedCards(ctx));
  for (const [nth, [token, { what, options }]] of (Object.entries(presented) as Array<[BearerExpectation['token'], (typeof presented)[keyof typeof presented]]>).entries())
    fixedCase(ctx, file, {
      area, name: `a call with ${what} is refused with 401 and WWW-Authenticate`,
      requirements: ['BEARER-REQUIRED', 'BEARER-WWW-AUTHENTICATE', 'ERR-JSON-BODY', 'GEN-NO-5XX'],
      description: `each of the ${operations.length} partner operations with ${what}, apiVersion in the header and the query string in turn`,
      run: async () => {
        const callOptions = await options();
        const session = await ctx.session();
        const out = new OutcomeBuilder();
        const log = new PairLog();
        for (const [i, op] of operations.entries()) {
          const { input, succeeds } = await succeedingInput(ctx, session, op);
          // The version header and query string alternate, so each token and each operation meets both (blind11: a query-versioned route skipped a check).
          const x = await ctx.client.call(op.id, input, { ...callOptions, ...(op.sessionRequired ? { session } : {}), apiVersionIn: alternatingStrategy(ctx, i, nth) });
          spent(ctx, x);
          // A writing operation sent a body validation rejects (production, or no fixture): a 400 reports that defect first, which is fair.
          const bodyFirst = op.writes && !succeeds && x.response?.status === 400;
          if (bodyFirst)
            ctx.record({
              requirement: 'BEARER-REQUIRED', status: 'not-covered', suite: area, property: `a call with ${what} is refused with 401 and WWW-Authenticate`, operation: op.id,
              reason: `${op.id} answered 400 to a body that validation rejects, before judging the token; the bearer rule is not covered there`,
            });
          out.judge(x, [
            ...(bodyFirst ? [] : [oracle(bearerRefused, { token }, 'BEARER-REQUIRED')]),
            oracle(wwwAuthenticateOn401, {}, 'BEARER-WWW-AUTHENTICATE'), errorBodyBesideRow(), oracle(noServerError, {}, 'GEN-NO-5XX'),
          ]);
          // A refusal grants nothing: a sessionId a refused AuthenticatePartner carried is refused when used with a valid token.
          if (!bodyFirst) out.add(await useRefusedSession(ctx, x, { requirement: 'BEARER-REQUIRED', refused: `${op.id} with ${what}` }));
          const operator = forgeryOperator[token];
          if (operator && !bodyFirst) log.sent(operator, `${op.id} header Authorization`);
        }
        return { ...out.outcome(), operatorPairs: log.pairs };
      },
    });
});
