import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { history } from '../../contract/index.js';
import { historyOf, newestFirst, withPendingEvents, type Transaction } from '../state/index.js';
import { sendErrorRow, sendProblem, sendReferenceProblem, sendValidationProblem } from '../problems.js';
import { compileRules } from '../validate/index.js';
import { defineOperation } from './route.js';
import { cashPickups, page, shownTimestamps } from './history-page.js';
import { optionalText, sendOk, text, type OperationContext } from './context.js';
import { updatedCards } from '../faults/blind9/hooks.js';
import { blind12CardHistory, blind12FilterIgnored, blind12Paged } from '../faults/blind12/history.js';
import { cardlessAnyCard, deepPageGap, oboContextCard, tokenCardRepeated } from '../faults/state-classes.js';
import { sameNicknameAs } from '../faults/blind13/handlers.js';
import { blind14SameLastFour } from '../faults/blind14/handlers.js';
import { filtersBeforeVersion, sizedAccountTotal, tokenJoinedHistory } from '../faults/history-classes.js';
import { blind2Transactions } from '../blind2/answers.js';
import { foreignCardRefused } from '../blind2/rules.js';
import { blind3UnknownReference } from '../blind3/rules.js';
import { blind4NewestFirst, blind4TiedPairs } from '../blind4/state.js';

/** The card's history as the account filter hands it out: faults leave out all or every second transaction. */
function filteredHistory(ctx: OperationContext, cardHistory: Transaction[]): Transaction[] {
  if (ctx.faults.has('account-filter-empty')) return [];
  if (ctx.faults.has('account-filter-partial')) return cardHistory.filter((_, i) => i % 2 === 0);
  return cardHistory;
}

/**
 * D30: an accountId or paging reference naming nothing of the customer. The reference answers
 * an empty page; the reading refuses it with 422, the faults with a 500 or a body that is not JSON.
 */
function refuseUnknown(ctx: OperationContext, request: FastifyRequest, reply: FastifyReply, unknownAccount: boolean): FastifyReply | undefined {
  if (ctx.faults.has('history-unknown-reference-500'))
    return sendProblem(reply, request, { status: 500, errorCode: 'INTERNAL_ERROR', title: 'Internal Server Error', detail: 'Lookup of the accountId or paging reference failed.' });
  if (ctx.faults.has('history-unknown-reference-plain-text')) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  // Reading `blind3-history-unknown-reference-400` (D30): a validation problem naming the parameter.
  const named = blind3UnknownReference(ctx, request, reply, unknownAccount);
  if (named) return named;
  // Reading `blind4-history-unknown-404` (D30): an unknown account or reference is a missing resource.
  if (ctx.readings.has('blind4-history-unknown-404')) return sendReferenceProblem(reply, request, 'notFound', 'The accountId or paging reference names nothing of this customer.');
  if (ctx.readings.has('history-unknown-reference-422'))
    return sendProblem(reply, request, { status: 422, errorCode: unknownAccount ? 'ACCOUNT_NOT_FOUND' : 'TRANSACTION_NOT_FOUND', title: 'Not Found', detail: 'The accountId or paging reference names nothing of this customer.' });
  return undefined;
}

/**
 * GetTransactionHistory (D21-D23): the synthetic histories of the customer's registered cards,
 * newest first by createdOn; accountId limits them to that card (another card: empty page);
 * pageSize 1..10 honoured, absent or 0 means the default 20; totalRecords counts every record
 * matching the filter, the same on every page.
 */
export function getTransactionHistory(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'GetTransactionHistory', (c, { op, values: bound, request, reply, session }) => {
    // history-filters-after-version-lost: the filter binder stops at apiVersion.
    const values = filtersBeforeVersion(c.faults, request.url, bound);
    if (c.readings.has('page-size-zero-rejected') && values.pageSize === 0) {
      const key = compileRules(op).find((r) => r.field.name === 'pageSize')!.key;
      return sendValidationProblem(reply, request, [{ key, message: `${key} must be between 1 and 10.` }]);
    }
    if (c.readings.has('blind-unknown-customer-422') && !c.state.customers.get(text(values, 'customerId')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    // blind5-history-unknown-customer-500: the customer row is read first and dereferenced without a null check.
    if (c.faults.has('blind5-history-unknown-customer-500') && !c.state.customers.get(text(values, 'customerId')))
      throw new TypeError("Cannot read properties of undefined (reading 'cards')");
    const customerCards = c.state.cards.listValid(text(values, 'customerId'));
    if (c.readings.has('blind-history-keeps-deleted-cards')) customerCards.push(...c.state.cards.listRemoved(text(values, 'customerId')));
    const accountId = optionalText(values, 'accountId')?.toLowerCase();
    // history-account-any-customer: the accountId is looked up among every customer's cards.
    // history-account-any-customer-when-cardless: the same, only while the customer holds no card.
    const anyCard = (accountId !== undefined && c.faults.has('history-account-any-customer') ? c.state.cards.get(accountId) : undefined)
      ?? cardlessAnyCard(c.faults, c.state, text(values, 'customerId'), accountId) ?? oboContextCard(c.faults, c.state, session, accountId);
    if (anyCard && !customerCards.includes(anyCard)) customerCards.push(anyCard);
    // blind5-history-paging-ignores-account: the paging query is a second query without the account clause.
    const pagingDrops = c.faults.has('blind5-history-paging-ignores-account') && optionalText(values, 'pagingTransactionReferenceNumber') !== undefined;
    // history-account-filter-number-cards-only: the filter clause is built for card-number accounts; a token's cardId adds none.
    const tokenUnfiltered = accountId !== undefined && c.faults.has('history-account-filter-number-cards-only') && customerCards.some((card) => card.cardId === accountId && card.kind !== 'number');
    // blind8-history-account-filter-dropped-with-page-size: the paged branch of the query builder has no account clause.
    const pagedDrops = c.faults.has('blind8-history-account-filter-dropped-with-page-size') && values.pageSize !== undefined;
    const filtering = accountId !== undefined && !c.faults.has('history-account-filter-ignored') && !pagingDrops && !tokenUnfiltered && !pagedDrops
      && !blind12FilterIgnored(c.faults, c.state, text(values, 'customerId'));
    const own = accountId !== undefined && customerCards.some((card) => card.cardId === accountId);
    // Reading `blind2-foreign-card-403` (D45, D30): another customer's card as accountId is refused with 403.
    if (!own && foreignCardRefused(c.readings, c.state, accountId, text(values, 'customerId'), request, reply)) return reply;
    // blind3-history-deleted-account-500: the card row of a deleted card is read without a null check.
    if (accountId !== undefined && !own && c.faults.has('blind3-history-deleted-account-500') && c.state.cards.listRemoved(text(values, 'customerId')).some((card) => card.cardId === accountId))
      throw new TypeError("Cannot read properties of null (reading 'transactions')");
    // blind3-history-foreign-account: the account is looked up by its id alone, not among the customer's cards.
    // blind4-history-account-other-customer: the same, written anew for this batch.
    const foreign = filtering && !own && (c.faults.has('blind3-history-foreign-account') || c.faults.has('blind4-history-account-other-customer')) ? c.state.cards.get(accountId) : undefined;
    // blind7-history-account-filter-token-card-empty: the filter query joins the card-number table only.
    // blind9-history-account-filter-lost-after-card-update: the filter joins the card's first row version, replaced by an update.
    const filterable = (card: (typeof customerCards)[number]) => (card.kind === 'number' || !c.faults.has('blind7-history-account-filter-token-card-empty'))
      && !(c.faults.has('blind9-history-account-filter-lost-after-card-update') && updatedCards.has(card))
      // history-account-filter-lost-after-token-update: the token card's filter joins its row as first written.
      && !(c.faults.has('history-account-filter-lost-after-token-update') && card.kind === 'token' && card.updates > 0);
    // blind13-history-filter-by-nickname: the filter matches the named card's nickname.
    const sameNickname = sameNicknameAs(c, customerCards, accountId);
    // blind14-history-account-filter-by-last-four: the filter joins on the LastFourDigits display column.
    const sameLastFour = blind14SameLastFour(c, customerCards, accountId);
    const cards = foreign ? [foreign] : filtering ? customerCards.filter((card) => (card.cardId === accountId || sameNickname(card) || sameLastFour(card)) && filterable(card)) : customerCards;
    // blind1-history-card-number-in-display-name: the destination is named by the card's stored number.
    // blind12-history-*: row versions joined twice, a nullable column of the token table.
    // history-token-card-repeated-when-filtered: an updated token card's rows joined twice under its accountId.
    // Reading `blind4-history-tied-pairs` (D21, D22): pairs of a card's transactions share one createdOn.
    const cardHistory = (card: (typeof cards)[number]) => blind4TiedPairs(c.readings, tokenCardRepeated(c.faults, card, filtering, blind12CardHistory(c.faults, card, c.faults.has('blind1-history-card-number-in-display-name') && card.kind === 'number'
      ? historyOf(card).map((t) => ({ ...t, destinationDisplayName: card.identity })) : tokenJoinedHistory(c.faults, c.state, card, historyOf(card)))));
    // blind1-history-cards-not-merged: each card's history is newest first, but the cards are only concatenated.
    // blind4-history-order-day-only: ORDER BY CAST(createdOn AS date) DESC, transactionId.
    const dayOnly = (a: Transaction, b: Transaction) => String(b.createdOn).slice(0, 10).localeCompare(String(a.createdOn).slice(0, 10)) || String(a.transactionId).localeCompare(String(b.transactionId));
    // blind11-history-unsorted-after-delete: after a DeleteCard the rebuilt history cache concatenates the cards' histories unsorted.
    const unsortedAfterDelete = c.faults.has('blind11-history-unsorted-after-delete') && c.state.cards.listRemoved(text(values, 'customerId')).length > 0;
    const sorted = c.readings.has('history-none') ? [] : c.faults.has('blind1-history-cards-not-merged') || unsortedAfterDelete ? cards.flatMap(cardHistory)
      : cards.flatMap(cardHistory).sort(c.faults.has('blind4-history-order-day-only') ? dayOnly : blind4NewestFirst(c.readings));
    const all = filtering && cards.length > 0 ? filteredHistory(c, cashPickups(c, sorted, true)) : cashPickups(c, sorted, false);
    // blind2-history-paging-ignored-with-account: the per-card query has no paging clause.
    const reference = filtering && c.faults.has('blind2-history-paging-ignored-with-account') ? undefined : optionalText(values, 'pagingTransactionReferenceNumber');
    const unknownAccount = accountId !== undefined && !own && !foreign;
    const unknownReference = reference !== undefined && !all.some((t) => String(t.transactionId) === reference.toLowerCase());
    if (unknownAccount || unknownReference) {
      const refused = refuseUnknown(c, request, reply, unknownAccount);
      if (refused) return refused;
    }
    if (c.faults.has('history-oldest-first')) all.reverse();
    // blind6-history-page-size-one-default: `if (pageSize <= 1) pageSize = DefaultPageSize`.
    // history-page-size-ten-default: `if (pageSize >= MaxPageSize) pageSize = DefaultPageSize`.
    // Reading `blind2-page-size-zero-empty` (D23): 0 read literally, an empty page.
    const defaultSize = typeof values.pageSize !== 'number' || (values.pageSize === 0 && !c.readings.has('blind2-page-size-zero-empty')) || (c.faults.has('blind6-history-page-size-one-default') && values.pageSize === 1)
      || (c.faults.has('history-page-size-ten-default') && values.pageSize === 10);
    // blind2-history-default-page-ten: the default page clamped to the largest pageSize.
    const requested = defaultSize ? (c.faults.has('blind2-history-default-page-ten') ? 10 : history.defaultPageSize) : Number(values.pageSize);
    // blind4-history-page-size-ignored-when-paging: the paging query has its own fixed page.
    // history-reference-page-two-over: the paging query takes the reference and pageSize+1 more (an off-by-one on D22's +1).
    const size = c.faults.has('history-page-size-ignored') || (reference !== undefined && c.faults.has('blind4-history-page-size-ignored-when-paging')) ? history.defaultPageSize
      : reference !== undefined && !defaultSize && c.faults.has('history-reference-page-two-over') ? requested + 2 : requested;
    // blind9-history-oldest-first-with-account: the per-account query of the default page orders by createdOn ascending.
    if (filtering && defaultSize && reference === undefined && c.faults.has('blind9-history-oldest-first-with-account')) all.reverse();
    const paged = page(c, all, { size, reference, defaultSize });
    paged.items = deepPageGap(c.faults, all, reference, blind12Paged(c.faults, all, reference, paged.items));
    // blind11-history-page-before-account-filter: the page is cut from the customer's whole history, then filtered to the card.
    if (filtering && !defaultSize && reference === undefined && c.faults.has('blind11-history-page-before-account-filter')) {
      const ofCard = new Set(all.map((t) => t.transactionId));
      paged.items = customerCards.flatMap(historyOf).sort(newestFirst).slice(0, size).filter((t) => ofCard.has(t.transactionId));
    }
    // history-paging-gap-after-delete: once a card of the customer was deleted, the rebuilt cache's paging index skips the item after the reference.
    if (reference !== undefined && paged.items.length > 2 && c.faults.has('history-paging-gap-after-delete') && c.state.cards.listRemoved(text(values, 'customerId')).length > 0)
      paged.items = [paged.items[0]!, ...paged.items.slice(2)];
    // history-first-page-one-short: the first page's query takes the paging query's TOP pageSize - 1.
    if (accountId === undefined && !defaultSize && reference === undefined && size >= 2 && c.faults.has('history-first-page-one-short')) paged.items = paged.items.slice(0, size - 1);
    // blind11-history-default-page-unbounded-with-account: the per-card query of the default page has no TOP.
    if (filtering && defaultSize && reference === undefined && c.faults.has('blind11-history-default-page-unbounded-with-account')) paged.items = [...all];
    // blind9-history-paging-max-size-short: the paging query's TOP is (pageSize - 1) plus the reference row, capped at the maximum page.
    if (reference !== undefined && !defaultSize && size === 10 && c.faults.has('blind9-history-paging-max-size-short') && paged.items.length >= 10) paged.items = paged.items.slice(0, 9);
    // history-paging-size-one-empty: the paging query's TOP is pageSize - 1 after the reference row, and the reference row is skipped when that is 0.
    if (reference !== undefined && !defaultSize && size === 1 && c.faults.has('history-paging-size-one-empty')) paged.items = [];
    // blind10-history-default-page-21: the default query's look-ahead row is left on the page.
    if (reference === undefined && defaultSize && c.faults.has('blind10-history-default-page-21')) paged.items = all.slice(0, size + 1);
    const { start } = paged;
    // blind8-history-paging-last-page-empty: `if (start + pageSize > total) return []`, the last page taken for past the end.
    // history-paging-oldest-empty: `if (start >= total - 1) return []`, the oldest transaction taken for past the end.
    if (reference !== undefined && c.faults.has('history-paging-oldest-empty') && start === all.length - 1) paged.items = [];
    if (reference !== undefined && c.faults.has('blind8-history-paging-last-page-empty') && start < all.length && start + size > all.length) paged.items = [];
    // blind3-history-look-ahead-row: the row fetched to know whether a next page exists is left on the page.
    const looked = c.faults.has('blind3-history-look-ahead-row') && reference === undefined && !defaultSize ? all.slice(0, size + 1) : paged.items;
    // blind7-history-later-pages-oldest-first: the paging query orders by createdOn ascending.
    const items = reference !== undefined && c.faults.has('blind7-history-later-pages-oldest-first') ? [...looked].reverse() : looked;
    // blind2-history-last-page-500: the next page's reference is read without a bounds check.
    if (reference !== undefined && c.faults.has('blind2-history-last-page-500')) void (all[start + size] as Transaction).transactionId;
    // D23: totalRecords' meaning is open; the reading counts the customer's whole history, whatever the filter.
    const unfiltered = c.readings.has('history-total-unfiltered') && !c.readings.has('history-none') ? customerCards.flatMap(historyOf).length : all.length;
    const total = c.faults.has('history-total-varies') ? all.length - start : c.faults.has('total-records-page-count') ? items.length
      : sizedAccountTotal(c.faults, { filtering, sized: !defaultSize, reference }, () => customerCards.flatMap(historyOf).length, unfiltered);
    // blind1-history-total-capped: the count is taken from a query limited to the default page.
    // blind7-history-total-zero-when-paging: the count query runs for the first page only.
    const shownTotal = reference !== undefined && c.faults.has('blind7-history-total-zero-when-paging') ? 0
      : c.faults.has('blind1-history-total-capped') ? Math.min(total, history.defaultPageSize) : total;
    // Readings `blind2-history-declines`, `blind2-timestamps-min-value`: declined transactions, pending events as DateTime.MinValue.
    const stamped = shownTimestamps(c, blind2Transactions(c.readings, c.readings.has('timestamps-null-pending') ? items.map(withPendingEvents) : items));
    // blind5-history-created-on-date-only: createdOn mapped from a DATE column.
    const dated: Transaction[] = c.faults.has('blind5-history-created-on-date-only') ? stamped.map((t) => ({ ...t, createdOn: String(t.createdOn).slice(0, 10) })) : stamped;
    // blind6-history-decline-message-null: no decline, no message: the column is NULL.
    const declined = c.faults.has('blind6-history-decline-message-null') ? dated.map((t) => (t.declineReasonMessage === '' ? { ...t, declineReasonMessage: null } : t)) : dated;
    // blind7-history-load-dates-date-only: the two load dates come from DATE columns.
    const loadDate = (v: Transaction[string] | undefined) => (typeof v === 'string' ? v.slice(0, 10) : v);
    const shown: Transaction[] = c.faults.has('blind7-history-load-dates-date-only')
      ? declined.map((t) => ({ ...t, ...('expectedLoadDate' in t ? { expectedLoadDate: loadDate(t.expectedLoadDate) ?? null } : {}), ...('actualLoadDate' in t ? { actualLoadDate: loadDate(t.actualLoadDate) ?? null } : {}) }))
      : declined;
    // blind2-history-amount-decimal: amounts stored in cents written as dollars.
    const dollars = (t: Transaction): Transaction => ({ ...t, ...Object.fromEntries(['amount', 'fee', 'ocrAmount', 'userEnteredAmount', 'loadAmount'].filter((k) => typeof t[k] === 'number').map((k) => [k, (t[k] as number) / 100])) });
    // blind8-history-pickup-location-null: location 0 is "none", a NULL foreign key.
    const located = c.faults.has('blind8-history-pickup-location-null') ? shown.map((t) => (t.pickupLocationId === 0 ? { ...t, pickupLocationId: null } : t)) : shown;
    // history-empty-total-omitted: an empty result set is serialised without its count (the DTO's total is null and dropped).
    const totalShown = located.length === 0 && c.faults.has('history-empty-total-omitted') ? {} : { [history.totalMember]: shownTotal };
    return sendOk(reply, { [history.listMember]: c.faults.has('blind2-history-amount-decimal') ? located.map(dollars) : located, ...totalShown });
  });
}
