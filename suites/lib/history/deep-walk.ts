import { history } from '../../../contract/index.js';
import { newestFirst, pagingContinues, transactionsUnique, type PagingReading, type Transaction } from '../../../checks/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { HistoryCase } from './case.js';
import type { HistoryPage, HistoryQuery } from './probe.js';

/** Pages a walk to the end asks at most: 15 pages of 10, 8 new each, reach past a 6-card history (45 transactions a card at most, D21). */
export const pagesToEnd = 15;

export interface DeepWalk {
  /** The page the walk started from, then every page it asked. */
  readonly pages: HistoryPage[];
  readonly findings: Finding[];
  /** True once a page was asked from a reference past the default page (the 21st transaction on). */
  readonly deep: boolean;
  /** The D22 reading a page showed, where one could tell. */
  readonly reading?: PagingReading;
}

/**
 * The history on from `first` (the default page), walked to its end with each page's own
 * reference (blind12: a reference past the 20th transaction was looked up in the cached default
 * page and found nothing). Every page is asked from the second-to-last item of the one before (the
 * last where pageSize is 2), so two items the walk knows open it and a gap after the reference
 * shows; each is judged as a paging page against everything the walk knows (pagingContinues), and
 * the walk as one list: newest first across the pages, each transaction once. Stops at the first
 * finding, so the failing request is the last; at most `most` pages; undefined after transport trouble.
 */
export async function walkPastDefault(c: HistoryCase, query: HistoryQuery, first: HistoryPage, pageSize: number, most = pagesToEnd): Promise<DeepWalk | undefined> {
  const known: Transaction[] = [...first.transactions];
  const pages: HistoryPage[] = [first];
  const findings: Finding[] = [];
  const back = pageSize >= 3 ? 2 : 1;
  let reading: PagingReading | undefined;
  let deep = false;
  while (pages.length <= most && known.length >= back) {
    const at = known.length - back;
    const reference = known[at]!.transactionId;
    deep ||= at >= history.defaultPageSize;
    const page = await c.page({ ...query, pageSize, pagingTransactionReferenceNumber: reference });
    if (!page) return undefined;
    pages.push(page);
    const result = pagingContinues({ known, knownComplete: false, reference, pageSize, page: page.transactions });
    reading ??= result.reading;
    const fresh = page.transactions.slice(back);
    // Across the pages: what this page adds is older than what came before, and none of it was listed already.
    const walked = [...known, ...fresh];
    findings.push(...result.findings);
    if (!findings.length) findings.push(...transactionsUnique(walked));
    if (!findings.length) findings.push(...newestFirst(walked.slice(Math.max(0, at - 1))));
    if (findings.length) break;
    known.push(...fresh);
    // A page shorter than pageSize is the history's last (either D22 reading).
    if (fresh.length === 0 || page.transactions.length < pageSize) break;
  }
  return { pages, findings, deep, ...(reading ? { reading } : {}) };
}
