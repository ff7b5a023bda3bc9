import { customerIdQuery, versionParameter } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';
import type { ReferenceState, StoredCard, Transaction } from '../state/index.js';
import { historyOf } from '../state/index.js';

/**
 * Faults of the history classes blind batch 15 showed missing, each on another trigger than the
 * blind fault: totalRecords of a filtered history counted without its filter on one kind of page
 * (blind15: a page asked from a paging reference; here the first page asked with a pageSize), and
 * transactions joined to the customer's cards on the card's identity across customers (blind15: the
 * card number; here the token). With none on, every function returns what it was given.
 */
export const historyClassFaults: Fault[] = [
  { name: 'history-total-unfiltered-when-sized-account', requirement: 'HISTORY-TOTAL', breaks: 'with accountId and a pageSize, the first page (no paging reference) counts the customer\'s whole history in totalRecords while the default page of the same accountId counts the card\'s (D23: totalRecords the same on every page)' },
  { name: 'history-filters-after-version-lost', requirement: 'VERSION-QUERY', breaks: 'GetTransactionHistory binds customerId by name, but its filter object (accountId, paging reference, pageSize) with a binder that walks the query string in order and stops at the first key it does not know, so the filters after ?apiVersion=1 are lost and the whole default history is answered, though the version may be "selected by ... a query string parameter"' },
  { name: 'history-joined-by-token-across-customers', requirement: 'OWNERSHIP-CARDS', breaks: 'GetTransactionHistory joins the customer\'s tokenized cards to transactions on the card token, so another customer\'s card of the same token adds its transactions to this customer\'s history, unfiltered and under the accountId of the customer\'s own card (D45: another customer\'s card is never listed)' },
];

/**
 * history-total-unfiltered-when-sized-account: the count query of the sized first page drops the
 * account clause. `whole` is the customer's unfiltered count, `total` the filter's.
 */
export function sizedAccountTotal(faults: FaultSet, page: { filtering: boolean; sized: boolean; reference: string | undefined }, whole: () => number, total: number): number {
  return faults.has('history-total-unfiltered-when-sized-account') && page.filtering && page.sized && page.reference === undefined ? whole() : total;
}

/**
 * history-joined-by-token-across-customers: a tokenized card's transactions are every card's of
 * that token, whoever holds it (`WHERE t.CardToken = c.CardToken`, no customer clause).
 */
export function tokenJoinedHistory(faults: FaultSet, state: ReferenceState, card: StoredCard, list: Transaction[]): Transaction[] {
  if (!faults.has('history-joined-by-token-across-customers') || card.kind !== 'token') return list;
  const holders = state.cards.anyValid().filter((other) => other.kind === 'token' && other.identity === card.identity && other.cardId !== card.cardId);
  return [...list, ...holders.flatMap(historyOf)];
}

/**
 * history-filters-after-version-lost: the values the filter binder kept, those after apiVersion in
 * the query string left out (customerId, bound by name, stays). A request with the version in the
 * header, or last in the query string, keeps them all.
 */
export function filtersBeforeVersion<V>(faults: FaultSet, url: string, values: Readonly<Record<string, V>>): Readonly<Record<string, V>> {
  if (!faults.has('history-filters-after-version-lost') || !url.includes('?')) return values;
  const names = [...new URLSearchParams(url.slice(url.indexOf('?') + 1)).keys()];
  const at = names.indexOf(versionParameter);
  if (at < 0) return values;
  const lost = new Set(names.slice(at + 1).filter((name) => name !== customerIdQuery.name));
  return Object.fromEntries(Object.entries(values).filter(([name]) => !lost.has(name)));
}
