import type { Fault } from './types.js';

/**
 * Faults of GetTransactionHistory that break what the contract fixes beyond its open points
 * (D22, D23, D30 leave room; these stay outside it). Each is caught by the history suite.
 */
export const historyFaults: Fault[] = [
  { name: 'paging-starts-after-reference', requirement: 'HISTORY-PAGING', breaks: 'a page asked from a paging reference starts with the transaction after it, leaving the referenced one out' },
  { name: 'total-records-page-count', requirement: 'HISTORY-TOTAL', breaks: 'totalRecords counts the transactions on the returned page instead of every record matching the filter' },
  { name: 'account-filter-empty', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'a history filtered by the accountId of one of the customer\'s cards is always empty' },
  { name: 'account-filter-partial', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'a history filtered by accountId leaves out every second transaction of that card' },
  { name: 'default-page-oldest', requirement: 'HISTORY-PAGE-SIZE', breaks: 'a page asked without pageSize holds the 20 oldest transactions (listed newest first) instead of the 20 most recent' },
  { name: 'history-page-size-ten-default', requirement: 'HISTORY-PAGE-SIZE', breaks: 'pageSize 10, the documented maximum, is taken for "no limit" (`if (pageSize >= MaxPageSize) pageSize = DefaultPageSize`), so 20 transactions come back' },
  { name: 'history-paging-gap-after-delete', requirement: 'HISTORY-PAGING', breaks: 'once one of the customer\'s cards was deleted, a page asked from a paging reference leaves out the transaction right after the reference (the paging index of the cache rebuilt after the delete is off by one); "it and the next pageSize older transactions are returned"' },
  { name: 'history-first-page-one-short', requirement: 'HISTORY-PAGE-SIZE', breaks: 'a page asked with pageSize 2..10 from the newest, no accountId, holds pageSize - 1 transactions (the paging query\'s TOP pageSize - 1 used for the first page too); "pageSize | Transactions per page"' },
  { name: 'history-unknown-reference-500', requirement: 'GEN-NO-5XX', breaks: 'an accountId or paging reference that names nothing of the customer is answered 500' },
  { name: 'history-unknown-reference-plain-text', requirement: 'ERR-JSON-BODY', breaks: 'an accountId or paging reference that names nothing of the customer is refused with 404 and a text/plain body' },
];
