/**
 * Stand-ins written in groups (operator identity-with-separators: `9999-0000-0000-0001` for the
 * card the customer holds, `900 00 0001` for the customer's SSN). A grouped stand-in is no longer
 * the stand-in case-state.ts replaces, so it is put back whole before the state is resolved, and
 * the resolved value is written in the same groups after: what goes out is the real card number
 * or SSN with the separators, the near miss of a record that exists.
 */
import { fieldKey, type Operation } from '../../../contract/index.js';
import type { Expectation } from '../../../generators/expectation.js';
import { fieldRow } from '../../../generators/operators/cells.js';
import { stateSlot } from '../state/case-state.js';
import { grouped } from '../../../generators/operators/digit-date-values.js';
import { existingCustomerSlot } from '../../../generators/operators/slots.js';

/** The digits-only stand-ins (an SSN, a card number). */
const digitSlots = new Set<string>([...Object.values(stateSlot), existingCustomerSlot.ssn].filter((v) => /^[0-9]+$/.test(v)));
const inGroups = /^[0-9]+(?:[- ][0-9]+)+$/;

/** A digits-only stand-in written in groups: the stand-in, its group lengths and separator; undefined for any other value. */
function groupedSlot(v: string): { slot: string; groups: number[]; separator: string } | undefined {
  if (!inGroups.test(v)) return undefined;
  const slot = v.replace(/[- ]/g, '');
  if (!digitSlots.has(slot)) return undefined;
  return { slot, groups: v.split(/[- ]/).map((g) => g.length), separator: /[- ]/.exec(v)![0] };
}

/**
 * `digits` in the stand-in's groups, its last groups joined while it is longer than the stand-in was
 * in groups (a 17- or 18-digit card keeps within the length column the 16-digit stand-in fitted);
 * one separator stays whatever the length, or the value would be the valid one.
 */
function fitted(digits: string, groups: readonly number[], separator: string, room: number): string {
  let g = [...groups];
  while (g.length > 2 && digits.length + g.length - 1 > room) g = [...g.slice(0, -2), g.at(-2)! + g.at(-1)!];
  return grouped(digits, g, separator);
}

/** `input` with every grouped stand-in written whole (what case-state.ts resolves). */
export function ungrouped<T>(input: T): T {
  if (typeof input === 'string') return (groupedSlot(input)?.slot ?? input) as T;
  if (Array.isArray(input)) return input.map(ungrouped) as T;
  if (input && typeof input === 'object') return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, ungrouped(v)])) as T;
  return input;
}

/** `resolved` (state resolved from `ungrouped(original)`) with each value `original` held in groups written in them again. */
export function regrouped<T>(original: unknown, resolved: T): T {
  if (typeof original === 'string') {
    const g = groupedSlot(original);
    return (g && typeof resolved === 'string' ? fitted(resolved, g.groups, g.separator, original.length) : resolved) as T;
  }
  if (Array.isArray(original) && Array.isArray(resolved)) return resolved.map((v, i) => regrouped(original[i], v)) as T;
  if (original && typeof original === 'object' && resolved && typeof resolved === 'object' && !Array.isArray(resolved))
    return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, regrouped((original as Record<string, unknown>)[k], v)])) as T;
  return resolved;
}

/**
 * The expectation with the row of each member sent in groups decided on the value that went out: the
 * stand-in fits the length column in groups (16 digits and three spaces), a real card of 17 to 19
 * digits may not, and a value past its column breaks its LENGTH row first (generators/operators/cells.ts
 * `ruleOf`), as the audit of the traffic reads it too.
 */
export function rowsAsSent(op: Operation, e: Expectation, original: unknown, sent: unknown): Expectation {
  if (e.kind !== 'validation' || !isObject(original) || !isObject(sent)) return e;
  const long = op.fields.filter((f) => f.in === 'body' && f.maxLength !== undefined && typeof original[f.name] === 'string' && groupedSlot(original[f.name] as string)
    && typeof sent[f.name] === 'string' && (sent[f.name] as string).length > (f.assertedMaxLength ?? f.maxLength)!);
  if (long.length === 0) return e;
  const rows = new Map(long.map((f) => [fieldKey(op, f), fieldRow(op, f, ['LENGTH', 'FORMAT', 'TYPE'])] as const));
  return { ...e, broken: e.broken.map((b) => (rows.has(b.key) ? { ...b, requirement: rows.get(b.key)! } : b)) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
