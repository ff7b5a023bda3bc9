import fc from 'fast-check';
import { operation, responseMembers } from '../../contract/index.js';
import type { Exchange, Session } from '../../client/index.js';
import { formatExchange } from '../../client/index.js';
import { personalData, validPayload, type PersonalDataSource } from '../../generators/index.js';
import type { HarnessContext } from './context.js';
import { memoPerKey } from './memo.js';

/** Target state a case needs could not be made or found: the case is not covered, never passed. */
export class FixtureError extends Error {
  readonly code = 'FIXTURE_UNAVAILABLE';
  constructor(message: string) {
    super(message);
    this.name = 'FixtureError';
  }
}

export interface CustomerFixture {
  readonly customerId: string;
  readonly cardId?: string;
  /** Present for customers this run enrolled. */
  readonly ssn?: string;
  readonly dateOfBirth?: string;
}

const people = new WeakMap<HarnessContext, PersonalDataSource>();

/**
 * Identities differ per run and per worker even under a fixed CONFORMANCE_SEED: a nightly
 * run with a pinned seed must not meet last night's SSNs as duplicates (D16).
 */
function personSource(ctx: HarnessContext): PersonalDataSource {
  let source = people.get(ctx);
  if (!source) {
    const started = Date.parse(process.env.CONFORMANCE_RUN_STARTED ?? '') || Date.now();
    source = personalData({ seed: (ctx.runSeed ^ Math.floor(started / 1000) ^ (process.pid << 7)) >>> 0 });
    people.set(ctx, source);
  }
  return source;
}

/** The next identity of this worker: never an SSN or e-mail it used before. */
export const nextPerson = (ctx: HarnessContext) => personSource(ctx).next();

/** One deterministic valid payload of `op` (no randomness left to the target). */
function samplePayload(ctx: HarnessContext, op: string, fixed: Record<string, unknown>): Record<string, unknown> {
  const arb = validPayload(operation(op), { fixed, emailKey: ctx.profile.emailKey, includeOptional: false });
  return fc.sample(arb, { seed: ctx.runSeed, numRuns: 1 })[0]!.body ?? {};
}

const describeFailure = (ctx: HarnessContext, what: string, x: Exchange) =>
  new FixtureError(`${what} failed: ${formatExchange(x, ctx.client.redactor)}`);

const ok = (x: Exchange) => !x.transportError && x.response !== undefined && x.response.status >= 200 && x.response.status < 300;

/** Tag that marks what this run created on a shared sandbox (names and nicknames allow it). */
export const runTag = (ctx: HarnessContext): string => `pc-${ctx.runId}`.slice(0, 20);

/** A freshly enrolled customer (EnrollCustomer, then counted in the footprint). */
export async function enrollCustomer(ctx: HarnessContext, session: Session): Promise<CustomerFixture & { ssn: string; dateOfBirth: string; exchange: Exchange; payload: Record<string, unknown> }> {
  const person = personSource(ctx).next();
  const payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) });
  const exchange = await ctx.client.call('EnrollCustomer', { body: payload }, { session });
  const customerId = (exchange.response?.json as Record<string, unknown> | undefined)?.[responseMembers.enrollCustomer];
  if (!ok(exchange) || typeof customerId !== 'string') throw describeFailure(ctx, 'EnrollCustomer of a fixture customer', exchange);
  ctx.footprint.customerEnrolled();
  return { customerId, ssn: person.ssn, dateOfBirth: person.dateOfBirth, exchange, payload };
}

/** A card registered with AddOrUpdateCard for `customerId`; remembered for deletion at the end. */
export async function addCard(ctx: HarnessContext, session: Session, customerId: string, overrides: Record<string, unknown> = {}): Promise<{ cardId: string; exchange: Exchange; payload: Record<string, unknown> }> {
  const payload = { ...samplePayload(ctx, 'AddOrUpdateCard', { customerId, cardNickname: runTag(ctx) }), ...overrides };
  const exchange = await ctx.client.call('AddOrUpdateCard', { body: payload }, { session });
  const cards = (exchange.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
  const cardId = Array.isArray(cards) ? (cards[0] as Record<string, unknown> | undefined)?.cardId : undefined;
  if (!ok(exchange) || typeof cardId !== 'string') throw describeFailure(ctx, 'AddOrUpdateCard of a fixture card', exchange);
  ctx.footprint.cardAdded(customerId, cardId);
  return { cardId, exchange, payload };
}

export async function deleteCard(ctx: HarnessContext, session: Session, customerId: string, cardId: string): Promise<Exchange> {
  const exchange = await ctx.client.call('DeleteCard', { body: { customerId, cardId } }, { session });
  if (ok(exchange)) ctx.footprint.cardRemoved(cardId);
  return exchange;
}

/**
 * A customer holding a card. Sandbox: enrolled and given a card by this run. Production
 * without writes: TARGET_FIXTURE_CUSTOMER_ID / TARGET_FIXTURE_CARD_ID, or FixtureError.
 */
export const customerWithCard = memoPerKey((ctx: HarnessContext) => makeCustomerWithCard(ctx), () => true);

export const mayWrite = (ctx: HarnessContext): boolean => ctx.profile.kind === 'sandbox' || ctx.profile.allowWrites;

async function makeCustomerWithCard(ctx: HarnessContext): Promise<CustomerFixture> {
  if (!mayWrite(ctx)) {
    const { customerId, cardId } = ctx.profile.fixtures;
    if (!customerId) throw new FixtureError('TARGET_PROFILE=production needs TARGET_FIXTURE_CUSTOMER_ID (and TARGET_FIXTURE_CARD_ID) to read an existing customer');
    return { customerId, ...(cardId ? { cardId } : {}) };
  }
  const session = await ctx.session();
  const customer = await enrollCustomer(ctx, session);
  const { cardId } = await addCard(ctx, session, customer.customerId);
  return { customerId: customer.customerId, cardId, ssn: customer.ssn, dateOfBirth: customer.dateOfBirth };
}

/** Deletes every card this worker added and did not delete (afterAll of each suite). */
export async function removeAddedCards(ctx: HarnessContext): Promise<void> {
  const left = ctx.footprint.remaining();
  // A run that may not write added nothing: whatever is listed is not its to delete.
  if (left.length === 0 || !mayWrite(ctx)) return;
  const session = await ctx.session();
  for (const { customerId, cardId } of left) await deleteCard(ctx, session, customerId, cardId);
}
