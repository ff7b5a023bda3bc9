import { history, responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { addCard, addTokenizedCard } from '../state/cards.js';
import { enrollCustomer } from '../state/enrolment.js';
import type { FamilyUse } from '../state/family.js';
import { reusableCustomer } from '../state/find-again.js';

/** A card a scenario made, with what names it on the target. */
export interface ScenarioCard {
  readonly cardId: string;
  /** The card number or the card token. */
  readonly identity: string;
  readonly kind: 'number' | 'token';
  readonly payload: Record<string, unknown>;
}

export interface ScenarioCustomer {
  readonly customerId: string;
  readonly ssn: string;
  readonly dateOfBirth: string;
}

/** A freshly enrolled customer of this scenario (fresh identity: its SSN is nobody else's). */
export async function freshCustomer(ctx: HarnessContext, session: Session): Promise<ScenarioCustomer> {
  const { customerId, ssn, dateOfBirth } = await enrollCustomer(ctx, session);
  return { customerId, ssn, dateOfBirth };
}

/**
 * A customer of the scenario, whose cards the run deletes (its own, or the stranger whose cards
 * must stay out of reach): one of the run family where the run has one (found again on later nights
 * with no card, find-again.ts: the cards it is given tonight are all the scenario relies on), else a fresh one.
 */
export async function ownCustomer(ctx: HarnessContext, session: Session, use: FamilyUse): Promise<ScenarioCustomer> {
  return (await reusableCustomer(ctx, session, use)) ?? freshCustomer(ctx, session);
}

/** A card added by number for `customerId` (a fresh number unless `cardNumber` is given). */
export async function numberCard(ctx: HarnessContext, session: Session, customerId: string, overrides: Record<string, unknown> = {}, maxDigits?: number): Promise<ScenarioCard> {
  const { cardId, payload } = await addCard(ctx, session, customerId, overrides, maxDigits);
  return { cardId, identity: String(payload.cardNumber), kind: 'number', payload };
}

/**
 * A tokenized card for `customerId`, through the fixture's own add (state/cards.ts): a token new by
 * construction, of letters and digits only. A drawn token may hold a comma or surrounding spaces,
 * and then no comma-separated AccountNumberFilter can name it: a prefix of it split into entries
 * that were no prefix, and a target matching prefixes passed (CI, one process id in six).
 */
export async function tokenCard(ctx: HarnessContext, session: Session, customerId: string): Promise<ScenarioCard> {
  const { cardId, payload } = await addTokenizedCard(ctx, session, customerId);
  ctx.client.redactor.learn(String(payload.cardToken), 'cardToken');
  return { cardId, identity: String(payload.cardToken), kind: 'token', payload };
}

/** The cards of a list answer (GetRegisteredCards, an add-or-update), [] when it carries none. */
export function cardsOf(x: Exchange): Array<Record<string, unknown>> {
  const cards = (x.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
  return Array.isArray(cards) ? cards.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null) : [];
}

/** The transactions of a history answer, [] when it carries none. */
export function transactionsOf(x: Exchange): Array<Record<string, unknown>> {
  const list = (x.response?.json as Record<string, unknown> | undefined)?.[history.listMember];
  return Array.isArray(list) ? list.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null) : [];
}

/** The transactions of `x` whose transactionId is in `ids` (lower case: a GUID's letter case is not fixed). */
export const transactionsAmong = (x: Exchange, ids: ReadonlySet<string>): Array<Record<string, unknown>> =>
  transactionsOf(x).filter((t) => typeof t.transactionId === 'string' && ids.has(t.transactionId.toLowerCase()));

/** The transactionIds `x` lists, in lower case, to compare with transactionsAmong. */
export const transactionIds = (x: Exchange): Set<string> =>
  new Set(transactionsOf(x).map((t) => t.transactionId).filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()));

export const sameGuid = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
