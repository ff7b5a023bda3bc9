import { defineInputCheck } from './define.js';
import type { Finding } from './finding.js';
import type { Transaction } from './history.js';

/** Invariants of GetTransactionHistory across a filter and across pages (D21, D23). */

const OP = 'GetTransactionHistory';
const ids = (list: readonly Transaction[]): string[] => list.map((t) => t.transactionId);
const time = (t: Transaction): number => Date.parse(t.createdOn);

export interface AccountFilterInput {
  readonly filtered: readonly Transaction[];
  /** The customer's unfiltered history, newest first. */
  readonly unfiltered: readonly Transaction[];
  /** True when `unfiltered` is the whole history; otherwise only items of the span it covers are judged. */
  readonly unfilteredComplete: boolean;
  /** lastFourDigits of the card named by accountId, when known (`****` is ignored). */
  readonly cardLastFour?: string;
}

/**
 * HISTORY-ACCOUNT-FILTER: every transaction returned for accountId belongs to the customer's
 * unfiltered history, and, where both carry real last four digits, to that card.
 */
export const accountFilterHonoured = defineInputCheck({
  id: 'accountFilterHonoured', requirement: 'HISTORY-ACCOUNT-FILTER', takes: 'history', expectation: 'AccountFilterInput',
  description: "filtered transactions belong to the customer's history and to that card",
  rule: (fail) => (input: AccountFilterInput): Finding[] => {
    const all = new Set(ids(input.unfiltered));
    // An incomplete list is the first page of the history: newest first, it holds everything newer
    // than its oldest item; listed oldest first (HISTORY-ORDER's concern, not a filter defect),
    // everything older than its newest; in no order, only its own time span.
    const times = input.unfiltered.map(time);
    const oldest = times.length ? Math.min(...times) : Infinity;
    const newest = times.length ? Math.max(...times) : -Infinity;
    const descending = times.every((v, i) => i === 0 || v <= times[i - 1]!);
    const ascending = times.every((v, i) => i === 0 || v >= times[i - 1]!);
    const judged = (t: Transaction) =>
      input.unfilteredComplete || (descending ? time(t) > oldest : ascending ? time(t) < newest : time(t) > oldest && time(t) < newest);
    const foreign = input.filtered.filter((t) => judged(t) && !all.has(t.transactionId));
    const four = input.cardLastFour && /^\d{4}$/.test(input.cardLastFour) ? input.cardLastFour : undefined;
    const otherCard = four ? input.filtered.filter((t) => t.lastFourDigitsOfCard && /^\d{4}$/.test(t.lastFourDigitsOfCard) && t.lastFourDigitsOfCard !== four) : [];
    const out: Finding[] = [];
    if (foreign.length) out.push(fail(OP, {
      title: 'Account filter returned foreign transactions',
      received: `${foreign.length} transaction(s) not in the customer's history, e.g. ${foreign[0]!.transactionId}`,
      documented: "accountId limits the customer's history to that card",
      evidence: { foreign: ids(foreign) }, key: ['foreign'],
    }));
    if (otherCard.length) out.push(fail(OP, {
      title: 'Account filter returned another card\'s transactions',
      received: `lastFourDigitsOfCard ${otherCard[0]!.lastFourDigitsOfCard} on ${otherCard.length} transaction(s)`,
      documented: `only transactions of the card ending ${four}`,
      evidence: { otherCard: ids(otherCard) }, key: ['other-card'],
    }));
    return out;
  },
});

export interface AccountCompletenessInput {
  /** The card's filtered history, newest first (a default page: at most 20 items). */
  readonly filtered: readonly Transaction[];
  /** The customer's unfiltered history, newest first (the default page). */
  readonly unfiltered: readonly Transaction[];
  /**
   * The card's last four digits, given only where they name its transactions alone: a customer
   * this run created, cards registered by number with distinct last four digits, none deleted.
   */
  readonly cardLastFour: string;
  /** Size of a default page: a filtered page this long may have left older transactions out. */
  readonly pageSize: number;
}

/**
 * HISTORY-ACCOUNT-FILTER: a transaction of the unfiltered history that carries the card's last
 * four digits is in that card's filtered history. A transaction is among the card's newest
 * whenever it is among the customer's newest, so only a filtered page cut by its size leaves
 * older ones out; there, ties with its oldest item may fall either side and are not judged.
 * A transaction without the card's digits (a cash pickup may carry none) is never asked for.
 */
export const accountFilterComplete = defineInputCheck({
  id: 'accountFilterComplete', requirement: 'HISTORY-ACCOUNT-FILTER', takes: 'history', expectation: 'AccountCompletenessInput',
  description: "a transaction carrying the card's unique last four digits is in that card's filtered history",
  rule: (fail) => (input: AccountCompletenessInput): Finding[] => {
    const got = new Set(ids(input.filtered));
    const cut = input.filtered.length >= input.pageSize;
    const oldest = Math.min(...input.filtered.map(time));
    const missing = input.unfiltered.filter((t) =>
      t.lastFourDigitsOfCard === input.cardLastFour && !got.has(t.transactionId) && (!cut || time(t) > oldest));
    if (missing.length === 0) return [];
    return [fail(OP, {
      title: 'Account filter left out the card\'s transactions',
      received: `${missing.length} transaction(s) ending ${input.cardLastFour} in the unfiltered history missing from the card's, e.g. ${missing[0]!.transactionId}`,
      documented: "accountId limits the customer's history to that card: its transactions stay",
      evidence: { missing: ids(missing), filtered: ids(input.filtered) }, key: ['incomplete'],
    })];
  },
});

export interface HistoryPage {
  readonly totalRecords: unknown;
  readonly transactions: readonly Transaction[];
}

/** HISTORY-TOTAL (D23): totalRecords is the same on every page and not below the distinct transactions paged through. */
export const totalRecordsStable = defineInputCheck({
  id: 'totalRecordsStable', requirement: 'HISTORY-TOTAL', takes: 'history', expectation: 'HistoryPage[]',
  description: 'totalRecords equal on every page and not below what was paged (D23)',
  rule: (fail) => (pages: readonly HistoryPage[]): Finding[] => {
    const totals = [...new Set(pages.map((p) => p.totalRecords))];
    const seen = new Set(pages.flatMap((p) => ids(p.transactions))).size;
    const out: Finding[] = [];
    if (totals.length > 1) out.push(fail(OP, {
      title: 'totalRecords changes between pages',
      received: `totalRecords ${totals.map(String).join(', ')} over ${pages.length} pages`,
      documented: 'the same totalRecords on every page', key: ['unstable'],
    }));
    const top = totals.filter((t): t is number => typeof t === 'number');
    if (totals.length === 1 && top.length === 1 && top[0]! < seen) out.push(fail(OP, {
      title: 'totalRecords below the transactions paged through',
      received: `totalRecords ${top[0]} after ${seen} distinct transactions`,
      documented: `totalRecords of at least ${seen}`, key: ['below'],
    }));
    return out;
  },
});
