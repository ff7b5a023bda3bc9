import fc from 'fast-check';
import type { Field, FieldRuleKind, Operation, RequirementId } from '../contract/index.js';
import { fieldRequirementId } from '../contract/index.js';
import type { BrokenField } from './expectation.js';
import { formatBreaks } from './format-breaks.js';
import { invalidLengths } from './lengths.js';
import { wireKey, type PayloadOptions } from './payloads.js';
import { validValue, valueOfLength } from './values.js';
import { normalisedEdits } from './normalised-edits.js';
import { formatValue } from './format-values.js';
import { fixedValue } from './attributes.js';


/** Marks a field to be left out of the payload. */
export const absent = Symbol('absent');

/** One field broken one way: the value to send in its place and what it must produce. */
export interface Breakage {
  readonly field: Field;
  /** Replacement value, or `absent` to leave the field out. */
  readonly value: unknown;
  readonly broken: readonly BrokenField[];
  /** Item keys of an attribute list that stay valid (D14). */
  readonly validItemKeys?: readonly string[];
  /** Errors-table rows acceptable instead of a 400 (D19). */
  readonly alternatives?: readonly string[];
  /** Set where the status is unspecified (D20): only a 4xx with a JSON error body is asserted. */
  readonly refusedRequirement?: RequirementId;
  readonly description: string;
}

export function brokenField(op: Operation, field: Field, rule: FieldRuleKind, violation: string, options: PayloadOptions): BrokenField {
  return { key: wireKey(op, field, options), requirement: fieldRequirementId(op, field, rule), violation };
}

const show = (v: unknown) => (v === absent ? 'left out' : JSON.stringify(v)?.slice(0, 40));

/** The ways `field` alone can be broken; attribute lists are in attribute-breakages.ts. */
export function scalarBreakages(op: Operation, field: Field, options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  const make = (rule: FieldRuleKind, violation: string) => (value: unknown): Breakage => ({
    field, value, broken: [brokenField(op, field, rule, violation, options)],
    description: `${field.name} ${violation}: ${show(value)}`,
  });
  const out: fc.Arbitrary<Breakage>[] = [];
  const text = field.type === 'string' || field.type === 'guid';
  if (text) {
    for (const l of invalidLengths(field)) out.push(valueOfLength(field, l.length, options).map(make(l.rule, l.violation)));
    if (field.required && !field.emptyNotAsserted) out.push(fc.constant(make('REQUIRED', 'empty')('')));
  }
  if (field.required) out.push(fc.constant(make('REQUIRED', 'missing')(absent)));
  if (field.format) {
    const { maxLength } = field;
    for (const b of formatBreaks(field.format, { ...options, ...(maxLength === undefined ? {} : { maxLength }) }))
      out.push(b.map((fb) => make('FORMAT', fb.violation)(fb.value)));
  }
  if (field.format && text)
    for (const e of normalisedEdits(field.format, formatValue(field.format, options))) {
      // Outside the length column: the length rule, else the format's.
      const rule = (v: string): FieldRuleKind => ((field.maxLength !== undefined && v.length > field.maxLength) || (field.minLength !== undefined && v.length < field.minLength) ? 'LENGTH' : 'FORMAT');
      out.push(e.values.map((v) => make(rule(v), e.violation)(v)));
    }
  if (field.range) {
    const ambiguous = field.ambiguousValues ?? [];
    const outside = [field.range.max + 1, -1].filter((n) => !ambiguous.includes(n) && (n > field.range!.max || n < field.range!.min));
    for (const n of outside) out.push(fc.constant(make('RANGE', n > field.range.max ? 'range-max+1' : 'range-negative')(field.in === 'query' ? String(n) : n)));
    // Far out of range: past 32 and 64 bits, where a parser overflows instead of refusing (still "above the maximum").
    for (const [violation, text] of [['range-past-int32', '2147483648'], ['range-past-int64', '99999999999999999999'], ['range-below-int32', '-2147483649']] as const)
      out.push(fc.constant(make('RANGE', violation)(field.in === 'query' ? text : Number(text))));
    out.push(fc.constantFrom('abc', 'ten').map(make('TYPE', 'type-not-numeric')));
  }
  if (field.in === 'body') {
    // Each type made of a valid value where it can carry one (blind batch 16): what a coercing binder reads back is then valid.
    const fixed = fixedValue(options.fixed, field.name);
    const valid = typeof fixed === 'string' ? fc.constant(fixed) : validValue(field, options);
    out.push(...wrongTypes(field).map(([violation], k) =>
      valid.map((v) => make('TYPE', violation)(wrongTypes(field, typeof v === 'string' ? v : undefined)[k]![1]))));
  }
  return out;
}

/** A valid string as a JSON number where a coercing binder writes it back unchanged (3, 12345.67, 944940192), else undefined. */
const numberOf = (valid: string): number | undefined =>
  /^-?[0-9]+(\.[0-9]+)?$/.test(valid) && String(Number(valid)) === valid ? Number(valid) : undefined;

/**
 * JSON values of another type than a member's (D11: a string for a boolean is not asserted): a
 * top-level field's, or an item member's (contract/attributes.ts itemMembers, item-type-breakages.ts).
 * Given the member's `valid` string, each type that can carry it does (blind batch 16: a binder that reads a
 * number into a string member took {"value": 3} for a count, and refused the -1.5 sent before): the
 * number it writes (3 for "3"), the boolean it names (true for "True"), the array of it (["3"], which
 * `String()` and single-value unwrapping read as "3"). Every such value is still of the wrong type.
 */
export function wrongTypes(field: { readonly type: Field['type']; readonly required: boolean }, valid?: string): [string, unknown][] {
  const named = valid !== undefined && /^(true|false)$/i.test(valid) ? valid.toLowerCase() === 'true' : undefined;
  const all: [string, unknown, Field['type'][]][] = [
    ['type-number', (valid !== undefined ? numberOf(valid) : undefined) ?? -1.5, ['string', 'guid', 'boolean', 'attributeList']],
    ['type-boolean', named ?? true, ['string', 'guid', 'attributeList']],
    ['type-string', 'x', ['attributeList']],
    ['type-array', [valid ?? 'x'], ['string', 'guid', 'boolean']],
    ['type-object', {}, ['string', 'guid', 'boolean', 'attributeList']],
  ];
  const out = all.filter(([, , types]) => types.includes(field.type)).map(([v, value]) => [v, value] as [string, unknown]);
  if (field.required) out.push(['type-null', null]);
  return out;
}
