import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind15 faults of request handling: rewrites of the raw input before validation, each the
 * lenient parse of one field of one operation. With no blind15 fault on, the identity.
 * @see reference/faults/blind15/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind15 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind15-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const braced = /^\{([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\}$/;
const dashless = /^[0-9a-fA-F]{32}$/;
const dashed = (h: string): string => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. */
export function blind15Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind15(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  // Guid.Parse accepts "{...}": the binder hands the handler the bare GUID.
  const customerId = str('customerId');
  if (on('blind15-obo-customer-id-braces-accepted', 'AuthenticateOBO') && customerId && braced.test(customerId)) out.customerId = braced.exec(customerId)![1];
  // Guid.TryParse accepts the "N" format (32 digits, no dashes).
  if (on('blind15-history-customer-id-no-dashes-accepted', 'GetTransactionHistory') && customerId && dashless.test(customerId)) out.customerId = dashed(customerId);
  const cardId = str('cardId');
  if (on('blind15-delete-card-id-no-dashes-accepted', 'DeleteCard') && cardId && dashless.test(cardId)) out.cardId = dashed(cardId);
  const reference = str('pagingTransactionReferenceNumber');
  if (on('blind15-history-reference-braces-accepted', 'GetTransactionHistory') && reference && braced.test(reference)) out.pagingTransactionReferenceNumber = braced.exec(reference)![1];
  // expiration.PadLeft(4, '0'): "129" read as January... of "0129".
  const expiry = str('expirationMonthYear');
  if (on('blind15-card-expiration-three-digits-padded', 'AddOrUpdateCard') && expiry && /^[0-9]{3}$/.test(expiry)) out.expirationMonthYear = `0${expiry}`;
  // new DateTime(2000 + yy, 1, 1).AddMonths(mm - 1): month 13 is January of the next year.
  if (on('blind15-tcard-expiration-month-thirteen-rolled', 'AddOrUpdateTokenizedCard') && expiry && /^1[3-9][0-9]{2}$/.test(expiry))
    out.expirationMonthYear = `${pad(Number(expiry.slice(0, 2)) - 12)}${pad((Number(expiry.slice(2)) + 1) % 100)}`;
  if (on('blind15-delete-customer-id-braces-accepted', 'DeleteCard') && customerId && braced.test(customerId)) out.customerId = braced.exec(customerId)![1];
  if (on('blind15-card-customer-id-no-dashes-accepted', 'AddOrUpdateCard') && customerId && dashless.test(customerId)) out.customerId = dashed(customerId);
  const dob = str('dateOfBirth');
  // DateTime.Parse with a day-first culture reads YYYY/MM/DD as YYYY/DD/MM (when the day can be a month).
  const slashed = dob ? /^([0-9]{4})\/([0-9]{2})\/([0-9]{2})$/.exec(dob) : null;
  if (on('blind15-enroll-slashed-dob-day-month-swapped', 'EnrollCustomer') && slashed && Number(slashed[3]) >= 1 && Number(slashed[3]) <= 12 && slashed[2] !== slashed[3])
    out.dateOfBirth = `${slashed[1]}/${slashed[3]}/${slashed[2]}`;
  // DateTime.TryParse("MM-dd-yy") with the culture's two-digit year window.
  if (on('blind15-cattr-card-issue-date-two-digit-year', 'AddCustomerAttributes') && Array.isArray(src.customerAttributes))
    out.customerAttributes = src.customerAttributes.map((item: unknown) => {
      const o = asObject(item);
      const v = o?.value;
      return o && o.name === 'CardIssueDate' && typeof v === 'string' && /^[0-9]{2}-[0-9]{2}-[0-9]{2}$/.test(v) ? { ...o, value: `${v.slice(0, 6)}20${v.slice(6)}` } : item;
    });
  // Each filter entry parsed with Guid.TryParse and written back in the "D" format.
  if (on('blind15-sattr-id-filter-braces-accepted', 'AddSessionAttributes') && Array.isArray(src.sessionAttributes))
    out.sessionAttributes = src.sessionAttributes.map((item: unknown) => {
      const o = asObject(item);
      const v = o?.value;
      return o && o.name === 'AccountIdFilter' && typeof v === 'string' ? { ...o, value: v.split(',').map((s) => braced.exec(s)?.[1] ?? s).join(',') } : item;
    });
  return out;
}
