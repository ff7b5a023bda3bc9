import fc from 'fast-check';
import { history, operation } from '../../../contract/index.js';
import { guid } from '../../../generators/index.js';
import type { PageRequest, Transaction } from '../../../checks/history.js';
import type { HistoryPage, HistoryQuery } from './probe.js';

/** The generated inputs of the history suite, and the queries they become. */

const pageSizeRange = operation('GetTransactionHistory').fields.find((f) => f.name === 'pageSize')!.range!;
/** pageSize values every reading honours (0 is not asserted, D23). */
const pageSize = fc.integer({ min: Math.max(1, pageSizeRange.min), max: pageSizeRange.max });
/**
 * Both documented bounds of pageSize that every reading honours (1 and 10; 0 is not asserted, D23),
 * read from the contract's range: a target that takes a bound for "the default" shows it only there.
 */
export const pageSizeBounds: readonly number[] = [...new Set([Math.max(1, pageSizeRange.min), pageSizeRange.max])];
/** Page sizes that move a walk on under either D22 reading (a one-item page from a reference is the reference alone). */
const walkPageSize = fc.integer({ min: 2, max: pageSizeRange.max });
const option = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** The default page: the customer's 20 newest transactions, the whole history when shorter. */
export const complete = (known: readonly unknown[]) => known.length < history.defaultPageSize;

/** Any page: with or without pageSize, of the whole history or of one card's. */
export const anyPage = fc.record({ pageSize: option(pageSize), card: option(fc.nat()) });
type AnyPage = { pageSize?: number | undefined; card?: number | undefined };
export const describePage = (v: AnyPage) => `a page with pageSize ${v.pageSize ?? 'not sent'}${v.card === undefined ? '' : `, accountId of card [${v.card}]`}`;

export function pageQuery(v: AnyPage, cards: ReadonlyArray<{ cardId: string }>): HistoryQuery {
  const card = v.card === undefined || cards.length === 0 ? undefined : cards[v.card % cards.length];
  return { ...(v.pageSize ? { pageSize: v.pageSize } : {}), ...(card ? { accountId: card.cardId } : {}) };
}

export const distinctTimes = (page: HistoryPage) => new Set(page.transactions.map((t) => t.createdOn)).size >= 2;

/** The page-size bound's input: pageSize or none, asked from an item of the default page or from the newest on. */
export const boundsPage = fc.record({ pageSize: option(pageSize), reference: option(fc.nat()) });
type BoundsPage = { pageSize?: number | undefined; reference?: number | undefined };
export const describeBoundsPage = (v: BoundsPage) =>
  `pageSize ${v.pageSize ?? 'not sent'}${v.reference === undefined ? '' : `, paging from the default page's item [${v.reference}]`}`;

/**
 * A page of pageSize from an item of the default page, of the whole history or of one card's:
 * `reference` counts from the newest, or (below 0) from the oldest, within the last pageSize
 * items, where the page is the history's last and holds fewer than pageSize (blind8: a target
 * that answered such a page empty passed every reference from the newest).
 */
export const pageFromItem = fc.record({ pageSize, reference: fc.integer({ min: -pageSizeRange.max, max: 20 }), card: option(fc.nat()) });

/** Where `reference` of pageFromItem starts in `known`: from the newest never the oldest (two items at least); from the oldest within the last page. */
export function referenceIndex(reference: number, pageSize: number, known: readonly unknown[]): number {
  if (reference >= 0) return reference % (known.length - 1);
  return known.length - 1 - ((-reference - 1) % Math.min(known.length, pageSize));
}

export const describeReference = (reference: number) => (reference >= 0 ? `the default page's item [${reference}]` : `the ${-reference === 1 ? 'oldest' : `item ${-reference} from the oldest`} of the default page`);
/** pageSize, of the whole history or of one card's: a walk's pages, or the page set beside the default one. */
/** `toEnd`: walked past the default page to the history's end (the coverage case), else two pages past it (budget: a history case is estimated at 3 requests). */
/** `eachCard`: the same walk under accountId of every card in turn (card-walks.ts, the coverage case), after the whole history's. */
export const walkOfPages = fc.record({ pageSize: walkPageSize, card: option(fc.nat()), toEnd: fc.constant<boolean>(false), eachCard: fc.constant<boolean>(false) });
export const sizedPage = fc.record({ pageSize, card: option(fc.nat()) });

/** That page's query, the request pageWithinBounds judges it by, and how many transactions it could hold. */
export function boundsPageQuery(v: BoundsPage, known: readonly Transaction[]): { query: HistoryQuery; sent: PageRequest; available: number } {
  const start = v.reference === undefined || known.length === 0 ? undefined : v.reference % known.length;
  const size = v.pageSize ? { pageSize: v.pageSize } : {};
  return {
    query: { ...size, ...(start === undefined ? {} : { pagingTransactionReferenceNumber: known[start]!.transactionId }) },
    sent: { ...size, ...(start === undefined ? {} : { withReference: true }) },
    available: known.length - (start ?? 0),
  };
}

/** D30: an accountId, a paging reference or both that name nothing of the customer (a fresh GUID). */
export const unknownReference = fc.record({ unknown: fc.constantFrom('accountId', 'reference', 'both'), id: guid(), pageSize: option(pageSize) });
type UnknownReference = { unknown: 'accountId' | 'reference' | 'both'; id: string; pageSize?: number | undefined };
export const describeUnknown = (v: UnknownReference) =>
  `${v.unknown === 'both' ? 'accountId and paging reference' : v.unknown} ${v.id} naming nothing of the customer, pageSize ${v.pageSize ?? 'not sent'}`;

export function unknownQuery(v: UnknownReference): HistoryQuery {
  return {
    ...(v.pageSize ? { pageSize: v.pageSize } : {}),
    ...(v.unknown !== 'reference' ? { accountId: v.id } : {}),
    ...(v.unknown !== 'accountId' ? { pagingTransactionReferenceNumber: v.id } : {}),
  };
}
