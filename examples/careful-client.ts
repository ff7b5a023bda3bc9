/**
 * A careful partner client: what the interface document's "fault tolerant access strategy with
 * a retry policy" looks like in practice. Run: node --import tsx examples/careful-client.ts
 * (TARGET_* as printed by the sandbox; see examples/README.md).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { backoffMs, retryAfterMs } from './lib/backoff.js';
import { log } from './lib/log.js';
import { runClient } from './lib/main.js';
import type { Decision, RetryPolicy } from './lib/partner-api.js';
import { readToken, tokenRequest, type AccessToken, type TokenSource } from './lib/token.js';
import { answered, type Outcome } from './lib/transport.js';

const maxRetries = 3;
const baseDelayMs = Number(process.env.CLIENT_BACKOFF_MS || 250);
/** A Retry-After longer than this is not waited for: the call gives up instead of coming back early. */
const maxWaitMs = Number(process.env.CLIENT_MAX_WAIT_MS || 30_000);

/** Transient: the server asked us to come back (429, 502-504) or never answered. 4xx business errors are final. */
function transient(outcome: Outcome): string | undefined {
  if (!answered(outcome)) return `no answer (${outcome.status})`;
  return [429, 502, 503, 504].includes(outcome.status) ? String(outcome.status) : undefined;
}

/** The wait before retry `number`: the backoff, and never less than the server's Retry-After. */
function waitBefore(number: number, outcome: Outcome): number {
  const asked = answered(outcome) ? retryAfterMs(outcome) : undefined;
  return Math.max(asked ?? 0, backoffMs(number, baseDelayMs));
}

/** One token, reused until shortly before it expires (60 s, or a tenth of a short lifetime). */
class ReusedToken implements TokenSource {
  private token: AccessToken | undefined;
  constructor(private readonly fetch: () => Promise<AccessToken | undefined>) {}

  async get(): Promise<string | undefined> {
    if (!this.token || this.expiresSoon(this.token)) this.token = await this.fetch();
    return this.token?.value;
  }

  discard(): void {
    this.token = undefined;
  }

  private expiresSoon(t: AccessToken): boolean {
    const marginSeconds = Math.min(60, t.expiresIn / 10);
    return Date.now() >= t.receivedAt + (t.expiresIn - marginSeconds) * 1000;
  }
}

await runClient((config, send) => {
  async function fetchToken(): Promise<AccessToken | undefined> {
    for (let number = 1; ; number += 1) {
      const outcome = await send(tokenRequest(config));
      const token = readToken(outcome);
      const why = transient(outcome);
      if (token || !why || number > maxRetries) return token;
      const wait = waitBefore(number, outcome);
      if (wait > maxWaitMs) return undefined;
      log.note(`${why}: retry ${number} in ${Math.round(wait)} ms`);
      await sleep(wait);
    }
  }

  const retries: RetryPolicy = {
    async decide({ operation, input, number, outcome, api }): Promise<Decision> {
      const why = transient(outcome);
      if (!why || number > maxRetries) return { done: outcome };
      // EnrollCustomer is not idempotent: without an answer, it may have been applied. Ask first.
      if (operation === 'EnrollCustomer' && !answered(outcome)) {
        // A timed-out request may still be running on the server: no question can settle that.
        if (outcome.status === 'timeout') return { done: outcome };
        const found = await api.call('FindCustomer', { ssn: input.ssn, dateOfBirth: input.dateOfBirth });
        const customerId = (found?.body as { customerId?: unknown } | undefined)?.customerId;
        if (found?.status === 200 && typeof customerId === 'string' && customerId !== '') {
          log.note('the enrolment was applied before the connection broke: using its customer');
          return { done: { ...found, body: { CustomerId: customerId } } };
        }
        const notFound = found?.status === 200 || (found?.status === 422 && (found.body as { errorCode?: unknown })?.errorCode === 'CUSTOMER_NOT_FOUND');
        if (!notFound) {
          log.note('cannot tell whether the enrolment was applied: not retried');
          return { done: outcome };
        }
      }
      const wait = waitBefore(number, outcome);
      if (wait > maxWaitMs) return { done: outcome };
      return { retryInMs: wait, why };
    },
  };
  return { tokens: new ReusedToken(fetchToken), retries };
});
