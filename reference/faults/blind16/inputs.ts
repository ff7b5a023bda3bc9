import type { FastifyReply } from 'fastify';
import type { Operation } from '../../../contract/index.js';
import { sendDone } from '../../operations/context.js';
import type { PartnerSession } from '../../state/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind16 faults of request handling: rewrites of the raw input before validation, each the
 * lenient parse of one field of one operation, a date shifted by a time zone, and a page size kept
 * in the session. Each is guarded by its fault; with no blind16 fault on, the identity.
 * @see reference/faults/blind16/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind16 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind16-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const guid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const pad = (n: number | string): string => String(n).padStart(2, '0');

/** The day before a date of birth in one of the four accepted forms, as YYYY-MM-DD; undefined for another form. */
function dayBefore(value: string): string | undefined {
  const yearFirst = /^([0-9]{4})[-/]([0-9]{2})[-/]([0-9]{2})$/.exec(value);
  const monthFirst = /^([0-9]{2})[-/]([0-9]{2})[-/]([0-9]{4})$/.exec(value);
  const [y, m, d] = yearFirst ? [yearFirst[1], yearFirst[2], yearFirst[3]] : monthFirst ? [monthFirst[3], monthFirst[1], monthFirst[2]] : [];
  if (!y || !m || !d) return undefined;
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)) - 86_400_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** blind16-history-page-size-remembered-in-session: the session's paging context. */
const pagingContext = new WeakMap<PartnerSession, unknown>();

export interface Blind16Scope {
  readonly faults: FaultSet;
  readonly session: PartnerSession;
}

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. */
export function blind16Input(scope: Blind16Scope, op: Operation, input: unknown): unknown {
  const { faults, session } = scope;
  const src = asObject(input);
  if (!src || !anyBlind16(faults)) return input;
  const out: Json = { ...src };
  const str = (name: string): string | undefined => (typeof out[name] === 'string' ? (out[name] as string) : undefined);
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  // zip.Trim() in the enrolment DTO's setter.
  const zip = str('zip');
  if (on('blind16-enroll-zip-trimmed', 'EnrollCustomer') && zip !== undefined && zip !== zip.trim()) out.zip = zip.trim();
  // No validator on title: the nvarchar(20) column is the only limit (the value is stored cut to what is shown).
  const title = str('title');
  if (on('blind16-enroll-title-max-20', 'EnrollCustomer') && title !== undefined && title.length > 10 && title.length <= 20) out.title = title.slice(0, 10);
  // DateTime.Parse(dob) as local midnight on a UTC+1 server, .ToUniversalTime().Date stored.
  const dob = str('dateOfBirth');
  const earlier = dob !== undefined ? dayBefore(dob) : undefined;
  if (on('blind16-enroll-dob-stored-day-earlier', 'EnrollCustomer') && earlier) out.dateOfBirth = earlier;
  // Guid.TryParse(accountId.Trim()).
  const accountId = str('accountId');
  if (on('blind16-history-account-id-trimmed', 'GetTransactionHistory') && accountId !== undefined && accountId !== accountId.trim() && guid.test(accountId.trim())) out.accountId = accountId.trim();
  // The session's paging context: the last pageSize asked stands until another is asked.
  if (on('blind16-history-page-size-remembered-in-session', 'GetTransactionHistory')) {
    if (/^([1-9]|10)$/.test(String(out.pageSize ?? ''))) pagingContext.set(session, out.pageSize);
    else if (out.pageSize === undefined && pagingContext.has(session)) out.pageSize = pagingContext.get(session);
  }
  // cardBin.Trim() before the BIN rule.
  const bin = str('cardBin');
  if (on('blind16-tcard-bin-trimmed', 'AddOrUpdateTokenizedCard') && bin !== undefined && bin !== bin.trim()) out.cardBin = bin.trim();
  if (op.id === 'AddCustomerAttributes' && Array.isArray(src.customerAttributes))
    out.customerAttributes = src.customerAttributes.map((item: unknown) => customerAttribute(faults, item));
  return out;
}

/** One customer attribute as the faulty binder and parsers read it. */
function customerAttribute(faults: FaultSet, item: unknown): unknown {
  const o = asObject(item);
  if (!o) return item;
  const v = o.value;
  // A JsonConverter<string> that also reads numbers.
  if (faults.has('blind16-cattr-value-number-coerced') && typeof v === 'number') return { ...o, value: String(v) };
  if (typeof v !== 'string') return item;
  // int.Parse(value, NumberStyles.AllowThousands).
  if (faults.has('blind16-cattr-count-thousands-separator') && o.name === 'TotalNumberOfCustomers' && /^[0-9]{1,3}(,[0-9]{3})+$/.test(v)) return { ...o, value: v.replace(/,/g, '') };
  // DateTime.ParseExact(value, "M-d-yyyy"): one or two digits for the month and the day.
  const loose = /^([0-9]{1,2})-([0-9]{1,2})-([0-9]{4})$/.exec(v);
  if (faults.has('blind16-cattr-purchase-date-single-digit-month') && o.name === 'LastDebitPurchaseDate' && loose) return { ...o, value: `${pad(loose[1]!)}-${pad(loose[2]!)}-${loose[3]}` };
  return item;
}

/**
 * blind16-cattr-empty-list-accepted: the required names are checked item by item, so an empty list has
 * nothing to fail; answers in the handler's place before validation, undefined otherwise.
 */
export function blind16BeforeValidation(faults: FaultSet, op: Operation, input: unknown, reply: FastifyReply): FastifyReply | undefined {
  if (!faults.has('blind16-cattr-empty-list-accepted') || op.id !== 'AddCustomerAttributes') return undefined;
  const list = asObject(input)?.customerAttributes;
  return Array.isArray(list) && list.length === 0 ? sendDone(reply) : undefined;
}
