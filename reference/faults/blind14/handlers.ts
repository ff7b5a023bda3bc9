import type { OperationContext } from '../../operations/context.js';
import type { StoredCard } from '../../state/index.js';

/**
 * The blind14 state faults: the extra rows of the card list and the history's account filter.
 * Each is guarded by its fault; with none on, nothing is added or matched.
 * @see reference/faults/blind14/index.ts
 */

/** blind14-cards-joined-by-number-across-customers: the list joins the card table on CardNumber instead of CustomerId. */
export function blind14ExtraCards(c: OperationContext, own: readonly StoredCard[]): StoredCard[] {
  if (!c.faults.has('blind14-cards-joined-by-number-across-customers')) return [];
  const numbers = new Set(own.filter((card) => card.kind === 'number').map((card) => card.identity));
  return c.state.cards.anyValid().filter((card) => card.kind === 'number' && numbers.has(card.identity) && !own.includes(card));
}

/** blind14-history-account-filter-by-last-four: a card passes the accountId filter when its last four digits are the named card's. */
export function blind14SameLastFour(c: OperationContext, cards: readonly StoredCard[], accountId: string | undefined): (card: StoredCard) => boolean {
  const named = c.faults.has('blind14-history-account-filter-by-last-four') && accountId !== undefined ? cards.find((card) => card.cardId === accountId) : undefined;
  const lastFour = (card: StoredCard) => (card.kind === 'number' ? card.identity.slice(-4) : card.data.lastFourOfCard ?? '');
  return (card) => named !== undefined && lastFour(named) !== '' && lastFour(card) === lastFour(named);
}
