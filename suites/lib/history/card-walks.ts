import { accountFilterHonoured, totalRecordsStable, type PagingReading } from '../../../checks/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HistoryCase } from './case.js';
import type { HistoryPage } from './probe.js';
import { pagesToEnd } from './deep-walk.js';
import { walkForTotal } from './walk.js';

type Card = HistoryCase['customer']['cards'][number];

export interface CardWalks {
  readonly findings: Finding[];
  /** Some card's walk compared totalRecords over two pages or more that held transactions. */
  readonly covered: boolean;
  readonly checked: RequirementId[];
  readonly reading?: PagingReading;
}

/**
 * Every page of a card's walk holds that card's transactions only, where both carry real last four
 * digits: with no unfiltered history beside it, accountFilterHonoured judges nothing foreign.
 */
const ofTheCard = (card: Card, page: HistoryPage): Finding[] =>
  card.lastFourDigits ? accountFilterHonoured({ filtered: page.transactions, unfiltered: [], unfilteredComplete: false, cardLastFour: card.lastFourDigits }) : [];

/**
 * The walk HISTORY-TOTAL makes of the whole history, made under each filter the operation takes
 * too: accountId of every card the customer holds, number and tokenized alike, in pages of
 * `pageSize` (blind15: with accountId, a page asked from a paging reference counted the customer's
 * whole history while the card's first page counted the card's). Each card's pages are judged as
 * the whole history's are: totalRecords the same on every page and not below what was paged, the
 * walk's continuity, order and uniqueness (deep-walk.ts), and each page of that card only. Every
 * card is walked, a faulty one too: a filter broken on one kind of card (tokens) finds another card's
 * items there, while a total broken for every card shows only on its own pages, so stopping at the
 * first finding let the card order decide which fault was seen. Undefined after transport trouble.
 */
export async function walkEachCard(c: HistoryCase, pageSize: number): Promise<CardWalks | undefined> {
  const findings: Finding[] = [];
  const checked = new Set<RequirementId>();
  let covered = false;
  let reading: PagingReading | undefined;
  for (const card of c.customer.cards) {
    const walked = await walkForTotal(c, { accountId: card.cardId }, pageSize, pagesToEnd);
    if (!walked) return undefined;
    reading ??= walked.reading;
    const held = walked.pages.filter((p) => p.transactions.length > 0);
    covered ||= walked.pages.length >= 2 && held.length > 0;
    if (walked.deep) ['HISTORY-PAGING', 'HISTORY-ORDER'].forEach((r) => checked.add(r as RequirementId));
    if (card.lastFourDigits && held.length > 0) checked.add('HISTORY-ACCOUNT-FILTER');
    findings.push(...totalRecordsStable(walked.pages), ...walked.findings, ...walked.pages.flatMap((p) => ofTheCard(card, p)));
  }
  return { findings, covered, checked: [...checked], ...(reading ? { reading } : {}) };
}
