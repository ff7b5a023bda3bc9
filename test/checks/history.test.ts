import { describe, expect, it } from 'vitest';
import { accountFilterHonoured, newestFirst, pageWithinBounds, pagingContinues, totalRecordsStable, type Transaction } from '../../checks/index.js';

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
    expect(totalRecordsStable([{ totalRecords: 3, transactions: range(0, 5) }])[0]?.message).toMatchInlineSnapshot(`"Received totalRecords 3 after 5 distinct transactions; documented totalRecords of at least 5"`);
  });
});
