import { history } from '../../../contract/index.js';
import { errorBodyIsJson, jsonMediaType, noServerError, pagingContinues } from '../../../checks/index.js';
import { is4xx, type Responded } from '../../../checks/support.js';
import type { Finding } from '../../../checks/finding.js';
import type { PagingReading } from '../../../checks/history.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { Observed } from '../runner/classify.js';
import type { HistoryCase } from './case.js';
import type { HistoryPage, HistoryQuery } from './probe.js';
import { complete, pageQuery } from './query.js';
import type { Transaction } from '../../../checks/history.js';
import { walkPastDefault, type DeepWalk } from './deep-walk.js';

/**
 * Pages of the history from the newest on, each asked from the last item of the page before:
 * under either D22 reading that page starts with it and goes on with older ones, so every
 * page after the first brings new transactions until the history ends. pageSize must be at
 * least 2 (a one-item page from a reference is the reference alone). At most `most` pages;
 * `from` starts the walk at that transaction instead of the newest.
 */
export async function walkPages(c: HistoryCase, query: HistoryQuery & { pageSize: number }, most: number, from?: string): Promise<HistoryPage[] | undefined> {
  const pages: HistoryPage[] = [];
  const seen = new Set<string>();
  let reference: string | undefined = from;
  while (pages.length < most) {
    const page = await c.page({ ...query, ...(reference ? { pagingTransactionReferenceNumber: reference } : {}) });
    if (!page) return undefined;
    pages.push(page);
    const fresh = page.transactions.filter((t) => !seen.has(t.transactionId));
    fresh.forEach((t) => seen.add(t.transactionId));
    const last = page.transactions.at(-1);
    if (fresh.length === 0 || !last || page.transactions.length < query.pageSize) break;
    reference = last.transactionId;
  }
  return pages;
}

/** True when the walk went past its first page into transactions that page did not hold. */
export function walkedBeyondFirstPage(pages: readonly HistoryPage[]): boolean {
  const first = new Set(pages[0]?.transactions.map((t) => t.transactionId) ?? []);
  return pages.slice(1).some((p) => p.transactions.some((t) => !first.has(t.transactionId)));
}

/**
 * The pages HISTORY-TOTAL compares: the default page, then, when it is full, the history walked on
 * from it to its end (deep-walk.ts: a total capped at one page shows only past it, and every page
 * past the default one is judged as a paging page), else from the newest in smaller pages.
 * `beyond`: the walk reached transactions the page before it did not hold; `deep`: a page was asked
 * from a reference past the default page. Undefined after transport trouble.
 */
export async function walkForTotal(c: HistoryCase, query: HistoryQuery, pageSize: number, most: number): Promise<(Omit<DeepWalk, 'deep'> & { beyond: boolean; deep: boolean }) | undefined> {
  const whole = await c.page(query);
  if (!whole) return undefined;
  if (whole.transactions.length >= history.defaultPageSize) {
    const walked = await walkPastDefault(c, query, whole, pageSize, most);
    if (!walked) return undefined;
    const beyond = walkedBeyondFirstPage(walked.pages);
    if (walked.findings.length) return { ...walked, beyond };
    if (beyond) {
      // The third kind of page: pageSize from the newest, no reference. A history longer than the default page never
      // asked it, so a total counted otherwise there (history-total-unfiltered-when-sized-account) showed only on cards
      // whose history fit one page: the reference's random histories decided the catch (CI, one run in two).
      const sized = await c.page({ ...query, pageSize });
      if (!sized) return undefined;
      return { ...walked, pages: [...walked.pages, sized], beyond };
    }
  }
  // A history that ends with the default page is walked from the newest, in smaller pages.
  const fromNewest = await walkPages(c, { ...query, pageSize }, 4);
  if (!fromNewest) return undefined;
  const walked = { pages: [whole, ...fromNewest], findings: [] as Finding[], deep: false, beyond: walkedBeyondFirstPage(fromNewest) };
  if (fromNewest.length > 1 || whole.transactions.length < 2) return walked;
  // Within one page of pageSize: one page from its second item still, so every walk holds a page asked
  // from a paging reference (blind15: a total counted otherwise there, with accountId), judged as such.
  const reference = whole.transactions[1]!.transactionId;
  const paged = await c.page({ ...query, pageSize, pagingTransactionReferenceNumber: reference });
  if (!paged) return undefined;
  const result = pagingContinues({ known: whole.transactions, knownComplete: complete(whole.transactions), reference, pageSize, page: paged.transactions });
  return { ...walked, pages: [...walked.pages, paged], findings: result.findings, ...(result.reading ? { reading: result.reading } : {}) };
}

/** The D22 reading a page from a paging reference showed, as the summary notes it observed. */
export function pagingObserved(reading: PagingReading | undefined): { observed?: Observed } {
  if (!reading) return {};
  return { observed: { 'HISTORY-PAGING': `a page from a paging reference holds ${reading === 'pageSize' ? 'pageSize' : 'pageSize + 1'} transactions, the referenced one first (D22)` } };
}

/**
 * D30: an accountId or paging reference that names nothing of the customer is unspecified:
 * an empty page, or a 4xx with a JSON error body, never a 5xx. Nothing more is asserted. Says
 * which generic requirements the answer let it check (a 4xx: ERR-JSON-BODY; a body: GEN-JSON-BODY).
 */
export function unknownReferenceAnswered(x: Responded): { findings: Finding[]; checked: RequirementId[] } {
  const refused = is4xx(x.response.status);
  const body = x.response.bodyText.trim().length > 0;
  return {
    findings: [...noServerError(x, undefined), ...(refused ? errorBodyIsJson(x, undefined) : jsonMediaType(x, undefined))],
    // A success is D30's empty page: judged by the history's shape too (historyShaped, suites/lib/history/case.ts).
    checked: ['GEN-NO-5XX', ...(refused ? ['ERR-JSON-BODY' as const] : body ? ['GEN-JSON-BODY' as const, 'HISTORY-SHAPE' as const] : [])],
  };
}

/** The page size of the walk that reads a history longer than the default page to its end. */
const endWalkPageSize = 10;

/**
 * A history known to its end, so that its oldest items are its last page: card `first`'s, else
 * another card's, else the customer's, held whole by the default page; where none is (D21: the
 * target decides each card's history, empty or longer than a page), the first card with one is
 * walked to a short page. A target that answers a page empty too early ends the walk there, and
 * the oldest item it saw then gets an empty page too. Undefined after transport trouble; `known`
 * empty when no card and no customer has any history.
 */
export async function wholeHistory(c: HistoryCase, cards: ReadonlyArray<{ cardId: string }>, first: number | undefined): Promise<{ filter: HistoryQuery; known: readonly Transaction[] } | undefined> {
  const order = [...cards.keys()].map((i) => ((first ?? 0) + i) % cards.length);
  let longer: HistoryQuery | undefined;
  for (const card of [...order, undefined]) {
    const filter = pageQuery({ card }, cards);
    const known = (await c.page(filter))?.transactions;
    if (!known) return undefined;
    if (known.length > 0 && complete(known)) return { filter, known };
    longer ??= known.length > 0 ? filter : undefined;
  }
  if (!longer) return { filter: {}, known: [] };
  const pages = await walkPages(c, { ...longer, pageSize: endWalkPageSize }, 12);
  if (!pages) return undefined;
  const ended = (pages.at(-1)?.transactions.length ?? 0) < endWalkPageSize;
  const seen = new Map(pages.flatMap((p) => p.transactions).map((t) => [t.transactionId, t] as const));
  return { filter: longer, known: ended ? [...seen.values()] : [] };
}
