import type { PartnerSession } from '../state/index.js';

/**
 * State a catalogue fault keeps beside the reference's own stores, keyed weakly by the partner
 * session it belongs to, so a fresh reference (and a closed session) starts without any.
 * @see reference/faults/stateful.ts tcard-list-session-only
 */

/** tcard-list-session-only: the cardIds each session added. */
const addedBySession = new WeakMap<PartnerSession, Set<string>>();

export function rememberAdded(session: PartnerSession, cardId: string): void {
  let ids = addedBySession.get(session);
  if (!ids) addedBySession.set(session, (ids = new Set()));
  ids.add(cardId);
}

/** Whether `session` added the card (the faulty list shows no other). */
export function addedIn(session: PartnerSession, cardId: string): boolean {
  return addedBySession.get(session)?.has(cardId) === true;
}

/** sattr-filter-deleted-after-obo-accepted: the cardIds the OBO customer held when the session's last AuthenticateOBO ran. */
const cardsAtObo = new WeakMap<PartnerSession, Set<string>>();

export function rememberCardsAtObo(session: PartnerSession, cardIds: readonly string[]): void {
  cardsAtObo.set(session, new Set(cardIds));
}

/** Whether the customer held `cardId` when the session's last AuthenticateOBO ran. */
export function heldAtObo(session: PartnerSession, cardId: string): boolean {
  return cardsAtObo.get(session)?.has(cardId) === true;
}
