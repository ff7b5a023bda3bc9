import { describe, expect, it } from 'vitest';
import {
  accountFilterComplete, accountFilterHonoured, defaultPageMostRecent, newestFirst, pageWithinBounds, pagingContinues, totalRecordsStable, transactionsUnique, type Transaction,
} from '../../checks/index.js';

/** t(0) is the newest; ids `t0`, `t1`, ... one minute apart. */
const t = (i: number, lastFour = '1111'): Transaction => ({
  transactionId: `t${i}`, createdOn: new Date(Date.UTC(2024, 4, 1) - i * 60_000).toISOString(), lastFourDigitsOfCard: lastFour,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => t(from + k));

describe('newestFirst', () => {
  it('passes a non-increasing list, equal times included', () => {
    expect(newestFirst([t(0), t(1), { ...t(2), createdOn: t(1).createdOn }])).toEqual([]);
  });
  it('fails an older item before a newer one', () => {
    const [f] = newestFirst([t(0), t(2), t(1)]);
    expect(f?.message).toMatchInlineSnapshot(`"Received item 2 created 2024-04-30T23:59:00.000Z after item 1 created 2024-04-30T23:58:00.000Z; documented the most recent transactions first"`);
  });
});

describe('transactionsUnique', () => {
  it('passes distinct transactions, and fails one listed twice (blind12: rows joined twice after a card update)', () => {
    expect(transactionsUnique(range(0, 5))).toEqual([]);
    const [f] = transactionsUnique([t(0), t(1), { ...t(1), transactionId: 'T1' }, t(2)]);
    expect(f?.requirement).toBe('HISTORY-PAGING');
    expect(f?.message).toContain('items 1 and 2');
  });
});

describe('pageWithinBounds', () => {
  it('default 20, pageSize, pageSize + 1 with a reference (D22); 0 and out of range not asserted', () => {
    expect(pageWithinBounds(range(0, 20), {})).toEqual([]);
    expect(pageWithinBounds(range(0, 21), {})).toHaveLength(1);
    expect(pageWithinBounds(range(0, 5), { pageSize: 5 })).toEqual([]);
    expect(pageWithinBounds(range(0, 6), { pageSize: 5 })).toHaveLength(1);
    expect(pageWithinBounds(range(0, 6), { pageSize: 5, withReference: true })).toEqual([]);
    expect(pageWithinBounds(range(0, 7), { pageSize: 5, withReference: true })[0]?.message).toMatchInlineSnapshot(`"Received 7 transactions for pageSize 5 with a paging reference; documented at most 6"`);
    expect(pageWithinBounds(range(0, 30), { pageSize: 0 })).toEqual([]);
  });
});

describe('pagingContinues (D22)', () => {
  const known = range(0, 12);
  it('names the reading: pageSize or pageSize + 1', () => {
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: range(3, 7) })).toEqual({ findings: [], reading: 'pageSize' });
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: range(3, 8) })).toEqual({ findings: [], reading: 'pageSize+1' });
  });
  it('cannot tell the readings apart at the end of the history', () => {
    expect(pagingContinues({ known, knownComplete: true, reference: 't10', pageSize: 4, page: range(10, 12) })).toEqual({ findings: [] });
  });
  it('fails a page that starts elsewhere, skips, repeats or stops early', () => {
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: range(4, 8) }).findings[0]?.message)
      .toMatchInlineSnapshot(`"Received a page starting with t4; documented the referenced transaction t3 first"`);
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: [t(3), t(5), t(6), t(7)] }).findings[0]?.evidence?.expectedPrefix).toBeDefined();
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: [t(3), t(3), t(4), t(5)] }).findings[0]?.dedupKey).toBe('pagingContinues|GetTransactionHistory|a duplicate');
    expect(pagingContinues({ known, knownComplete: true, reference: 't3', pageSize: 4, page: range(3, 5) }).findings[0]?.dedupKey).toBe('pagingContinues|GetTransactionHistory|short');
  });
  it('asserts nothing for a reference it does not know (D30)', () => {
    expect(pagingContinues({ known, knownComplete: true, reference: 'zz', pageSize: 4, page: [] })).toEqual({ findings: [] });
  });
  it('judges only the known part of an incomplete history', () => {
    expect(pagingContinues({ known: range(0, 5), knownComplete: false, reference: 't3', pageSize: 4, page: range(3, 7) })).toEqual({ findings: [], reading: 'pageSize' });
  });
});

describe('accountFilterHonoured', () => {
  const unfiltered = [t(0, '1111'), t(1, '2222'), t(2, '1111')];
  it('passes a subset of the card', () => {
    expect(accountFilterHonoured({ filtered: [t(0, '1111'), t(2, '1111')], unfiltered, unfilteredComplete: true, cardLastFour: '1111' })).toEqual([]);
    expect(accountFilterHonoured({ filtered: [t(0, '1111')], unfiltered, unfilteredComplete: true, cardLastFour: '****' })).toEqual([]);
  });
  it('fails another card and a foreign transaction', () => {
    expect(accountFilterHonoured({ filtered: [t(1, '2222')], unfiltered, unfilteredComplete: true, cardLastFour: '1111' })[0]?.title).toBe("Account filter returned another card's transactions");
    expect(accountFilterHonoured({ filtered: [{ ...t(0), transactionId: 'other' }], unfiltered, unfilteredComplete: true })).toHaveLength(1);
  });
  it('does not judge transactions older than an incomplete unfiltered list', () => {
    expect(accountFilterHonoured({ filtered: [t(30)], unfiltered, unfilteredComplete: false })).toEqual([]);
  });
});

describe('totalRecordsStable (D23)', () => {
  it('passes a stable total at or above what was paged, counting a D22 overlap once', () => {
    expect(totalRecordsStable([{ totalRecords: 9, transactions: range(0, 5) }, { totalRecords: 9, transactions: range(4, 9) }])).toEqual([]);
  });
  it('fails a changing total and a total below what was seen', () => {
    expect(totalRecordsStable([{ totalRecords: 9, transactions: [] }, { totalRecords: 8, transactions: [] }])).toHaveLength(1);
    // A per-page count: pages walked from the last item of the one before, each counting itself.
    expect(totalRecordsStable([{ totalRecords: 5, transactions: range(0, 5) }, { totalRecords: 5, transactions: range(4, 9) }])[0]?.dedupKey).toBe('totalRecordsStable|GetTransactionHistory|below');
    expect(totalRecordsStable([{ totalRecords: 3, transactions: range(0, 5) }])[0]?.message).toMatchInlineSnapshot(`"Received totalRecords 3 after 5 distinct transactions; documented totalRecords of at least 5"`);
  });
});

describe('accountFilterComplete', () => {
  // t0..t5 newest first; the card ends 1111, another card 2222, t4 a cash pickup with no card.
  const unfiltered = [t(0, '1111'), t(1, '2222'), t(2, '1111'), t(3, '1111'), { ...t(4), lastFourDigitsOfCard: '' }, t(5, '2222')];
  const card = { unfiltered, cardLastFour: '1111', pageSize: 20 };
  it('passes when every transaction with the card\'s digits is in its history, and asks nothing of the others', () => {
    expect(accountFilterComplete({ ...card, filtered: [t(0, '1111'), t(2, '1111'), t(3, '1111'), t(9, '1111')] })).toEqual([]);
    expect(accountFilterComplete({ ...card, cardLastFour: '3333', filtered: [] })).toEqual([]);
  });
  it('fails an empty or partial filtered history', () => {
    expect(accountFilterComplete({ ...card, filtered: [] })[0]?.message).toMatchInlineSnapshot(`"Received 3 transaction(s) ending 1111 in the unfiltered history missing from the card's, e.g. t0; documented accountId limits the customer's history to that card: its transactions stay"`);
    expect(accountFilterComplete({ ...card, filtered: [t(0, '1111'), t(3, '1111')] })[0]?.evidence?.missing).toEqual(['t2']);
  });
  it('judges a filtered page cut at its size only above its oldest item (ties may fall either side)', () => {
    const cut = { ...card, pageSize: 2 };
    expect(accountFilterComplete({ ...cut, filtered: [t(0, '1111'), t(2, '1111')] })).toEqual([]);
    expect(accountFilterComplete({ ...cut, filtered: [t(0, '1111'), { ...t(3, '1111'), transactionId: 'tie', createdOn: t(2).createdOn }] })).toEqual([]);
    expect(accountFilterComplete({ ...cut, filtered: [t(0, '1111'), t(3, '1111')] })).toHaveLength(1);
  });
});

describe('defaultPageMostRecent', () => {
  it('passes a default page that holds the first pageSize page, whole or full', () => {
    expect(defaultPageMostRecent({ defaultPage: range(0, 20), firstPage: range(0, 10), pageSize: 10 })).toEqual([]);
    expect(defaultPageMostRecent({ defaultPage: range(0, 7), firstPage: range(0, 5), pageSize: 5 })).toEqual([]);
  });
  it('fails a default page of older transactions', () => {
    const [f] = defaultPageMostRecent({ defaultPage: range(25, 45), firstPage: range(0, 10), pageSize: 10 });
    expect(f?.message).toMatchInlineSnapshot(`"Received 10 of the 10 newest transactions (pageSize 10) missing from the default page of 20, e.g. t0 created 2024-05-01T00:00:00.000Z; documented by default the 20 most recent transactions"`);
    expect(defaultPageMostRecent({ defaultPage: range(1, 6), firstPage: range(0, 3), pageSize: 3 })).toHaveLength(1);
  });
  it('does not judge ties with the oldest item of a full default page', () => {
    const tie = { ...t(25), transactionId: 'tie', createdOn: t(19).createdOn };
    expect(defaultPageMostRecent({ defaultPage: range(0, 20), firstPage: [...range(0, 19), tie].slice(10), pageSize: 10 })).toEqual([]);
  });
});
