import { operation, responseMembers, sessionAttributes } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import type { Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import { withState } from '../state/case-state.js';
import { setupAttempts } from '../state/setup-call.js';
import { addCard, addTokenizedCard } from '../state/cards.js';
import { freshValues } from '../state/fresh.js';
import { fixtureBody, FixtureError, SetupBroken } from '../state/fixture-errors.js';
import { memoPerKey } from '../state/memo.js';
import { reusableCustomer } from '../state/find-again.js';
import type { CaseOutcome } from '../runner/property.js';

/**
 * Target state the business scenarios make on the way to the response they judge. A step
 * that meets transport trouble makes the case broken; a step the target refuses makes it not
 * covered (FixtureError): neither is ever a pass of the judged rule. A step answered out of
 * contract (a 400 to its valid payload, a 5xx, a success without its documented member) fails
 * the rule it broke, and the judged rule is reported blocked by it.
 */
export { SetupBroken } from '../state/fixture-errors.js';

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

/** Enrols a customer from a generated EnrollCustomer payload (a setup step); `overrides` gives each attempt's own replaced members. */
export async function enrollFrom(ctx: HarnessContext, session: Session, payload: Payload, overrides: () => Record<string, unknown> = () => ({})): Promise<Enrolled> {
  let exchange = await sendEnrollment(ctx, session, payload, overrides());
  // D37: a fresh identity may still be refused for a reason of the target's own; each retry sends another.
  for (let attempt = 1; attempt < setupAttempts && ownReasonRefusal(exchange); attempt += 1) exchange = await sendEnrollment(ctx, session, payload, overrides());
  const member = responseMembers.enrollCustomer;
  const customerId = fixtureBody(ctx, exchange, { what: 'EnrollCustomer of a scenario customer', operation: 'EnrollCustomer', member: [member] })[member] as string;
  return { customerId, body: (exchange.request.body ?? {}) as Record<string, unknown>, exchange };
}

/** The two kinds of taxpayer number (FindCustomer: "9-digit SSN or ITIN"). */
export type TaxpayerKind = 'SSN' | 'ITIN';

/** A customer a business scenario enrolled in this run, of one kind of taxpayer number. */
interface ScenarioCustomer extends Enrolled {
  readonly kind: TaxpayerKind;
  /** Given a card, or about to be (D17's scenario takes it): no longer a customer before its first card. */
  carded: boolean;
}

const scenarioCustomers = new WeakMap<HarnessContext, ScenarioCustomer[]>();

/**
 * Issue 30 item 6: customers the D9 scenario enrolled (an SSN customer and an ITIN customer) are the
 * originals of the D16 duplicates and the customers of the D17 scenario, instead of two more each. D16
 * needs only an SSN and an e-mail this run enrolled, of the same kind; D17 a customer this run enrolled
 * and never gave a card (D17 asserts nothing of a customer found again, whose history is another night's).
 */
export function rememberScenarioCustomer(ctx: HarnessContext, kind: TaxpayerKind, enrolled: Enrolled): void {
  scenarioCustomers.set(ctx, [...(scenarioCustomers.get(ctx) ?? []), { ...enrolled, kind, carded: false }]);
}

/** A customer of `kind` a scenario enrolled in this run (its SSN and e-mail in use), or undefined. */
export function scenarioCustomerOf(ctx: HarnessContext, kind: TaxpayerKind): Enrolled | undefined {
  return scenarioCustomers.get(ctx)?.find((c) => c.kind === kind);
}

/** A customer a scenario enrolled in this run and never gave a card, taken for one (marked carded), or undefined. */
export function takeUncardedCustomer(ctx: HarnessContext): Enrolled | undefined {
  const found = scenarioCustomers.get(ctx)?.find((c) => !c.carded);
  if (found) found.carded = true;
  return found;
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
  /** The token of the customer's second card, a tokenized one: AccountNumberFilter names "raw card numbers or card tokens". */
  readonly cardToken: string;
  readonly tokenCardId: string;
  /** The token of a third card, tokenized too, so long that `secondToken,cardToken,cardNumber` is the longest value a session attribute takes. */
  readonly secondToken: string;
}

/** Letters and digits only (AccountNumberFilter names tokens comma-separated), made new when sent (fresh.ts). */
const drawnToken = (length: number): string => `${'pcFixtureToken'.padEnd(length - 4, 'T')}0000`;
/** The first token's length: with a card number of 15 to 19 digits the second is 136 to 140 characters, both within cardToken's 255. */
const firstTokenLength = 140;

/** One customer per worker with a card whose number the harness knows (the shared fixture's is not kept) and two tokenized cards. */
export const customerWithKnownCard = memoPerKey(async (ctx: HarnessContext, enrollment: Payload): Promise<CustomerWithKnownCard> => {
  const session = await ctx.session();
  // A customer of the run family where the run has one (found again on later nights, its old cards deleted).
  const { customerId } = (await reusableCustomer(ctx, session, 'business:known-card')) ?? (await enrollFrom(ctx, session, enrollment));
  const card = await addCard(ctx, session, customerId);
  const cardNumber = card.payload[operation('AddOrUpdateCard').fields.find((f) => f.format === 'cardNumber')!.name];
  if (typeof cardNumber !== 'string') throw new FixtureError('the fixture card was sent without a card number');
  // Two tokens of lengths that make the three of the customer's cards, comma-separated, exactly the session
  // attribute value's maximum (a `< 300` check refuses that valid filter, blind7); their last four differ, so
  // a target taking a new token of a known BIN and last four for that card re-tokenized keeps both (reading).
  const fresh = freshValues(ctx);
  const tokenized = await addTokenizedCard(ctx, session, customerId, { cardToken: fresh.cardToken(drawnToken(firstTokenLength)), lastFourOfCard: '1357' });
  const secondLength = sessionAttributes.attributes.valueLength.max - firstTokenLength - cardNumber.length - 2;
  const second = await addTokenizedCard(ctx, session, customerId, { cardToken: fresh.cardToken(drawnToken(secondLength)), lastFourOfCard: '2468' });
  return {
    customerId, cardId: card.cardId, cardNumber, cardToken: String(tokenized.payload.cardToken), tokenCardId: tokenized.cardId,
    secondToken: String(second.payload.cardToken),
  };
}, () => false);
