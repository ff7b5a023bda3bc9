import { fieldKey, type Operation } from '../../../contract/index.js';
import { messages } from '../../validate/messages.js';
import type { Validated } from '../../validate/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind17 faults of request handling: rewrites of the raw input before validation (a date read
 * in local time, a lenient calendar, a float parse, a trim, a second list separator) and one rule
 * validation adds (a required optional field). Each is guarded by its fault; with no blind17 fault
 * on, the identity.
 * @see reference/faults/blind17/index.ts
 */

type Json = Record<string, unknown>;

export const anyBlind17 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind17-'));

const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

const guid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const pad = (n: number): string => String(n).padStart(2, '0');
const isoDay = (ms: number): string => { const d = new Date(ms); return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`; };

/** new Date('1990/04/01') on a UTC+2 server: local midnight, whose UTC date is the day before. */
function slashedAsLocalMidnight(value: string): string | undefined {
  const yearFirst = /^([0-9]{4})\/([0-9]{2})\/([0-9]{2})$/.exec(value);
  const monthFirst = /^([0-9]{2})\/([0-9]{2})\/([0-9]{4})$/.exec(value);
  const [y, m, d] = yearFirst ? [yearFirst[1], yearFirst[2], yearFirst[3]] : monthFirst ? [monthFirst[3], monthFirst[1], monthFirst[2]] : [];
  if (!y || !m || !d) return undefined;
  return isoDay(Date.UTC(Number(y), Number(m) - 1, Number(d)) - 2 * 3_600_000);
}

/** A lenient calendar: a day past the month's end rolls into the next month (1990-02-30 is 1990-03-02). */
function rolledOver(value: string): string | undefined {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const rolled = isoDay(Date.UTC(y, mo - 1, d));
  return rolled !== value ? rolled : undefined;
}

/** The request input as the faulty service reads it: a shallow copy where a fault rewrites a member. */
export function blind17Input(faults: FaultSet, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind17(faults)) return input;
  const out: Json = { ...src };
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  const dob = typeof src.dateOfBirth === 'string' ? src.dateOfBirth : undefined;
  if (dob !== undefined && on('blind17-find-slashed-dob-local-midnight', 'FindCustomer')) out.dateOfBirth = slashedAsLocalMidnight(dob) ?? dob;
  if (dob !== undefined && on('blind17-find-dob-lenient-day-rollover', 'FindCustomer')) out.dateOfBirth = rolledOver(dob) ?? dob;
  if (op.id === 'AddCustomerAttributes' && Array.isArray(src.customerAttributes))
    out.customerAttributes = src.customerAttributes.map((item: unknown) => customerAttribute(faults, item));
  // value.Split(new[] { ',', ';' }).
  if (on('blind17-sattr-id-filter-semicolons-accepted', 'AddSessionAttributes') && Array.isArray(src.sessionAttributes))
    out.sessionAttributes = src.sessionAttributes.map((item: unknown) => {
      const o = asObject(item);
      return o && o.name === 'AccountIdFilter' && typeof o.value === 'string' ? { ...o, value: o.value.replace(/;/g, ',') } : item;
    });
  return out;
}

/** One customer attribute as the faulty parsers read it. */
function customerAttribute(faults: FaultSet, item: unknown): unknown {
  const o = asObject(item);
  if (!o || typeof o.value !== 'string') return item;
  const v = o.value;
  // decimal.Parse(value, NumberStyles.Float): an exponent is a number like any other.
  if (faults.has('blind17-cattr-returned-balance-exponent-accepted') && o.name === 'BalanceOnReturnedChecks' && /^[0-9]+(\.[0-9]+)?[eE][+-]?[0-9]+$/.test(v)) {
    const n = Number(v);
    if (Number.isFinite(n) && n >= 0 && n < 100_000) return { ...o, value: n.toFixed(2) };
  }
  // Guid.TryParse(value.Trim()).
  if (faults.has('blind17-cattr-customer-id-value-trimmed') && o.name === 'CustomerId' && v !== v.trim() && guid.test(v.trim())) return { ...o, value: v.trim() };
  return item;
}

/** blind17-enroll-home-number-required: the DTO's non-nullable HomeNumber, one more validation error when it is not sent. */
export function blind17Validated(faults: FaultSet, op: Operation, input: unknown, v: Validated): Validated {
  if (!faults.has('blind17-enroll-home-number-required') || op.id !== 'EnrollCustomer') return v;
  const sent = asObject(input)?.homeNumber;
  const field = op.fields.find((f) => f.name === 'homeNumber');
  if (!field || (sent !== undefined && sent !== null)) return v;
  const key = fieldKey(op, field);
  return { ...v, errors: [...v.errors, { key, message: messages.required(key) }] };
}
