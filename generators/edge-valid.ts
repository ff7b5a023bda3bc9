import { formatOf, mmyyOf, type Field, type Operation } from '../contract/index.js';
import { wireName, type PayloadOptions } from './payloads.js';

/**
 * Valid values where services keep edges of their own (blind batch 20), set in the members a write's
 * payloads of bounds leave as generated (boundaries.ts boundaryCoverage). Each is valid by the document's
 * words, so the payload must still be accepted (D37: a 400 to a valid payload fails); none costs a request:
 * - a digit code that really begins with 0 (`leadingZeroReal` formats: ZIP, BIN) where an integer column
 *   or parser drops the zero;
 * - an MMYY of the current month, where an expiry check compares with < instead of <= (the day of the month
 *   kept clear of its first and last days, so a target a time zone away is in the same month);
 * - one value in two members of one format (a home number equal to the mobile one), where a copied
 *   "must differ" rule refuses it.
 * Not a date of birth at a storage limit (1900-01-01): the one member it fits is where an enrolment's open dates
 * ride, and taking it from them cost a customer more per night (issue 30's goal is at most 10).
 * Round 0 is the payload of lowest bounds, round 1 of highest: the edges are split between them so a
 * refusal names few members, and each member keeps a payload free of edges for the open values that ride
 * on an enrolment's bounds (operators/open-riders.ts: a member with an edge takes no rider). Members
 * holding target state (options.fixed: the fresh SSN) are left alone.
 */
export interface EdgeValues {
  readonly set: Readonly<Record<string, unknown>>;
  readonly labels: readonly string[];
}

/** MMYY of this month, or of the next one within two days of a month's end or start. */
export function currentMmyy(now: Date): string {
  const day = now.getUTCDate();
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  return mmyyOf(day <= 1 || day >= lastDay - 1 ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)) : now);
}

/** The edge values of round `k` for `op`, given the payload's body as generated. */
export function edgeValues(op: Operation, body: Readonly<Record<string, unknown>>, k: number, options: PayloadOptions, now = new Date()): EdgeValues {
  const set: Record<string, unknown> = {};
  const labels: string[] = [];
  const free = (f: Field) => f.in === 'body' && f.type === 'string' && f.format !== undefined && !(options.fixed && f.name in options.fixed);
  const put = (f: Field, value: string, label: string) => {
    set[wireName(f, options)] = value;
    labels.push(`${f.name} ${label}`);
  };
  for (const f of op.fields.filter(free)) {
    const generated = String(body[wireName(f, options)] ?? '');
    if (k === 0 && formatOf(f.format!).leadingZeroReal && /^[0-9]+$/.test(generated)) put(f, `0${generated.slice(1)}`, 'with a leading zero');
    if (k === 0 && f.format === 'mmyy') {
      const month = currentMmyy(now);
      put(f, month, `${month} (this month)`);
    }
  }
  if (k === 1) {
    // Two members of one format carry the same value: the first one's.
    const byFormat = new Map<string, Field[]>();
    for (const f of op.fields.filter(free)) byFormat.set(f.format!, [...(byFormat.get(f.format!) ?? []), f]);
    for (const [, same] of byFormat) {
      const first = same[0]!;
      const value = set[wireName(first, options)] ?? body[wireName(first, options)];
      if (same.length < 2 || typeof value !== 'string') continue;
      for (const f of same.slice(1)) put(f, value, `= ${first.name}`);
    }
  }
  return { set, labels };
}
