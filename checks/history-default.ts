import { history } from '../contract/resources.js';
import { defineInputCheck } from './define.js';
import type { Finding } from './finding.js';
import type { Transaction } from './history.js';

const OP = 'GetTransactionHistory';
const time = (t: Transaction): number => Date.parse(t.createdOn);

export interface DefaultPageInput {
  /** The page asked without pageSize or paging reference. */
  readonly defaultPage: readonly Transaction[];
  /** The page asked with pageSize (1..10) and no paging reference: the newest pageSize transactions. */
  readonly firstPage: readonly Transaction[];
  readonly pageSize: number;
}

/**
 * HISTORY-PAGE-SIZE: "by default the 20 most recent are returned", so the default page holds
 * every transaction of the first pageSize page (pageSize <= 10 < 20). A default page shorter
 * than 20 is the whole history; a full one may leave out ties with its oldest item, which are
 * not judged. Order within pages is HISTORY-ORDER's concern, so only membership is compared.
 * @see interface.md GetTransactionHistory (pageSize), Limits
 */
export const defaultPageMostRecent = defineInputCheck({
  id: 'defaultPageMostRecent', requirement: 'HISTORY-PAGE-SIZE', takes: 'history', expectation: 'DefaultPageInput',
  description: 'the default page holds the newest transactions of the first pageSize page (the 20 most recent)',
  rule: (fail) => (input: DefaultPageInput): Finding[] => {
    const held = new Set(input.defaultPage.map((t) => t.transactionId));
    const full = input.defaultPage.length >= history.defaultPageSize;
    const oldest = Math.min(...input.defaultPage.map(time));
    const missing = input.firstPage.filter((t) => !held.has(t.transactionId) && (!full || time(t) > oldest));
    if (missing.length === 0) return [];
    return [fail(OP, {
      title: 'Default page is not the most recent transactions',
      received: `${missing.length} of the ${input.firstPage.length} newest transactions (pageSize ${input.pageSize}) missing from the default page of ${input.defaultPage.length}, e.g. ${missing[0]!.transactionId} created ${missing[0]!.createdOn}`,
      documented: `by default the ${history.defaultPageSize} most recent transactions`,
      evidence: { missing: missing.map((t) => t.transactionId), defaultPage: input.defaultPage.map((t) => t.transactionId) }, key: ['not-most-recent'],
    })];
  },
});

/** The same two pages as DefaultPageInput: the default page of the same filter, and its pageSize page from the newest. */
export type FirstPageInput = DefaultPageInput;

/**
 * HISTORY-PAGE-SIZE: pageSize is "Transactions per page" and D23 has 1..10 honoured, so the first
 * page (no paging reference, where D22's pageSize + 1 does not arise) holds pageSize transactions
 * wherever that many match its filter. The default page of the same filter holds at most the
 * matching ones, so min(pageSize, its length) is a floor any reading meets (blind11: a page cut
 * from the whole history, then filtered to the card, held fewer).
 * @see interface.md GetTransactionHistory (pageSize); decisions.md D23
 */
export const firstPageFilled = defineInputCheck({
  id: 'firstPageFilled', requirement: 'HISTORY-PAGE-SIZE', takes: 'history', expectation: 'FirstPageInput',
  description: 'a pageSize page from the newest holds min(pageSize, the transactions its filter matches)',
  rule: (fail) => (input: FirstPageInput): Finding[] => {
    const floor = Math.min(input.pageSize, input.defaultPage.length);
    if (input.pageSize < 1 || input.firstPage.length >= floor) return [];
    return [fail(OP, {
      title: 'Page holds fewer transactions than pageSize',
      received: `${input.firstPage.length} transactions for pageSize ${input.pageSize}, while the default page of the same query holds ${input.defaultPage.length}`,
      documented: `${floor} (pageSize ${input.pageSize}: "Transactions per page", D23)`,
      evidence: { firstPage: input.firstPage.map((t) => t.transactionId), defaultPage: input.defaultPage.map((t) => t.transactionId) }, key: ['short-first-page'],
    })];
  },
});
