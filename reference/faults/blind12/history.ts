import { history } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { ReferenceState, StoredCard, Transaction } from '../../state/index.js';

/**
 * The blind12 faults of the history query: row versions joined twice, a nullable column of the
 * token table, a cache rebuilt without the account clause, a paging index over the default page.
 * Each returns what it was given when its fault is off.
 * @see reference/faults/blind12/index.ts
 */

/** A card's transactions as the faulty query returns them. */
export function blind12CardHistory(faults: FaultSet, card: StoredCard, list: Transaction[]): Transaction[] {
  let out = list;
  // blind12-history-load-status-null-for-token-cards: the token table's LoadStatus column is nullable and never filled.
  if (faults.has('blind12-history-load-status-null-for-token-cards') && card.kind === 'token') out = out.map((t) => ({ ...t, loadStatus: null }));
  // blind12-history-duplicated-after-card-update: the join meets both row versions of an updated card.
  if (faults.has('blind12-history-duplicated-after-card-update') && card.updates > 0) out = [...out, ...out];
  return out;
}

/** blind12-history-account-filter-ignored-after-delete: the cache rebuilt after a DeleteCard has no account clause. */
export const blind12FilterIgnored = (faults: FaultSet, state: ReferenceState, customerId: string): boolean =>
  faults.has('blind12-history-account-filter-ignored-after-delete') && state.cards.listRemoved(customerId).length > 0;

/** blind12-history-paging-reference-beyond-default-window: the reference is looked up in the cached default page only. */
export function blind12Paged(faults: FaultSet, all: readonly Transaction[], reference: string | undefined, items: Transaction[]): Transaction[] {
  if (reference === undefined || !faults.has('blind12-history-paging-reference-beyond-default-window')) return items;
  const at = all.findIndex((t) => String(t.transactionId) === reference.toLowerCase());
  return at >= history.defaultPageSize ? [] : items;
}
