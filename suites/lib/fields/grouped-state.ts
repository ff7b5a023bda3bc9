/**
 * Stand-ins written in groups (operator identity-with-separators: `9999-0000-0000-0001` for the
 * card the customer holds, `900 00 0001` for the customer's SSN). A grouped stand-in is no longer
 * the stand-in case-state.ts replaces, so it is put back whole before the state is resolved, and
 * the resolved value is written in the same groups after: what goes out is the real card number
 * or SSN with the separators, the near miss of a record that exists.
 */
import { stateSlot } from '../state/case-state.js';
import { grouped } from '../../../generators/operators/digit-date-values.js';

/** The digits-only stand-ins (an SSN, a card number). */
const digitSlots = new Set<string>(Object.values(stateSlot).filter((v) => /^[0-9]+$/.test(v)));
const inGroups = /^[0-9]+(?:[- ][0-9]+)+$/;

/** A digits-only stand-in written in groups: the stand-in, its group lengths and separator; undefined for any other value. */
function groupedSlot(v: string): { slot: string; groups: number[]; separator: string } | undefined {
  if (!inGroups.test(v)) return undefined;
  const slot = v.replace(/[- ]/g, '');
  if (!digitSlots.has(slot)) return undefined;
  return { slot, groups: v.split(/[- ]/).map((g) => g.length), separator: /[- ]/.exec(v)![0] };
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
    return (g && typeof resolved === 'string' ? grouped(resolved, g.groups, g.separator) : resolved) as T;
  }
  if (Array.isArray(original) && Array.isArray(resolved)) return resolved.map((v, i) => regrouped(original[i], v)) as T;
  if (original && typeof original === 'object' && resolved && typeof resolved === 'object' && !Array.isArray(resolved))
    return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, regrouped((original as Record<string, unknown>)[k], v)])) as T;
  return resolved;
}
