import type { RequirementId } from '../../contract/requirements.js';
import { sameId, type DeletedCard, type ModelCard, type ModelCustomer } from '../../oracles/model/state.js';
import type { CardIdPrediction } from '../../oracles/model/expect.js';
import { before, overlap, type Book, type Span } from './book.js';
import type { CardEvent } from './card-events.js';

/**
 * A customer's cards as the traffic shows them just before an exchange: the stateful model's own
 * shapes (oracles/model/state.ts), so its list and card-id rules judge recorded traffic as they
 * judge the run's sequences. Only what the traffic proves is held: a card registered before the
 * recording is unknown, never missing; a change in flight beside the judged exchange makes the
 * cards it touches uncertain.
 */
export interface CardsAt {
  /** Held and deleted cards the traffic proves, the uncertain ones left out. */
  readonly customer: ModelCustomer;
  /** Card ids (lower case) and identities a concurrent change touches. */
  readonly uncertain: ReadonlySet<string>;
  /** An add-or-update of this customer was sent before (or beside) the judged exchange, and not refused in a way that adds no card. */
  readonly attempted: boolean;
}

const same = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

const successOf = (e: CardEvent): RequirementId => (e.cardKind === 'token' ? 'TCARD-SUCCESS' : 'CARD-SUCCESS');

/** The transition an add-or-update of a held card makes, or undefined where the States table says nothing. */
export function transitionOf(held: Pick<ModelCard, 'kind' | 'payload'>, payload: Readonly<Record<string, unknown>>): RequirementId | undefined {
  if (same(held.payload, payload)) return 'STATE-CARD-IDENTICAL';
  if (held.kind === 'number') return 'STATE-CARD-CHANGED';
  const differs = Object.keys({ ...held.payload, ...payload }).filter((k) => JSON.stringify(held.payload[k]) !== JSON.stringify(payload[k]));
  return differs.length === 1 && differs[0] === 'expirationMonthYear' ? 'STATE-TCARD-CHANGED' : undefined;
}

function apply(held: ModelCard[], deleted: DeletedCard[], lost: Set<string>, e: CardEvent): void {
  if (e.unanswered) {
    // Done or not, nobody saw: the card it named (or any card of the identity it sent) is neither predicted listed nor gone.
    if (e.cardId) lost.add(e.cardId.toLowerCase());
    if (e.identity) lost.add(e.identity);
    for (const c of held.filter((k) => e.identity !== '' && k.identity === e.identity)) lost.add(c.cardId.toLowerCase());
    return;
  }
  if (!e.ok || !e.cardId) return;
  if (e.kind === 'delete') {
    const card = held.find((c) => sameId(c.cardId, e.cardId));
    if (card) held.splice(held.indexOf(card), 1);
    deleted.push({ cardId: e.cardId, kind: card?.kind ?? 'number', identity: card?.identity ?? '', payload: card?.payload ?? {} });
    return;
  }
  const byId = held.find((c) => sameId(c.cardId, e.cardId));
  if (byId) {
    const because = transitionOf(byId, e.payload) ?? (e.cardKind === 'token' ? 'STATE-TCARD-CHANGED' : 'STATE-CARD-CHANGED');
    if (byId.payload.expirationMonthYear !== e.payload.expirationMonthYear) byId.expirationFrom = because;
    if (byId.payload.cardNickname !== e.payload.cardNickname) byId.nicknameFrom = because;
    Object.assign(byId, { identity: e.identity, payload: e.payload, listedBecause: because, mayBeGone: false });
    return;
  }
  const byIdentity = held.find((c) => c.kind === e.cardKind && c.identity === e.identity);
  if (byIdentity) {
    // The target gave a held card another id (its add-or-update was judged then): predict neither any more.
    held.splice(held.indexOf(byIdentity), 1);
    lost.add(byIdentity.cardId.toLowerCase()).add(e.cardId.toLowerCase());
    return;
  }
  // A new token may replace a tokenized card or sit beside it (not documented): the others' presence is no longer
  // predicted; their data still is where they are listed, since the new token's answer named another cardId.
  if (e.cardKind === 'token') for (const c of held.filter((k) => k.kind === 'token')) c.mayBeGone = true;
  const because = deleted.some((d) => d.identity === e.identity) ? 'STATE-CARD-DELETED' : successOf(e);
  held.push({ label: `card ${e.cardId.slice(0, 8)}…`, cardId: e.cardId, kind: e.cardKind!, identity: e.identity, payload: e.payload, listedBecause: because, expirationFrom: because, nicknameFrom: because });
}

/** The cards of `customerId` as the traffic knows them when `at` starts. */
export function cardsAt(book: Book, customerId: string, at: Span): CardsAt {
  const events = book.cardEventsOf(customerId).filter((e) => e.index !== at.index);
  const held: ModelCard[] = [];
  const deleted: DeletedCard[] = [];
  const lost = new Set<string>();
  for (const e of events) if (before(e, at)) apply(held, deleted, lost, e);
  const uncertain = new Set(lost);
  for (const e of events.filter((x) => overlap(x, at))) {
    if (e.cardId) uncertain.add(e.cardId.toLowerCase());
    if (e.identity) uncertain.add(e.identity);
    for (const c of held.filter((k) => k.identity === e.identity && e.identity !== '')) uncertain.add(c.cardId.toLowerCase());
  }
  const certain = (c: { cardId: string; identity: string }) => !uncertain.has(c.cardId.toLowerCase()) && !uncertain.has(c.identity);
  const attempted = events.some((e) => e.kind === 'upsert' && !e.refusedNoCard && !before(at, e));
  return {
    customer: {
      label: `customer ${customerId.slice(0, 8)}…`, customerId, ssn: '', email: '', dateOfBirth: '',
      cards: held.filter(certain), everHadCard: held.length > 0 || attempted, declined: [], deleted: deleted.filter(certain),
    },
    uncertain, attempted,
  };
}

/**
 * What an add-or-update answer's cardId must be, from the cards before it: the held card's own
 * (identical data, or a change of a card number's data, or a tokenized card's expiration), a new
 * entry after a delete, or an id of its own for a new card number.
 */
export function cardIdPrediction(state: CardsAt, e: CardEvent): CardIdPrediction | undefined {
  if (state.uncertain.has(e.identity)) return undefined;
  const { cards, deleted } = state.customer;
  const held = cards.find((c) => c.kind === e.cardKind && c.identity === e.identity);
  // A card a later token may have replaced: whether its token updates it or adds another is not known.
  if (held?.mayBeGone) return undefined;
  if (held) {
    const requirement = transitionOf(held, e.payload);
    return requirement ? { requirement, same: held.cardId, documented: requirement === 'STATE-CARD-IDENTICAL' ? 'the same cardId (the card is unchanged)' : 'the same cardId after a change of its data' } : undefined;
  }
  const gone = deleted.filter((d) => d.identity === e.identity);
  if (gone.length) return { requirement: 'STATE-CARD-DELETED', notAny: gone.map((d) => d.cardId), documented: 'adding a deleted card again creates a different card entry' };
  // A new token may update a tokenized card in place (not documented): only a card number's new entry is asserted.
  if (e.cardKind !== 'number') return undefined;
  const known = [...cards.map((c) => c.cardId), ...deleted.map((d) => d.cardId)];
  return known.length ? { requirement: successOf(e), notAny: known, documented: 'a new card gets a cardId of its own' } : undefined;
}
