import { operation, responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import { formatExchange } from '../../../client/index.js';
import { personalData, sampleOne, validPayload, type PersonalDataSource } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { judgeFixtureAnswer, type FixtureCall } from '../judge/fixture-answer.js';
import { memoPerKey } from './memo.js';
import { ownReasonRefusal } from '../judge/refusals.js';
import { pooledCustomer, PoolUnavailable, privatePoolDir, type PooledCustomer } from './customer-pool.js';

export interface FixtureErrorOptions {
  /** The requirement the target broke in answering the fixture call: what this blocked reads "blocked by" it. */
  readonly blockedBy?: string;
  /** The fixture call that was answered out of contract or refused. */
  readonly exchange?: Exchange;
  /** The variable that would let the run make or find the state (a configuration gap). */
  readonly enabledBy?: string;
}

/** Target state a case needs could not be made or found: the case is not covered, never passed. */
export class FixtureError extends Error {
  readonly code = 'FIXTURE_UNAVAILABLE';
  readonly blockedBy?: string;
  readonly exchange?: Exchange;
  readonly enabledBy?: string;
  constructor(message: string, options: FixtureErrorOptions = {}) {
    super(message);
    this.name = 'FixtureError';
    if (options.blockedBy) this.blockedBy = options.blockedBy;
    if (options.exchange) this.exchange = options.exchange;
    if (options.enabledBy) this.enabledBy = options.enabledBy;
  }
}

/** Transport trouble in a step that makes target state: the case proves nothing (broken). */
export class SetupBroken extends Error {
  readonly code = 'SETUP_BROKEN';
  constructor(readonly exchange: Exchange, reason: string) {
    super(reason);
    this.name = 'SetupBroken';
  }
}

/**
 * The body of a fixture call that must succeed. Transport trouble throws SetupBroken; an answer
 * out of contract is recorded failed (once per worker) and throws a FixtureError blocked by the
 * rule it broke; any other refusal throws a plain FixtureError (not covered).
 */
export function fixtureBody(ctx: HarnessContext, x: Exchange, call: FixtureCall): Record<string, unknown> {
  const judged = judgeFixtureAnswer(ctx, x, call);
  if (judged.broken) throw new SetupBroken(x, `${call.what}: ${judged.broken}`);
  if (judged.blockedBy) throw new FixtureError(`${call.what} was answered out of contract: ${judged.message}`, { blockedBy: judged.blockedBy, exchange: x });
  if (!judged.body) throw new FixtureError(`${call.what} failed: ${formatExchange(x, ctx.client.redactor)}`, { exchange: x });
  return judged.body;
}

export interface CustomerFixture {
  readonly customerId: string;
  readonly cardId?: string;
  /** Present for customers this run enrolled. */
  readonly ssn?: string;
  readonly dateOfBirth?: string;
}

/** One source per worker (keyed on its client): two suite files of a worker must not draw the same people. */
const people = new WeakMap<HarnessContext['client'], PersonalDataSource>();

/**
 * Identities differ per run and per worker even under a fixed CONFORMANCE_SEED: a nightly
 * run with a pinned seed must not meet last night's SSNs as duplicates (D16).
 */
function personSource(ctx: HarnessContext): PersonalDataSource {
  let source = people.get(ctx.client);
  if (!source) {
    const started = Date.parse(process.env.CONFORMANCE_RUN_STARTED ?? '') || Date.now();
    source = personalData({ seed: (ctx.runSeed ^ Math.floor(started / 1000) ^ (process.pid << 7)) >>> 0 });
    people.set(ctx.client, source);
  }
  return source;
}

/** The next identity of this worker: never an SSN or e-mail it used before. */
export const nextPerson = (ctx: HarnessContext) => personSource(ctx).next();

/** One deterministic valid payload of `op` (no randomness left to the target). */
function samplePayload(ctx: HarnessContext, op: string, fixed: Record<string, unknown>, attempt = 0): Record<string, unknown> {
  const arb = validPayload(operation(op), { fixed, emailKey: ctx.profile.emailKey, includeOptional: false });
  return sampleOne(arb, ctx.runSeed + attempt).body ?? {};
}

const cardSerials = new WeakMap<HarnessContext['client'], number>();

/**
 * Where the next card of this worker is drawn from. The run's pooled customer holds a card of
 * every worker: the same number twice would be one card (an update), which the first worker to
 * finish deletes under the others; and a DeleteCard case must delete a card of its own, never the
 * fixture's. Workers start far apart (by process id), each card moves on.
 */
function nextCardSerial(ctx: HarnessContext): number {
  const serial = cardSerials.get(ctx.client) ?? (process.pid % 10_000) * 1_000;
  cardSerials.set(ctx.client, serial + setupAttempts);
  return serial;
}

/** D37: a target may refuse a generated SSN or card for a reason of its own (ownReasonRefusal); setup tries this many fresh ones. */
const setupAttempts = 4;

const ok = (x: Exchange) => !x.transportError && x.response !== undefined && x.response.status >= 200 && x.response.status < 300;

/** Tag that marks what this run created on a shared sandbox (names and nicknames allow it). */
export const runTag = (ctx: HarnessContext): string => `pc-${ctx.runId}`.slice(0, 20);

/** A freshly enrolled customer (EnrollCustomer, then counted in the footprint). */
export async function enrollCustomer(ctx: HarnessContext, session: Session): Promise<CustomerFixture & { ssn: string; dateOfBirth: string; exchange: Exchange; payload: Record<string, unknown> }> {
  let person = personSource(ctx).next();
  let payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) });
  let exchange = await ctx.client.call('EnrollCustomer', { body: payload }, { session });
  for (let attempt = 1; attempt < setupAttempts && ownReasonRefusal(exchange); attempt += 1) {
    person = personSource(ctx).next();
    payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) }, attempt);
    exchange = await ctx.client.call('EnrollCustomer', { body: payload }, { session });
  }
  if (ok(exchange)) ctx.footprint.customerEnrolled();
  const customerId = fixtureBody(ctx, exchange, { what: 'EnrollCustomer of a fixture customer', operation: 'EnrollCustomer', member: [responseMembers.enrollCustomer] })[responseMembers.enrollCustomer] as string;
  return { customerId, ssn: person.ssn, dateOfBirth: person.dateOfBirth, exchange, payload };
}

/** A card registered with AddOrUpdateCard for `customerId`; remembered for deletion at the end. */
export async function addCard(ctx: HarnessContext, session: Session, customerId: string, overrides: Record<string, unknown> = {}): Promise<{ cardId: string; exchange: Exchange; payload: Record<string, unknown> }> {
  let payload: Record<string, unknown> = {};
  let exchange: Exchange | undefined;
  // A card number the caller chose is not replaced: its refusal is the caller's to handle (addCardUnlessRefused).
  const attempts = 'cardNumber' in overrides ? 1 : setupAttempts;
  const serial = nextCardSerial(ctx);
  for (let attempt = 0; attempt < attempts && (!exchange || ownReasonRefusal(exchange)); attempt += 1) {
    payload = { ...samplePayload(ctx, 'AddOrUpdateCard', { customerId, cardNickname: runTag(ctx) }, serial + attempt), ...overrides };
    exchange = await ctx.client.call('AddOrUpdateCard', { body: payload }, { session });
  }
  if (!exchange) throw new FixtureError('no AddOrUpdateCard attempt was made');
  const body = fixtureBody(ctx, exchange, { what: 'AddOrUpdateCard of a fixture card', operation: 'AddOrUpdateCard', member: [responseMembers.cards, 0, 'cardId'] });
  const cardId = ((body[responseMembers.cards] as unknown[])[0] as Record<string, string>).cardId!;
  ctx.footprint.cardAdded(customerId, cardId);
  return { cardId, exchange, payload };
}

/** A card of a number the caller chose, or undefined when the target refused it for a business reason (D37). */
export async function addCardUnlessRefused(ctx: HarnessContext, session: Session, customerId: string, cardNumber: string): Promise<{ cardId: string } | undefined> {
  try {
    return await addCard(ctx, session, customerId, { cardNumber });
  } catch (error) {
    if (error instanceof FixtureError && error.exchange && ownReasonRefusal(error.exchange)) return undefined;
    throw error;
  }
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
    if (!customerId) throw new FixtureError('TARGET_PROFILE=production needs TARGET_FIXTURE_CUSTOMER_ID (and TARGET_FIXTURE_CARD_ID) to read an existing customer', { enabledBy: 'TARGET_FIXTURE_CUSTOMER_ID' });
    return { customerId, ...(cardId ? { cardId } : {}) };
  }
  const session = await ctx.session();
  const customer = await runCustomer(ctx, session);
  // The card is this worker's own (removed when its suite ends): another worker's may be gone already.
  const { cardId } = await addCard(ctx, session, customer.customerId);
  return { ...customer, cardId };
}

/**
 * The run's pooled customer (customer-pool.ts): enrolled once per run by the first worker that
 * needs it. Where another worker could not make it, this worker's cases are not covered for the
 * same reason (blocked by the rule the answer broke, which that worker recorded failed).
 */
async function runCustomer(ctx: HarnessContext, session: Session): Promise<PooledCustomer> {
  try {
    const { customer, made } = await pooledCustomer({
      dir: privatePoolDir(),
      make: async () => {
        const { customerId, ssn, dateOfBirth } = await enrollCustomer(ctx, session);
        return { customerId, ssn, dateOfBirth };
      },
      failureOf: (error) => ({ message: String((error as Error | null)?.message ?? error), ...(error instanceof FixtureError && error.blockedBy ? { blockedBy: error.blockedBy } : {}) }),
    });
    if (made) ctx.footprint.poolCustomerMade();
    return customer;
  } catch (error) {
    if (!(error instanceof PoolUnavailable)) throw error;
    const { blockedBy } = error.failure;
    throw new FixtureError(`the run's pooled customer could not be made by another worker: ${error.message}`, blockedBy ? { blockedBy } : {});
  }
}

/** Deletes every card this worker added and did not delete (afterAll of each suite). */
export async function removeAddedCards(ctx: HarnessContext): Promise<void> {
  const left = ctx.footprint.remaining();
  // A run that may not write added nothing: whatever is listed is not its to delete.
  if (left.length === 0 || !mayWrite(ctx)) return;
  const session = await ctx.session();
  for (const { customerId, cardId } of left) await deleteCard(ctx, session, customerId, cardId);
}
