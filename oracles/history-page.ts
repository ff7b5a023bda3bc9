import { historyMatchesSchema, newestFirst, pageWithinBounds, transactionsUnique, type Transaction } from '../checks/index.js';
import { hasResponse, is2xx, type Responded } from '../checks/support.js';
import { history } from '../contract/index.js';
import type { Oracle } from './oracle.js';

/**
 * What every success of GetTransactionHistory shows, whatever it was asked for: the page's shape,
 * newest first, each transaction once, and no more items than the query allows (D22). The run judges every history page
 * it receives by them (suites/lib/history/case.ts), as the audit judges every recorded one: a
 * rule checked on one property's pages only was missed one query further (blind10: an empty page
 * answered `searchResults: null`).
 */

/** A history page as the input checks take it: well-formed items, in list order. */
export const pageTransactions = (x: Responded): Transaction[] => {
  const list = (x.response.json as Record<string, unknown> | undefined)?.[history.listMember];
  return Array.isArray(list) ? list.filter((t): t is Transaction => !!t && typeof t === 'object' && typeof t.transactionId === 'string' && typeof t.createdOn === 'string') : [];
};

const on2xx = (x: Parameters<Oracle['applies']>[0]) => hasResponse(x) && is2xx(x.response.status);

/** The oracles of a page asked with `query` (its values as sent: a pageSize that is no whole number bounds nothing). */
export function historyPageOracles(query: { readonly pageSize?: unknown; readonly pagingTransactionReferenceNumber?: unknown }): Oracle[] {
  const raw = query.pageSize === undefined ? undefined : String(query.pageSize);
  const size = raw !== undefined && /^[0-9]+$/.test(raw) ? Number(raw) : undefined;
  const shape: Oracle = { id: historyMatchesSchema.id, requirements: ['HISTORY-SHAPE'], applies: on2xx, run: (x) => historyMatchesSchema(x as Responded, undefined) };
  if (raw !== undefined && size === undefined) return [shape];
  const page = { ...(size === undefined ? {} : { pageSize: size }), withReference: query.pagingTransactionReferenceNumber !== undefined };
  // Order needs two items and a bound one at least: an empty page checks neither (a history-less target leaves them not covered).
  const holding = (n: number) => (x: Parameters<Oracle['applies']>[0]) => on2xx(x) && pageTransactions(x as Responded).length >= n;
  return [
    shape,
    { id: newestFirst.id, requirements: ['HISTORY-ORDER'], applies: holding(2), run: (x) => newestFirst(pageTransactions(x as Responded)) },
    { id: pageWithinBounds.id, requirements: ['HISTORY-PAGE-SIZE'], applies: holding(1), run: (x) => pageWithinBounds(pageTransactions(x as Responded), page) },
    // Every page, whatever its query: a transaction listed twice after a card write (blind12) shows on any of them.
    { id: transactionsUnique.id, requirements: ['HISTORY-PAGING'], applies: holding(2), run: (x) => transactionsUnique(pageTransactions(x as Responded)) },
  ];
}
