import { history } from '../contract/resources.js';
import { operation } from '../contract/operations.js';
import { defineInputCheck } from './define.js';
import type { Finding } from './finding.js';

/**
 * Invariants of GetTransactionHistory over pages (D21-D23). They take transactions, not
 * exchanges: a suite collects pages first. Malformed items are historyMatchesSchema's concern.
 */
export interface Transaction {
  readonly transactionId: string;
  readonly createdOn: string;
  readonly lastFourDigitsOfCard?: string;
}

const OP = 'GetTransactionHistory';
const pageSizeRange = operation(OP).fields.find((f) => f.name === 'pageSize')!.range!;
const ids = (list: readonly Transaction[]): string[] => list.map((t) => t.transactionId);
const time = (t: Transaction): number => Date.parse(t.createdOn);

/** HISTORY-ORDER: createdOn never increases down the list (newest first). */
export const newestFirst = defineInputCheck({
  id: 'newestFirst', requirement: 'HISTORY-ORDER', takes: 'history', expectation: 'Transaction[]',
  description: 'createdOn never increases down the list',
  rule: (fail) => (transactions: readonly Transaction[]): Finding[] => {
    for (let i = 1; i < transactions.length; i++) {
      const [a, b] = [transactions[i - 1]!, transactions[i]!];
      if (time(b) > time(a)) {
        return [fail(OP, {
          title: 'History not newest first',
          received: `item ${i} created ${b.createdOn} after item ${i - 1} created ${a.createdOn}`,
          documented: 'the most recent transactions first',
          evidence: { index: i, earlier: a.transactionId, later: b.transactionId },
        })];
      }
    }
    return [];
  },
});

/**
 * HISTORY-PAGING: each transaction once, on a page ("the next pageSize older transactions") and across
 * the pages of a walk given without the items each repeats by design (blind12: rows joined twice).
 */
export const transactionsUnique = defineInputCheck({
  id: 'transactionsUnique', requirement: 'HISTORY-PAGING', takes: 'history', expectation: 'Transaction[]',
  description: 'no transactionId twice on a page, nor across the pages of one walk',
  rule: (fail) => (transactions: readonly Transaction[]): Finding[] => {
    const seen = new Map<string, number>();
    for (const [i, t] of transactions.entries()) {
      const id = t.transactionId.toLowerCase();
      const first = seen.get(id);
      if (first !== undefined)
        return [fail(OP, { title: 'Transaction listed twice', received: `${t.transactionId} at items ${first} and ${i}`, documented: 'each transaction once: "it and the next pageSize older transactions"', evidence: { transactionId: t.transactionId, first, again: i } })];
      seen.set(id, i);
    }
    return [];
  },
});

export interface PageRequest {
  /** pageSize sent; undefined when none was sent. */
  readonly pageSize?: number;
  /** True when pagingTransactionReferenceNumber was sent (D22 allows pageSize + 1 then). */
  readonly withReference?: boolean;
}

/** The most items a page may hold, or undefined where nothing is asserted (pageSize 0 or out of range, D23). */
export function pageLimit(request: PageRequest): number | undefined {
  const extra = request.withReference ? 1 : 0;
  if (request.pageSize === undefined) return history.defaultPageSize + extra;
  if (request.pageSize < pageSizeRange.min || request.pageSize > pageSizeRange.max) return undefined;
  return request.pageSize + extra;
}

/** HISTORY-PAGE-SIZE: at most 20 by default, at most pageSize for 1..10 (+1 with a paging reference, D22). */
export const pageWithinBounds = defineInputCheck({
  id: 'pageWithinBounds', requirement: 'HISTORY-PAGE-SIZE', takes: 'history', expectation: 'Transaction[], PageRequest',
  description: 'at most 20 by default, pageSize for 1..10, +1 with a paging reference (D22)',
  rule: (fail) => (page: readonly Transaction[], request: PageRequest): Finding[] => {
    const limit = pageLimit(request);
    if (limit === undefined || page.length <= limit) return [];
    return [fail(OP, {
      title: 'Page larger than requested',
      received: `${page.length} transactions for pageSize ${request.pageSize ?? 'not sent'}${request.withReference ? ' with a paging reference' : ''}`,
      documented: `at most ${limit}`,
      key: [request.pageSize ?? 'default', request.withReference ? 'ref' : 'noref'],
    })];
  },
});

export type PagingReading = 'pageSize' | 'pageSize+1';

export interface PagingInput {
  /** The customer's history newest first, as far as the harness knows it (e.g. the default page). */
  readonly known: readonly Transaction[];
  /** True when `known` is the whole history (it was shorter than the default page). */
  readonly knownComplete: boolean;
  readonly reference: string;
  readonly pageSize: number;
  readonly page: readonly Transaction[];
}

export interface PagingResult {
  readonly findings: Finding[];
  /** Which D22 reading the page showed; undefined when the page cannot tell them apart. */
  readonly reading?: PagingReading;
}

/**
 * HISTORY-PAGING (D22): the page starts with the referenced transaction and continues the
 * known history without gap, duplicate or foreign item, holding pageSize or pageSize + 1
 * items (either reading; the result names the one observed). A reference outside `known`
 * asserts nothing (D30).
 */
export const pagingContinues = defineInputCheck({
  id: 'pagingContinues', requirement: 'HISTORY-PAGING', takes: 'history', expectation: 'PagingInput',
  description: 'a page starts at its reference and continues without gap or duplicate; names the D22 reading',
  rule: (report) => (input: PagingInput): PagingResult => {
    const { known, knownComplete, reference, pageSize, page } = input;
    const start = ids(known).indexOf(reference);
    if (start < 0) return { findings: [] };
    const rest = ids(known.slice(start));
    const got = ids(page);
    const fail = (received: string, documented: string, fact: string): PagingResult => ({
      findings: [report(OP, {
        title: 'Paging does not continue the history', received, documented,
        evidence: { reference, pageSize, page: got, expectedPrefix: rest.slice(0, pageSize + 1) }, key: [fact],
      })],
    });
    if (got[0] !== reference) return fail(`a page starting with ${got[0] ?? 'nothing'}`, `the referenced transaction ${reference} first`, 'first');
    const overlap = Math.min(got.length, rest.length);
    for (let i = 1; i < overlap; i++) {
      if (got[i] !== rest[i]) {
        const what = got.indexOf(got[i]!) < i ? 'a duplicate' : rest.includes(got[i]!) ? 'a gap' : 'a foreign transaction';
        return fail(`${what} at item ${i}: ${got[i]}`, `${rest[i]} (the next older transaction)`, what);
      }
    }
    if (knownComplete && got.length > rest.length) return fail(`${got.length} items, ${got.length - rest.length} beyond the end of the history`, `at most ${rest.length}`, 'beyond-end');
    const short = Math.min(pageSize, rest.length);
    if (got.length < short) return fail(`${got.length} items while ${rest.length} older-or-equal transactions exist`, `${short} (pageSize ${pageSize}) or ${short + 1} (D22)`, 'short');
    const available = knownComplete ? rest.length : Infinity;
    const asPageSize = Math.min(pageSize, available);
    const asPlusOne = Math.min(pageSize + 1, available);
    if (asPageSize === asPlusOne) return { findings: [] };
    if (got.length === asPageSize) return { findings: [], reading: 'pageSize' };
    if (got.length === asPlusOne) return { findings: [], reading: 'pageSize+1' };
    return { findings: [] }; // longer pages are pageWithinBounds' concern
  },
});
