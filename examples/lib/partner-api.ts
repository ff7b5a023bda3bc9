import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientConfig } from './config.js';
import { log } from './log.js';
import type { TokenSource } from './token.js';
import { answered, header, type Answer, type HttpRequest, type Outcome } from './transport.js';

/** The eleven partner operations; the two list reads use GET with a query string (decisions.md D1). */
export const operations = {
  AuthenticatePartner: { method: 'POST', slug: 'authenticate' },
  FindCustomer: { method: 'POST', slug: 'find-customer' },
  EnrollCustomer: { method: 'POST', slug: 'enroll-customer' },
  GetRegisteredCards: { method: 'GET', slug: 'get-registered-cards' },
  AddOrUpdateCard: { method: 'POST', slug: 'add-or-update-card' },
  AddOrUpdateTokenizedCard: { method: 'POST', slug: 'add-or-update-tokenized-card' },
  AuthenticateOBO: { method: 'POST', slug: 'authenticate-obo' },
  GetTransactionHistory: { method: 'GET', slug: 'get-transaction-history' },
  DeleteCard: { method: 'POST', slug: 'delete-card' },
  AddCustomerAttributes: { method: 'POST', slug: 'add-customer-attributes' },
  AddSessionAttributes: { method: 'POST', slug: 'add-session-attributes' },
} as const;
export type Operation = keyof typeof operations;
export type Input = Record<string, unknown>;

/** What a retry policy decides after an attempt: answer the caller with this, or try again later. */
export type Decision = { readonly done: Outcome } | { readonly retryInMs: number; readonly why: string };

export interface RetryPolicy {
  decide(attempt: { operation: Operation; input: Input; number: number; outcome: Outcome; api: PartnerApi }): Promise<Decision>;
}

/**
 * 401 after a call: the problem says whether the session or the token is gone (decisions.md D2,
 * D4); a challenge `error="invalid_token"` (RFC 6750) or a detail naming the token means the token.
 */
function lost(answer: Answer): { token: boolean; session: boolean } {
  const body = (answer.body ?? {}) as { detail?: unknown; title?: unknown };
  const text = `${String(body.detail ?? '')} ${String(body.title ?? '')}`;
  if (/session|device/i.test(text)) return { token: false, session: true };
  if (/token/i.test(text) || /invalid_token/.test(header(answer, 'www-authenticate') ?? '')) return { token: true, session: false };
  return { token: true, session: true };
}

/**
 * The partner session and the calls made in it: AuthenticatePartner first, one deviceId for the
 * whole client (so one per session), apiVersion on every call, and one renewal after a 401.
 * Whether and when to try again otherwise is the RetryPolicy's business.
 */
export class PartnerApi {
  private readonly deviceId = randomUUID();
  private sessionId: string | undefined;

  constructor(
    private readonly config: ClientConfig,
    private readonly send: (r: HttpRequest) => Promise<Outcome>,
    private readonly tokens: TokenSource,
    private readonly policy: RetryPolicy,
  ) {}

  /** The answer of the operation, or undefined when none came (or the call could not be made). */
  async call(operation: Operation, input: Input): Promise<Answer | undefined> {
    if (operation !== 'AuthenticatePartner' && !this.sessionId && !(await this.openSession())) return skip(operation);
    let renewed = false;
    for (let number = 1; ; number += 1) {
      const token = await this.tokens.get();
      if (!token) return skip(operation);
      const outcome = await this.send(this.request(operation, input, token));
      log.call(operation, outcome);
      if (answered(outcome) && outcome.status === 401 && !renewed) {
        renewed = true;
        const gone = lost(outcome);
        if (gone.token) this.tokens.discard();
        if (gone.session && operation !== 'AuthenticatePartner') this.sessionId = undefined;
        log.note(`401: renew the ${gone.session && gone.token ? 'token and session' : gone.session ? 'session' : 'token'}, then try once more`);
        if (!this.sessionId && operation !== 'AuthenticatePartner' && !(await this.openSession())) return outcome;
        continue;
      }
      const decision = await this.policy.decide({ operation, input, number, outcome, api: this });
      if ('done' in decision) return answered(decision.done) ? decision.done : undefined;
      log.note(`${decision.why}: retry ${number} in ${Math.round(decision.retryInMs)} ms`);
      await sleep(decision.retryInMs);
    }
  }

  /** A session, opened now unless one is in force. */
  async ensureSession(): Promise<boolean> {
    return this.sessionId !== undefined || this.openSession();
  }

  /** AuthenticatePartner: a new session for this client's device. */
  async openSession(): Promise<boolean> {
    const answer = await this.call('AuthenticatePartner', { deviceId: this.deviceId });
    const sessionId = answer && answer.status < 300 ? header(answer, 'sessionId') : undefined;
    this.sessionId = sessionId || undefined;
    return this.sessionId !== undefined;
  }

  private request(operation: Operation, input: Input, token: string): HttpRequest {
    const { method, slug } = operations[operation];
    const query = new URLSearchParams(method === 'GET' ? Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]) : []);
    if (this.config.apiVersionIn === 'query') query.set('apiVersion', this.config.apiVersion);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (this.config.apiVersionIn === 'header') headers.apiVersion = this.config.apiVersion;
    if (operation !== 'AuthenticatePartner') Object.assign(headers, { deviceId: this.deviceId, sessionId: this.sessionId ?? '' });
    if (method === 'POST') headers['content-type'] = 'application/json';
    const search = query.size > 0 ? `?${query}` : '';
    return { method, url: `${this.config.baseUrl}/api/v1/partners/${slug}${search}`, headers, ...(method === 'POST' ? { body: JSON.stringify(input) } : {}) };
  }
}

function skip(operation: Operation): undefined {
  log.call(operation, 'skipped');
  return undefined;
}
