import fc from 'fast-check';
import { afterAll, describe } from 'vitest';
import { history } from '../contract/index.js';
import {
  accountFilterHonoured, historyMatchesSchema, newestFirst, pageLimit, pageWithinBounds, pagingContinues, totalRecordsStable,
} from '../checks/index.js';
import { harness } from './lib/context.js';
import { removeAddedCards } from './lib/fixtures.js';
import { HistoryCases } from './lib/history-case.js';
import type { HistoryPage } from './lib/history-probe.js';

/**
 * GetTransactionHistory invariants (D21-D23) on whatever history the target has: newest
 * first, page bounds, paging continuity, the accountId filter, stable totals, the Transaction
 * fields. One property per invariant, so one defect cannot hide another. A case whose
 * history is too short to break the invariant checks nothing: with no such case at all the
 * requirement is reported not covered, never passed.
 */
const ctx = harness();
const cases = new HistoryCases(ctx, 'suites/history.conformance.ts');

const pageSize = fc.integer({ min: 1, max: 10 });
const option = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** The default page: the customer's 20 newest transactions, the whole history when shorter. */
const complete = (known: readonly unknown[]) => known.length < history.defaultPageSize;
/** Any page: with or without pageSize, of the whole history or of one card's. */
const anyPage = fc.record({ pageSize: option(pageSize), card: option(fc.nat()) });
type AnyPage = { pageSize?: number | undefined; card?: number | undefined };
const describePage = (v: AnyPage) => `a page with pageSize ${v.pageSize ?? 'not sent'}${v.card === undefined ? '' : `, accountId of card [${v.card}]`}`;
function pageQuery(v: AnyPage, cards: ReadonlyArray<{ cardId: string }>) {
  const card = v.card === undefined || cards.length === 0 ? undefined : cards[v.card % cards.length];
  return { ...(v.pageSize ? { pageSize: v.pageSize } : {}), ...(card ? { accountId: card.cardId } : {}) };
}
const distinctTimes = (page: HistoryPage) => new Set(page.transactions.map((t) => t.createdOn)).size >= 2;

describe('history: GetTransactionHistory invariants (D21-D23)', () => {
  afterAll(async () => {
    cases.recordUncovered();
    await removeAddedCards(ctx);
  });

  cases.property({
    name: 'history: transactions come newest first', requirement: 'HISTORY-ORDER',
    arbitrary: anyPage,
    describe: describePage,
    probe: async (p, v) => {
      const page = await p.page(pageQuery(v, p.customer.cards));
      if (!page) return undefined;
      p.findings.push(...newestFirst(page.transactions));
      return { covered: distinctTimes(page) };
    },
  });

  cases.property({
    name: 'history: a page holds at most pageSize (default 20) transactions', requirement: 'HISTORY-PAGE-SIZE',
    arbitrary: fc.record({ pageSize: option(pageSize), reference: option(fc.nat()) }),
    describe: (v) => `pageSize ${v.pageSize ?? 'not sent'}${v.reference === undefined ? '' : `, paging from the default page's item [${v.reference}]`}`,
    probe: async (p, v) => {
      const known = (await p.page())?.transactions;
      if (!known) return undefined;
      const start = v.reference === undefined || known.length === 0 ? undefined : v.reference % known.length;
      const request = { ...(v.pageSize ? { pageSize: v.pageSize } : {}), ...(start === undefined ? {} : { withReference: true }) };
      const page = await p.page({ ...(v.pageSize ? { pageSize: v.pageSize } : {}), ...(start === undefined ? {} : { pagingTransactionReferenceNumber: known[start]!.transactionId }) });
      if (!page) return undefined;
      p.findings.push(...pageWithinBounds(page.transactions, request));
      // The bound could be broken only where more transactions exist than it allows.
      const available = known.length - (start ?? 0);
      return { covered: available > (pageLimit(request) ?? Infinity) };
    },
  });

  cases.property({
    name: 'history: paging continues from the referenced transaction without gap or duplicate', requirement: 'HISTORY-PAGING',
    arbitrary: fc.record({ pageSize, reference: fc.nat() }),
    describe: (v) => `pageSize ${v.pageSize}, paging from the default page's item [${v.reference}]`,
    probe: async (p, v) => {
      const known = (await p.page())?.transactions;
      if (!known || known.length < 2) return known ? { covered: false } : undefined;
      const start = v.reference % (known.length - 1);
      const reference = known[start]!.transactionId;
      const page = await p.page({ pageSize: v.pageSize, pagingTransactionReferenceNumber: reference });
      if (!page) return undefined;
      const result = pagingContinues({ known, knownComplete: complete(known), reference, pageSize: v.pageSize, page: page.transactions });
      p.findings.push(...result.findings);
      const reading = result.reading && `a page from a paging reference holds ${result.reading === 'pageSize' ? 'pageSize' : 'pageSize + 1'} transactions, the referenced one first (D22)`;
      return { covered: known.length - start >= 2, ...(reading ? { observed: { 'HISTORY-PAGING': reading } } : {}) };
    },
  });

  cases.property({
    name: 'history: accountId returns only that card\'s transactions', requirement: 'HISTORY-ACCOUNT-FILTER',
    arbitrary: fc.nat(),
    describe: (i) => `accountId of the customer's card [${i}]`,
    probe: async (p, i) => {
      if (p.customer.cards.length === 0) return { covered: false };
      const card = p.customer.cards[i % p.customer.cards.length]!;
      const unfiltered = (await p.page())?.transactions;
      const filtered = unfiltered && (await p.page({ accountId: card.cardId }));
      if (!unfiltered || !filtered) return undefined;
      p.findings.push(...accountFilterHonoured({
        filtered: filtered.transactions, unfiltered, unfilteredComplete: complete(unfiltered), ...(card.lastFourDigits ? { cardLastFour: card.lastFourDigits } : {}),
      }));
      // An ignored filter shows only where the history holds another card's transactions.
      const other = unfiltered.some((t) => /^\d{4}$/.test(t.lastFourDigitsOfCard ?? '') && t.lastFourDigitsOfCard !== card.lastFourDigits);
      return { covered: other && /^\d{4}$/.test(card.lastFourDigits ?? '') };
    },
  });

  cases.property({
    name: 'history: totalRecords is the same on every page and not below what was paged', requirement: 'HISTORY-TOTAL',
    arbitrary: fc.record({ pageSize, reference: fc.nat() }),
    describe: (v) => `the default page, then pageSize ${v.pageSize} from its item [${v.reference}]`,
    probe: async (p, v) => {
      const first = await p.page();
      if (!first) return undefined;
      if (first.transactions.length < 2) return { covered: false };
      const start = 1 + (v.reference % (first.transactions.length - 1));
      const second = await p.page({ pageSize: v.pageSize, pagingTransactionReferenceNumber: first.transactions[start]!.transactionId });
      if (!second) return undefined;
      p.findings.push(...totalRecordsStable([first, second]));
      return { covered: true };
    },
  });

  cases.property({
    name: 'history: transactions carry every field with its type, timestamps in UTC', requirement: 'HISTORY-SHAPE',
    arbitrary: anyPage,
    describe: describePage,
    probe: async (p, v) => {
      const page = await p.page(pageQuery(v, p.customer.cards));
      if (!page) return undefined;
      p.findings.push(...historyMatchesSchema(page.exchange, undefined));
      return { covered: page.transactions.length > 0 };
    },
  });
});
