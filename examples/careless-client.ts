/**
 * A careless partner client, kept as a counter-example: the certification sandbox must fail it,
 * on exactly these habits —
 *   - it fetches a new access token for every call instead of reusing one until it expires;
 *   - it never retries a 503, a 429 or a broken connection;
 *   - it retries a 422 (a business answer that will not change) three times, at once.
 * Everything else (valid payloads, apiVersion, the session) it does like any plain client.
 * Run: node --import tsx examples/careless-client.ts
 */
import { runClient } from './lib/main.js';
import type { RetryPolicy } from './lib/partner-api.js';
import { readToken, tokenRequest, type TokenSource } from './lib/token.js';
import { answered } from './lib/transport.js';

await runClient((config, send) => {
  const tokens: TokenSource = {
    async get() {
      return readToken(await send(tokenRequest(config)))?.value;
    },
    discard() {},
  };
  const retries: RetryPolicy = {
    async decide({ number, outcome }) {
      if (answered(outcome) && outcome.status === 422 && number <= 3) return { retryInMs: 0, why: '422' };
      return { done: outcome };
    },
  };
  return { tokens, retries };
});
