import type { FastifyInstance } from 'fastify';
import { history, transactionFields } from '../../contract/index.js';
import { historyOf, newestFirst, type Transaction } from '../state/index.js';
import { sendProblem, sendValidationProblem } from '../problems.js';
import { compileRules } from '../validate/index.js';
import { defineOperation } from './route.js';
import { optionalText, sendOk, text, type OperationContext } from './context.js';

interface PageRequest {
  readonly size: number;
  readonly reference: string | undefined;
}

/**
 * One page of `all` (already in list order). D22: a page holds at most `size` items, the
 * referenced transaction first; an unknown reference gives an empty page (D30).
 */
function page(ctx: OperationContext, all: Transaction[], p: PageRequest): { items: Transaction[]; start: number } {
  if (p.reference === undefined) return { items: all.slice(0, p.size), start: 0 };
  const ref = p.reference.toLowerCase();
  const start = all.findIndex((t) => String(t.transactionId) === ref);
  if (start < 0) return { items: [], start: all.length };
  if (ctx.readings.has('paging-plus-one')) return { items: all.slice(start, start + p.size + 1), start };
  if (ctx.faults.has('history-paging-gap')) return { items: [all[start]!, ...all.slice(start + 2, start + p.size + 1)], start };
  return { items: all.slice(start, start + p.size), start };
}

const timestampFields = transactionFields.filter((f) => f.type === 'timestamp').map((f) => f.name);
const hour = 3_600_000;

/** The same instants written with a +02:00 offset: only the `history-timestamp-offset` fault sends this (HISTORY-SHAPE). */
function offsetTimestamps(t: Transaction): Transaction {
  const shifted = (iso: string) => new Date(Date.parse(iso) + 2 * hour).toISOString().replace(/Z$/, '+02:00');
  return { ...t, ...Object.fromEntries(timestampFields.map((f) => [f, shifted(String(t[f]))])) };
}

/** Reading `timestamps-offset-zero`: the same instants as `2024-12-31T10:00:00.000000+00:00`. */
function zeroOffsetTimestamps(t: Transaction): Transaction {
  return { ...t, ...Object.fromEntries(timestampFields.map((f) => [f, String(t[f]).replace(/\.(\d{3})Z$/, '.$1000+00:00')])) };
}

/** Reading `timestamps-whole-seconds`: the same instants without milliseconds. */
function wholeSecondTimestamps(t: Transaction): Transaction {
  return { ...t, ...Object.fromEntries(timestampFields.map((f) => [f, String(t[f]).replace(/\.\d{3}Z$/, 'Z')])) };
}

/**
 * GetTransactionHistory (D21-D23): the synthetic histories of the customer's registered cards,
 * newest first by createdOn; accountId limits them to that card (another card: empty page);
 * pageSize 1..10 honoured, absent or 0 means the default 20; totalRecords counts every record
 * matching the filter, the same on every page.
 */
export function getTransactionHistory(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'GetTransactionHistory', (c, { op, values, request, reply }) => {
    if (c.readings.has('page-size-zero-rejected') && values.pageSize === 0) {
      const key = compileRules(op).find((r) => r.field.name === 'pageSize')!.key;
      return sendValidationProblem(reply, request, [{ key, message: `${key} must be between 1 and 10.` }]);
    }
    let cards = c.state.cards.listValid(text(values, 'customerId'));
    const accountId = optionalText(values, 'accountId')?.toLowerCase();
    if (accountId !== undefined && !c.faults.has('history-account-filter-ignored')) cards = cards.filter((card) => card.cardId === accountId);
    const all = c.readings.has('history-none') ? [] : cards.flatMap(historyOf).sort(newestFirst);
    const reference = optionalText(values, 'pagingTransactionReferenceNumber');
    if (c.readings.has('history-unknown-reference-422')) {
      const unknownAccount = accountId !== undefined && cards.length === 0;
      const unknownReference = reference !== undefined && !all.some((t) => String(t.transactionId) === reference.toLowerCase());
      if (unknownAccount || unknownReference)
        return sendProblem(reply, request, { status: 422, errorCode: unknownAccount ? 'ACCOUNT_NOT_FOUND' : 'TRANSACTION_NOT_FOUND', title: 'Not Found', detail: 'The accountId or paging reference names nothing of this customer.' });
    }
    if (c.faults.has('history-oldest-first')) all.reverse();
    const requested = typeof values.pageSize === 'number' && values.pageSize !== 0 ? values.pageSize : history.defaultPageSize;
    const size = c.faults.has('history-page-size-ignored') ? history.defaultPageSize : requested;
    const { items, start } = page(c, all, { size, reference });
    // D23: totalRecords' meaning is open; the reading counts the customer's whole history, whatever the filter.
    const unfiltered = c.readings.has('history-total-unfiltered') && !c.readings.has('history-none')
      ? c.state.cards.listValid(text(values, 'customerId')).flatMap(historyOf).length : all.length;
    const total = c.faults.has('history-total-varies') ? all.length - start : unfiltered;
    const shown = c.faults.has('history-timestamp-offset') ? items.map(offsetTimestamps)
      : c.readings.has('timestamps-offset-zero') ? items.map(zeroOffsetTimestamps)
        : c.readings.has('timestamps-whole-seconds') ? items.map(wholeSecondTimestamps) : items;
    return sendOk(reply, { [history.listMember]: shown, [history.totalMember]: total });
  });
}
