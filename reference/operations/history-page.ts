import { history, transactionFields } from '../../contract/index.js';
import type { Transaction } from '../state/index.js';
import type { OperationContext } from './context.js';

export interface PageRequest {
  readonly size: number;
  readonly reference: string | undefined;
  /** True when no pageSize (or 0) was sent: the page is the default one (D23). */
  readonly defaultSize: boolean;
}

/**
 * One page of `all` (already in list order). D22: a page holds at most `size` items, the
 * referenced transaction first; an unknown reference gives an empty page (D30). `start` is
 * where the page begins in `all`, so a faulty total can count from there.
 */
export function page(ctx: OperationContext, all: Transaction[], p: PageRequest): { items: Transaction[]; start: number } {
  if (p.reference === undefined) {
    if (ctx.faults.has('default-page-oldest') && p.defaultSize) return { items: all.slice(-history.defaultPageSize), start: 0 };
    return { items: all.slice(0, p.size), start: 0 };
  }
  const ref = p.reference.toLowerCase();
  const start = all.findIndex((t) => String(t.transactionId) === ref);
  if (start < 0) return { items: [], start: all.length };
  if (ctx.readings.has('paging-plus-one')) return { items: all.slice(start, start + p.size + 1), start };
  if (ctx.faults.has('history-paging-gap')) return { items: [all[start]!, ...all.slice(start + 2, start + p.size + 1)], start };
  if (ctx.faults.has('paging-starts-after-reference')) return { items: all.slice(start + 1, start + 1 + p.size), start };
  // blind1-history-paging-starts-before-reference: an off-by-one in the page's first index.
  if (ctx.faults.has('blind1-history-paging-starts-before-reference')) return { items: all.slice(Math.max(0, start - 1), Math.max(0, start - 1) + p.size), start };
  return { items: all.slice(start, start + p.size), start };
}

/** Reading `history-cash-pickups`: roughly one transaction in five was cashed for pickup. */
const cashedForPickup = (t: Transaction): boolean => parseInt(String(t.transactionId).slice(0, 2), 16) % 5 === 0;

/**
 * Reading `history-cash-pickups`: a check cashed for pickup belongs to no card. It is listed in
 * the customer's history with no card digits or nickname, and in no card's filtered history.
 */
export function cashPickups(ctx: OperationContext, transactions: Transaction[], filtered: boolean): Transaction[] {
  if (!ctx.readings.has('history-cash-pickups')) return transactions;
  if (filtered) return transactions.filter((t) => !cashedForPickup(t));
  return transactions.map((t) => (cashedForPickup(t) ? { ...t, lastFourDigitsOfCard: '', cardNickname: '', destinationDisplayName: 'Cash pickup' } : t));
}

const timestampFields = transactionFields.filter((f) => f.type === 'timestamp').map((f) => f.name);
const hour = 3_600_000;

/** `t` with every timestamp that is a string rewritten; null or absent ones (D36) stay as they are. */
function restamp(t: Transaction, write: (iso: string) => string): Transaction {
  return { ...t, ...Object.fromEntries(timestampFields.filter((f) => typeof t[f] === 'string').map((f) => [f, write(String(t[f]))])) };
}

/** Fault `history-timestamp-offset` (HISTORY-SHAPE): the same instants written with a +02:00 offset. */
const offset = (iso: string) => new Date(Date.parse(iso) + 2 * hour).toISOString().replace(/Z$/, '+02:00');
/** Reading `timestamps-offset-zero`: the same instants as `2024-12-31T10:00:00.000000+00:00`. */
const zeroOffset = (iso: string) => iso.replace(/\.(\d{3})Z$/, '.$1000+00:00');
/** Reading `timestamps-whole-seconds`: the same instants without milliseconds. */
const wholeSeconds = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

/** Reading `blind-timestamps-seven-digits`: the same instants as .NET writes a UTC DateTime (`.0000000Z`). */
const sevenDigits = (iso: string) => iso.replace(/\.(\d{3})Z$/, '.$10000Z');

/** The page's items with their timestamps written as the fault or reading switched on says. */
export function shownTimestamps(ctx: OperationContext, items: Transaction[]): Transaction[] {
  // blind1-history-timestamps-no-zone: a date-time of unspecified kind, written without its Z.
  const write = ctx.faults.has('blind1-history-timestamps-no-zone') ? (iso: string) => iso.replace(/Z$/, '')
    : ctx.faults.has('history-timestamp-offset') ? offset
    : ctx.readings.has('timestamps-offset-zero') ? zeroOffset : ctx.readings.has('timestamps-whole-seconds') ? wholeSeconds
    : ctx.readings.has('blind-timestamps-seven-digits') ? sevenDigits : undefined;
  return write ? items.map((t) => restamp(t, write)) : items;
}
