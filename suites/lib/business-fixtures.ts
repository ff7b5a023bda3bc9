import { operation, responseMembers } from '../../contract/index.js';
import type { Exchange, Session } from '../../client/index.js';
import { formatExchange } from '../../client/index.js';
import { transportBroken } from '../../checks/index.js';
import type { Payload } from '../../generators/index.js';
import type { HarnessContext } from './context.js';
import { withState } from './case-state.js';
import { addCard, FixtureError } from './fixtures.js';
import { memoPerKey } from './memo.js';
import type { CaseOutcome } from './property.js';

/**
 * Target state the business scenarios make on the way to the response they judge. A step
 * that meets transport trouble makes the case broken; a step the target refuses makes it not
 * covered (FixtureError): neither is ever a pass or a failure of the judged rule.
 */

/** Transport trouble in a setup step: the case proves nothing. */
export class SetupBroken extends Error {
  readonly code = 'SETUP_BROKEN';
  constructor(readonly exchange: Exchange, reason: string) {
    super(reason);
    this.name = 'SetupBroken';
  }
}

/** Runs a scenario; a SetupBroken step becomes a broken outcome instead of a harness error. */
export function scenario<T>(run: (value: T) => Promise<CaseOutcome>): (value: T) => Promise<CaseOutcome> {
  return async (value) => {
    try {
      return await run(value);
    } catch (error) {
      if (error instanceof SetupBroken) return { exchanges: [error.exchange], findings: [], checked: [], broken: error.message };
      throw error;
    }
  };
}

const is2xx = (x: Exchange) => x.response !== undefined && x.response.status >= 200 && x.response.status < 300;

/** The body of a setup step that must succeed. */
export function setupStep(ctx: HarnessContext, x: Exchange, what: string): Record<string, unknown> {
  const broken = transportBroken(x);
  if (broken) throw new SetupBroken(x, `${what}: ${broken}`);
  if (!is2xx(x)) throw new FixtureError(`${what} failed: ${formatExchange(x, ctx.client.redactor)}`);
  const body = x.response!.json;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export interface Enrolled {
  readonly customerId: string;
  /** The EnrollCustomer body as sent (fresh SSN and e-mail in place). */
  readonly body: Record<string, unknown>;
  readonly exchange: Exchange;
}

/**
 * Sends a generated EnrollCustomer payload with a fresh identity, `overrides` put over it
 * (a duplicate reuses an SSN or e-mail); counts it in the footprint when it enrols.
 */
export async function sendEnrollment(ctx: HarnessContext, session: Session, payload: Payload, overrides: Record<string, unknown> = {}): Promise<Exchange> {
  const input = await withState(ctx, session, payload, 'valid');
  const exchange = await ctx.client.call('EnrollCustomer', { body: { ...input.body, ...overrides } }, { session });
  if (is2xx(exchange)) ctx.footprint.customerEnrolled();
  return exchange;
}

/** Enrols a customer from a generated EnrollCustomer payload (a setup step). */
export async function enrollFrom(ctx: HarnessContext, session: Session, payload: Payload): Promise<Enrolled> {
  const exchange = await sendEnrollment(ctx, session, payload);
  const customerId = setupStep(ctx, exchange, 'EnrollCustomer of a scenario customer')[responseMembers.enrollCustomer];
  if (typeof customerId !== 'string') throw new FixtureError(`EnrollCustomer gave no ${responseMembers.enrollCustomer}: ${formatExchange(exchange, ctx.client.redactor)}`);
  return { customerId, body: (exchange.request.body ?? {}) as Record<string, unknown>, exchange };
}

/** A fresh ssoToken for `customerId` in `session` (AddSessionAttributes needs the newest, D18). */
export async function ssoTokenFor(ctx: HarnessContext, session: Session, customerId: string): Promise<string> {
  const x = await ctx.client.call('AuthenticateOBO', { body: { customerId } }, { session });
  const token = setupStep(ctx, x, 'AuthenticateOBO of a customer with a card')[responseMembers.ssoToken];
  if (typeof token !== 'string' || token === '') throw new FixtureError(`AuthenticateOBO gave no ${responseMembers.ssoToken}`);
  ctx.client.redactor.learn(token, 'ssoToken');
  return token;
}

/** Cards a response lists are counted and deleted when the suite ends (a faulty target may register what it should refuse). */
export function rememberListedCards(ctx: HarnessContext, x: Exchange): void {
  ctx.footprint.rememberCardsOf(x);
}

export interface CustomerWithKnownCard {
  readonly customerId: string;
  readonly cardId: string;
  /** The raw card number, for AccountNumberFilter (redacted in every report). */
  readonly cardNumber: string;
}

/** One customer per worker with one card whose number the harness knows (the shared fixture's is not kept). */
export const customerWithKnownCard = memoPerKey(async (ctx: HarnessContext, enrollment: Payload): Promise<CustomerWithKnownCard> => {
  const session = await ctx.session();
  const { customerId } = await enrollFrom(ctx, session, enrollment);
  const card = await addCard(ctx, session, customerId);
  const cardNumber = card.payload[operation('AddOrUpdateCard').fields.find((f) => f.format === 'cardNumber')!.name];
  if (typeof cardNumber !== 'string') throw new FixtureError('the fixture card was sent without a card number');
  return { customerId, cardId: card.cardId, cardNumber };
}, () => false);
