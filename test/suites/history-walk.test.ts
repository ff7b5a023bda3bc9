import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../checks/index.js';
import type { HistoryCase } from '../../suites/lib/history/case.js';
import type { HistoryPage, HistoryQuery } from '../../suites/lib/history/probe.js';
import { walkedBeyondFirstPage, walkPages } from '../../suites/lib/history/walk.js';

/** A history of `n` transactions served by either D22 reading, recording the queries it got. */
function served(n: number, plusOne: boolean) {
  const all: Transaction[] = Array.from({ length: n }, (_, i) => ({ transactionId: `t${i}`, createdOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString() }));
  const queries: HistoryQuery[] = [];
  const page = async (q: HistoryQuery = {}): Promise<HistoryPage> => {
    queries.push(q);
    const start = q.pagingTransactionReferenceNumber ? all.findIndex((t) => t.transactionId === q.pagingTransactionReferenceNumber) : 0;
    const size = (q.pageSize ?? 20) + (q.pagingTransactionReferenceNumber && plusOne ? 1 : 0);
    return { exchange: {} as HistoryPage['exchange'], ok: true, transactions: all.slice(start, start + size), totalRecords: n };
  };
  return { c: { page } as unknown as HistoryCase, queries };
}

describe('walkPages', () => {
  it.each([false, true])('walks on from the last item of each page (pageSize + 1 reading: %s)', async (plusOne) => {
    const { c, queries } = served(12, plusOne);
    const pages = (await walkPages(c, { pageSize: 4 }, 4))!;
    expect(new Set(pages.flatMap((p) => p.transactions.map((t) => t.transactionId))).size).toBe(12);
    expect(queries[1]).toEqual({ pageSize: 4, pagingTransactionReferenceNumber: 't3' });
    expect(walkedBeyondFirstPage(pages)).toBe(true);
  });
  it('stops at the end of a history that fits one page, which it does not count as paged beyond', async () => {
    const { c, queries } = served(3, false);
    const pages = (await walkPages(c, { pageSize: 4 }, 4))!;
    expect(queries).toHaveLength(1);
    expect(walkedBeyondFirstPage(pages)).toBe(false);
  });
  it('asks at most the given number of pages', async () => {
    const { c, queries } = served(40, false);
    await walkPages(c, { pageSize: 2 }, 3);
    expect(queries).toHaveLength(3);
  });
});
