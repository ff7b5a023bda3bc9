import { describe, expect, it } from 'vitest';
import { expectCaught, requirementOf, runSuites, type Caught } from './stateful-support.js';

/**
 * Each paging and history fault is caught by the history suite. The suite has one property
 * per invariant (each checks its own requirement only), so faults that leave the other
 * invariants true run together: an oldest-first list still pages consistently, an ignored
 * pageSize still continues the history, shifted timestamps keep their order, a page starting
 * after its reference still walks on, a per-page total leaves the filter alone.
 */
const history = (fault: string, check: string): Caught => ({ fault, checks: [check], operation: /^GetTransactionHistory$/ });

interface Group {
  readonly caught: readonly Caught[];
  /** Rows another invariant may fail too, because it reads the page the fault broke. */
  readonly mayAlsoFail?: readonly string[];
}

const groups: Group[] = [
  {
    caught: [
      history('history-oldest-first', 'newestFirst'),
      history('history-page-size-ignored', 'pageWithinBounds'),
      history('history-paging-gap', 'pagingContinues'),
      history('history-timestamp-offset', 'historyMatchesSchema'),
    ],
  },
  // A reference from the oldest end (blind8: the history's last page answered empty); this fault empties the oldest one's page alone.
  { caught: [history('history-paging-oldest-empty', 'pagingContinues')] },
  { caught: [history('history-account-filter-ignored', 'accountFilterHonoured'), history('history-total-varies', 'totalRecordsStable')] },
  // Each card the customer holds is filtered on, a tokenized one too (blind7: a filter joined to card numbers only); the total's walk
  // is made under accountId of each card too (blind15: a total counted without the filter on a page from a paging reference).
  { caught: [history('history-account-filter-number-cards-only', 'accountFilterHonoured'), history('history-total-unfiltered-when-sized-account', 'totalRecordsStable')] },
  // Each documented bound of pageSize is sent and its page judged (blind6: pageSize 1 taken for the default).
  { caught: [history('history-page-size-ten-default', 'pageWithinBounds')] },
  {
    caught: [
      history('paging-starts-after-reference', 'pagingContinues'),
      history('total-records-page-count', 'totalRecordsStable'),
      history('account-filter-empty', 'accountFilterComplete'),
      history('history-unknown-reference-500', 'noServerError'),
    ],
  },
  // A full default page is walked on to the history's end, every page judged as a paging page (blind12: a reference past the 20th
  // found nothing); every page lists each transaction once, the token card's filtered one after its update too (blind12: rows joined twice).
  { caught: [history('history-paging-gap-beyond-default-window', 'pagingContinues'), history('history-token-card-repeated-when-filtered', 'transactionsUnique')] },
  { caught: [history('account-filter-partial', 'accountFilterComplete'), history('history-unknown-reference-plain-text', 'errorBodyIsJson')] },
  // pageSize with a paging reference (issue 27, blind4's missed class): the continuity check reads the same page.
  { caught: [history('history-reference-page-two-over', 'pageWithinBounds')], mayAlsoFail: ['HISTORY-PAGING'] },
  // Every page asked from a reference is judged by the paging oracle, at each bound of pageSize (blind9: the largest page one short);
  // the history customer's cards, one of each kind, are updated before any read (blind9: a filter lost on update).
  { caught: [history('history-paging-size-one-empty', 'pagingContinues'), history('history-account-filter-lost-after-token-update', 'accountFilterComplete')] },
  // Every success of the history, an empty page too (D30's answer to an accountId naming nothing), is judged by its shape (blind10: null when empty).
  // The history customer's extra card is deleted before any read: every oracle reads the remaining cards' history after a DeleteCard (blind11: unsorted after a delete).
  // Every pageSize page from the newest holds min(pageSize, what its filter matches), unfiltered and of one card (blind11: a page cut before the filter).
  {
    caught: [
      history('history-empty-total-omitted', 'historyMatchesSchema'), history('history-paging-gap-after-delete', 'pagingContinues'),
      history('history-first-page-one-short', 'firstPageFilled'),
    ],
  },
  // The history customer's reads are sent with apiVersion before each query parameter and compared with the header's (blind16: the
  // parameters after apiVersion cut off); the page that lost its pageSize is judged by its bound too.
  { caught: [{ fault: 'history-filters-after-version-lost', checks: ['versionPlaceIgnored'], operation: /^GetTransactionHistory$/ }], mayAlsoFail: ['HISTORY-PAGE-SIZE'] },
  // The filter check reads the default page as the customer's newest transactions: it may see the filtered ones as foreign.
  { caught: [history('default-page-oldest', 'defaultPageMostRecent')], mayAlsoFail: ['HISTORY-ACCOUNT-FILTER'] },
];

describe('history suite: every paging and history fault is caught by its own invariant', () => {
  it.each(groups.map((g) => [g.caught.map((c) => c.fault).join(' + '), g] as const))('%s', async (_name, group) => {
    const run = await runSuites(['history'], group.caught.map((c) => c.fault));
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
    for (const c of group.caught) expectCaught(run, c);
    // Nothing else failed: each fault broke its own invariant, and no neighbour's.
    const own = group.caught.map((c) => requirementOf(c.fault));
    const failed = run.summary!.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed.filter((id) => !own.includes(id) && !group.mayAlsoFail?.includes(id))).toEqual([]);
    expect([...new Set(own)].filter((id) => !failed.includes(id))).toEqual([]);
  }, 120_000);
});
