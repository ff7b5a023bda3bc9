import { responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import { fixtureBody, FixtureError } from './fixture-errors.js';
import { accepted, mayWrite, runTag, samplePayload, setupAttempts } from './setup-call.js';
import { transportBroken } from '../../../checks/index.js';
import { freshValues } from './fresh.js';

/** The cards a worker adds and deletes: each remembered in the footprint, so the suite that added it deletes it. */

const cardSerials = new WeakMap<HarnessContext['client'], number>();

/**
 * Where the next card of this worker draws its data from (expiration, address), so cards differ
 * beyond their number. The number itself is new by construction (fresh.ts): the run's pooled
 * customer holds a card of every worker, and the same number twice would be one card (an update),
 * which the first worker to finish deletes under the others; a DeleteCard case must delete a card
 * of its own, never the fixture's.
 */
function nextCardSerial(ctx: HarnessContext): number {
  const serial = cardSerials.get(ctx.client) ?? (process.pid % 10_000) * 1_000;
  cardSerials.set(ctx.client, serial + setupAttempts);
  return serial;
}

export type FixtureCard = { cardId: string; exchange: Exchange; payload: Record<string, unknown> };

/**
 * A card registered with AddOrUpdateCard for `customerId`; remembered for deletion at the end. Its
 * number has the drawn length, cut to `maxDigits` where the caller needs a shorter one.
 */
export function addCard(ctx: HarnessContext, session: Session, customerId: string, overrides: Record<string, unknown> = {}, maxDigits = 19): Promise<FixtureCard> {
  // A card of its own: a number no worker of the run sent (fresh.ts), never the fixture's or another case's.
  return addFixtureCard(ctx, session, customerId, 'AddOrUpdateCard', (sampled) => ({ cardNumber: freshValues(ctx).cardNumber(String(sampled.cardNumber).slice(0, maxDigits)) }), overrides);
}

/**
 * A card registered with AddOrUpdateTokenizedCard: a token new by construction of letters and digits
 * only (AccountNumberFilter names tokens comma-separated), a BIN clear of the denied one.
 */
export function addTokenizedCard(ctx: HarnessContext, session: Session, customerId: string, overrides: Record<string, unknown> = {}): Promise<FixtureCard> {
  const fresh = freshValues(ctx);
  return addFixtureCard(ctx, session, customerId, 'AddOrUpdateTokenizedCard', (sampled) => ({
    cardToken: fresh.cardToken('pcFixtureToken0000'), cardBin: fresh.cardBin(String(sampled.cardBin)),
  }), overrides);
}

async function addFixtureCard(
  ctx: HarnessContext, session: Session, customerId: string, op: 'AddOrUpdateCard' | 'AddOrUpdateTokenizedCard',
  made: (sampled: Record<string, unknown>) => Record<string, unknown>, overrides: Record<string, unknown> = {},
): Promise<FixtureCard> {
  let payload: Record<string, unknown> = {};
  let exchange: Exchange | undefined;
  // A card number the caller chose is not replaced: its refusal is the caller's to handle (addCardUnlessRefused).
  const attempts = 'cardNumber' in overrides ? 1 : setupAttempts;
  const serial = nextCardSerial(ctx);
  for (let attempt = 0; attempt < attempts && (!exchange || ownReasonRefusal(exchange)); attempt += 1) {
    const sampled = samplePayload(ctx, op, { customerId, cardNickname: runTag(ctx) }, serial + attempt);
    payload = { ...sampled, ...made(sampled), ...overrides };
    exchange = await ctx.client.call(op, { body: payload }, { session });
  }
  if (!exchange) throw new FixtureError(`no ${op} attempt was made`);
  const body = fixtureBody(ctx, exchange, { what: `${op} of a fixture card`, operation: op, member: [responseMembers.cards, 0, 'cardId'] });
  const cardId = ((body[responseMembers.cards] as unknown[])[0] as Record<string, string>).cardId!;
  ctx.footprint.cardAdded(customerId, cardId);
  return { cardId, exchange, payload };
}

/** A card of a number the caller chose, or undefined when the target refused it for a business reason (D37). */
export async function addCardUnlessRefused(ctx: HarnessContext, session: Session, customerId: string, cardNumber: string): Promise<FixtureCard | undefined> {
  try {
    return await addCard(ctx, session, customerId, { cardNumber });
  } catch (error) {
    if (error instanceof FixtureError && error.exchange && ownReasonRefusal(error.exchange)) return undefined;
    throw error;
  }
}

/**
 * The same card written again with other data, its identity kept (the number; the token with its BIN
 * and last four): the update path of the upsert. Reads after it must still find the card by its
 * cardId (blind9: a history filter joined the card's first row version, lost on update). The answer
 * is the target's to choose (the upsert suites judge it); the caller reads on either way.
 */
export async function updateCard(ctx: HarnessContext, session: Session, customerId: string, op: 'AddOrUpdateCard' | 'AddOrUpdateTokenizedCard', card: FixtureCard): Promise<Exchange> {
  const kept = op === 'AddOrUpdateCard' ? ['cardNumber'] : ['cardToken', 'cardBin', 'lastFourOfCard'];
  const identity = Object.fromEntries(kept.filter((k) => k in card.payload).map((k) => [k, card.payload[k]]));
  const body = { ...samplePayload(ctx, op, { customerId, cardNickname: runTag(ctx) }, nextCardSerial(ctx)), ...identity };
  return ctx.client.call(op, { body }, { session });
}

export async function deleteCard(ctx: HarnessContext, session: Session, customerId: string, cardId: string): Promise<Exchange> {
  const exchange = await ctx.client.call('DeleteCard', { body: { customerId, cardId } }, { session });
  if (accepted(exchange)) ctx.footprint.cardRemoved(cardId);
  return exchange;
}

/** Deletes every card this worker added and did not delete (afterAll of each suite). */
export async function removeAddedCards(ctx: HarnessContext): Promise<void> {
  const left = ctx.footprint.remaining();
  // A run that may not write added nothing: whatever is listed is not its to delete.
  if (left.length === 0 || !mayWrite(ctx)) return;
  const session = await ctx.session();
  for (const { customerId, cardId } of left) {
    const x = await deleteCard(ctx, session, customerId, cardId);
    if (transportBroken(x)) await deleteAfterLostReply(ctx, session, customerId, cardId, x);
  }
}

/**
 * A DeleteCard whose answer was lost may have deleted the card: find out (GetRegisteredCards, a read)
 * before deleting again, as a careful client does, so the footprint stays true on a flaky target.
 */
async function deleteAfterLostReply(ctx: HarnessContext, session: Session, customerId: string, cardId: string, lost: Exchange): Promise<void> {
  const list = await ctx.client.call('GetRegisteredCards', { body: { customerId } }, { session });
  const cards = (list.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
  if (transportBroken(list) || !Array.isArray(cards)) return;
  const listed = (cards as Array<Record<string, unknown>>).some((c) => c.cardId === cardId);
  const again = listed ? await deleteCard(ctx, session, customerId, cardId) : undefined;
  if (!listed) ctx.footprint.cardRemoved(cardId);
  const recovered = !again || accepted(again);
  ctx.health.case({
    property: 'clean-up: DeleteCard of a card the run added', broken: [lost.request.correlationId], reruns: 1, lostWrite: true,
    outcome: recovered ? 'recovered' : 'broken', ...(recovered ? {} : { reason: 'the card is still listed after a second DeleteCard' }),
  });
}
