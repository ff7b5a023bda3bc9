import fc from 'fast-check';
import type { Field, Operation } from '../contract/index.js';
import type { AttributeItem } from './attributes.js';
import { randomOptionalAttributes } from './attributes.js';
import { itemBreakage, itemSlot } from './attribute-breakages.js';
import { brokenField, type Breakage } from './breakages.js';
import { nearMissBreaks } from './format-breaks.js';
import { ambiguousLength } from './lengths.js';
import { formatValueOfLength } from './long-values.js';
import { validPayload, wireName, type Payload, type PayloadOptions } from './payloads.js';
import { oneOfEach, sampleOne } from './coverage.js';
import { applyBreakages, type GeneratedCase } from './violations.js';

/**
 * Values that break one rule and nothing else, where a service that checks only the other rule
 * lets them through: a length one over the maximum in a value that is otherwise well formed (201
 * digits for a count), and the near misses of format-mistakes.ts (01/15/2020, `true`, `@b`, `ZZ`).
 * Formats whose own pattern fixes the length (SSN, GUID, DDDDD.CC, MM-DD-YYYY) have no in-format
 * overlong value; minimum lengths are not isolated (one below a minimum of 1 is the empty value).
 */

const lengthBreak = { member: 'value', rule: 'LENGTH', violation: 'value-max+1-in-format' } as const;

/** Breaks of a scalar field with a format. */
function scalarWays(op: Operation, field: Field, options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  if (!field.format || field.type !== 'string') return [];
  const out: fc.Arbitrary<Breakage>[] = [];
  const high = field.assertedMaxLength ?? field.maxLength;
  const overlong = high === undefined || ambiguousLength(field, high + 1) ? undefined : formatValueOfLength(field.format, high + 1, options);
  const make = (rule: 'LENGTH' | 'FORMAT', violation: string) => (value: string): Breakage =>
    ({ field, value, broken: [brokenField(op, field, rule, violation, options)], description: `${field.name} ${violation}: ${JSON.stringify(value).slice(0, 40)}` });
  if (overlong) out.push(overlong.map(make('LENGTH', 'length-max+1-in-format')));
  const bounds = field.maxLength === undefined ? {} : { maxLength: field.maxLength };
  for (const b of nearMissBreaks(field.format, { ...options, ...bounds })) out.push(b.map((fb) => make('FORMAT', fb.violation)(fb.value)));
  return out;
}

/**
 * Breaks of one optional item of an attribute list (appended when the list has none of that
 * name), one way per kind of break, its name drawn from those it applies to: the overlong
 * value is one way for all the numbers, not one per number.
 */
function attributeWays(op: Operation, field: Field, current: readonly AttributeItem[], options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  const { max } = field.attributes!.valueLength;
  const kinds = new Map<string, fc.Arbitrary<Breakage>[]>();
  const add = (kind: string, way: fc.Arbitrary<Breakage>) => kinds.set(kind, [...(kinds.get(kind) ?? []), way]);
  for (const a of randomOptionalAttributes(field)) {
    // A reference-only format (D39: PreferredEmail) still shapes an overlong value; its near misses are not asserted.
    const shape = a.valueFormat ?? a.referenceFormat;
    if (!shape) continue;
    const slot = itemSlot(field, current, a.name, options);
    const overlong = formatValueOfLength(shape, max + 1, options);
    if (overlong) add('length', fc.tuple(slot, overlong).map(([[list, i], value]) => itemBreakage(op, field, list, i, lengthBreak, { ...list[i]!, value })));
    if (a.valueFormat) nearMissBreaks(a.valueFormat, { ...options, maxLength: max }).forEach((b, n) =>
      add(`${a.valueFormat}#${n}`, fc.tuple(slot, b).map(([[list, i], fb]) =>
        itemBreakage(op, field, list, i, { member: 'value', rule: 'FORMAT', violation: `value-${fb.violation}` }, { ...list[i]!, value: fb.value }))));
  }
  return [...kinds.values()].map((ways) => fc.oneof(...ways));
}

function ways(op: Operation, p: Payload, options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  return op.fields.flatMap((f) => {
    if (!f.attributes) return scalarWays(op, f, options);
    const current = ((f.in === 'query' ? p.query : p.body)?.[wireName(f, options)] ?? []) as AttributeItem[];
    return attributeWays(op, f, current, options);
  });
}

/** The coverage phase of `isolatedRuleCases`: every kind of isolated break, once each. */
export function isolatedCoverage(op: Operation, options: PayloadOptions, seed: number): GeneratedCase[] {
  const p = sampleOne(validPayload(op, options), seed);
  return oneOfEach(ways(op, p, options), seed).map((b) => applyBreakages(op, p, [b], options));
}

/** Single-field cases breaking one rule alone (see above); undefined when `op` has none. */
export function isolatedRuleCases(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> | undefined {
  if (ways(op, {}, options).length === 0) return undefined;
  return validPayload(op, options).chain((p) => fc.oneof(...ways(op, p, options)).map((b) => applyBreakages(op, p, [b], options)));
}
