import fc from 'fast-check';
import { emptyIsValid, type Field, type Operation } from '../contract/index.js';
import { acceptedExpectation } from './accepted.js';
import { randomOptionalAttributes, validAttributeList, type AttributeItem } from './attributes.js';
import { minEmailLength } from './person-values.js';
import { ambiguousLength } from './lengths.js';
import { validFormatValueOfLength } from './long-values.js';
import { validPayload, queryText, wireName, type Payload, type PayloadOptions } from './payloads.js';
import { oneOfEach, sampleOne } from './coverage.js';
import { validRange, valueOfLength } from './values.js';
import type { GeneratedCase } from './violations.js';
import { edgeValues } from './edge-valid.js';

/** Formats whose valid values can be built at any length of the field's range. */
const anyLengthFormats: readonly (string | undefined)[] = [undefined, 'email', 'cardNumber'];

interface Bound {
  readonly label: string;
  readonly value: fc.Arbitrary<unknown>;
}

/**
 * Attribute values at the full value length, in the name's own format where it has that long a value (a count, not a GUID).
 * A list is a set of named items (blind18: the customer id read from the first item): payload k puts the required
 * attributes first, last or in between the others in turn, so every run sends each place, whatever the seed.
 */
function attributeBounds(field: Field, options: PayloadOptions): Bound[] {
  const { max } = field.attributes!.valueLength;
  const required = new Set(field.attributes!.allowed.filter((a) => a.required).map((a) => a.name));
  return randomOptionalAttributes(field).flatMap((a) => {
    const format = a.valueFormat ?? a.referenceFormat;
    const long = format ? validFormatValueOfLength(format, max, options) : undefined;
    if (!long) return [];
    return [{ a, long }];
  }).map(({ a, long }, k) => {
    const value = fc.tuple(validAttributeList(field, options), long).map(([list, v]): AttributeItem[] =>
      placeRequired([...list.filter((it) => it.name !== a.name), { name: a.name, value: v }], required, requiredPlaces[k % requiredPlaces.length]!));
    return { label: `${a.name} value length ${max}`, value };
  });
}

const requiredPlaces = ['first', 'last', 'between'] as const;

/** `items` with the required ones moved first, last, or between the others (after the first half of them). */
function placeRequired(items: readonly AttributeItem[], required: ReadonlySet<string>, place: (typeof requiredPlaces)[number]): AttributeItem[] {
  const req = items.filter((it) => required.has(it.name));
  const rest = items.filter((it) => !required.has(it.name));
  if (place === 'first') return [...req, ...rest];
  if (place === 'last') return [...rest, ...req];
  const half = Math.max(1, Math.floor(rest.length / 2));
  return [...rest.slice(0, half), ...req, ...rest.slice(half)];
}

/** The exact bounds of `field` sent as valid: lengths (min and max, "" where the minimum is 0) or int range ends. */
function boundValues(field: Field, options: PayloadOptions): Bound[] {
  if (field.range) {
    const ambiguous = field.ambiguousValues ?? [];
    return [field.range.min, field.range.max].filter((n) => !ambiguous.includes(n)).map((n) => ({ label: `= ${n}`, value: fc.constant(n) }));
  }
  if (field.attributes) return attributeBounds(field, options);
  const empty = emptyIsValid(field) ? [{ label: 'empty', value: fc.constant('') }] : [];
  if (field.type !== 'string' || !anyLengthFormats.includes(field.format) || field.maxLength === undefined) return empty;
  const { min, max } = validRange(field);
  const lengths = [...new Set([field.format === 'email' ? Math.max(min, minEmailLength) : min, max])].filter((l) => !ambiguousLength(field, l));
  return [...empty, ...lengths.map((l) => ({ label: `length ${l}`, value: valueOfLength(field, l, options) }))];
}

/**
 * Valid payloads with fields at exactly their min or max: each must be accepted. Every field
 * that has bounds is, independently, left as generated or set to one of them, so every bound
 * is met often even in a few runs; a refusal shrinks to the fewest fields at a bound.
 */
export function boundaryValidCases(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> | undefined {
  const bounded = boundedFields(op, options);
  if (bounded.length === 0) return undefined;
  const choice = (bounds: Bound[]) =>
    fc.option(fc.oneof(...bounds.map((b) => b.value.map((v) => ({ label: b.label, v })))), { nil: undefined });
  return fc.tuple(validPayload(op, options), fc.tuple(...bounded.map((b) => choice(b.bounds))))
    .map(([p, chosen]) => atBounds(op, p, bounded, chosen, options));
}

/**
 * The coverage phase of `boundaryValidCases`: every field at its lowest bound in one payload and at
 * its highest in another (issue 30 item 6), so two payloads hold every documented bound; a list of
 * attributes, whose bounds are one long value per attribute name, gives one payload per name (payload
 * k holds its k-th). Each payload is valid, so each must be accepted; a valid EnrollCustomer is a
 * customer that can never be deleted, so one payload per bound would cost a shared sandbox two dozen
 * of them. A refusal names every invalid key (D14), so a bound refused in company is still named;
 * `parts` holds each bound alone, for a refusal that names none (suites/lib/fields/send-case.ts).
 * The shortest non-empty value of a field whose minimum is 0 lies between its bounds: the random
 * cases meet it.
 */
export function boundaryCoverage(op: Operation, options: PayloadOptions, seed: number): BoundsCase[] {
  const bounded = boundedFields(op, options);
  const p = sampleOne(validPayload(op, options), seed);
  const each = bounded.map(({ field, bounds }, i) => ends(field, oneOfEach(bounds.map((b) => b.value.map((v) => ({ label: b.label, v }))), seed + i)));
  const rounds = Math.max(0, ...each.map((e) => e.length));
  return Array.from({ length: rounds }, (_, k) => {
    const chosen = each.map((e) => e[k]);
    // The members left as generated carry valid values at services' own edges (edge-valid.ts), in every part too.
    const edges = p.body ? edgeValues(op, p.body, k, options) : { set: {}, labels: [] };
    const pk: Payload = p.body ? { ...p, body: { ...p.body, ...edges.set } } : p;
    const withEdges = (c: GeneratedCase): GeneratedCase => (edges.labels.length ? { ...c, description: `${c.description}; valid edges: ${edges.labels.join(', ')}` } : c);
    const alone = chosen.flatMap((c, i) => (c ? [withEdges(atBounds(op, pk, bounded, chosen.map((_, j) => (j === i ? c : undefined)), options))] : []));
    return { ...withEdges(atBounds(op, pk, bounded, chosen, options)), ...(alone.length > 1 ? { parts: alone } : {}), ...(edges.labels.length ? { edged: Object.keys(edges.set) } : {}) };
  });
}

/** A payload of bounds, and each of its bounds alone on the same payload. */
export interface BoundsCase extends GeneratedCase {
  readonly parts?: readonly GeneratedCase[];
  /** Members carrying a valid edge value (edge-valid.ts): no open value rides in them. */
  readonly edged?: readonly string[];
}

/** A field's lowest and highest bound (boundValues lists them lowest first); an attribute list's every bound, one per name. */
function ends<T>(field: Field, values: readonly T[]): T[] {
  return field.attributes || values.length <= 2 ? [...values] : [values[0]!, values.at(-1)!];
}

type BoundedField = { readonly field: Field; readonly bounds: Bound[] };

/** The body members a payload of bounds sets (generators/operators/open-riders.ts: no open value rides in them). */
export const boundedMembers = (op: Operation, options: PayloadOptions): string[] =>
  boundedFields(op, options).filter((b) => b.field.in === 'body').map((b) => wireName(b.field, options));

const boundedFields = (op: Operation, options: PayloadOptions): BoundedField[] =>
  op.fields.map((field) => ({ field, bounds: boundValues(field, options) })).filter((b) => b.bounds.length > 0);

/** `p` with each field of `bounded` set to its chosen bound (undefined: left as generated). */
function atBounds(op: Operation, p: Payload, bounded: readonly BoundedField[], chosen: ReadonlyArray<{ label: string; v: unknown } | undefined>, options: PayloadOptions): GeneratedCase {
  const body = p.body ? { ...p.body } : undefined;
  const query = p.query ? { ...p.query } : undefined;
  const labels: string[] = [];
  bounded.forEach(({ field }, i) => {
    const c = chosen[i];
    if (!c) return;
    const name = wireName(field, options);
    if (field.in === 'query') query![name] = queryText(c.v);
    else body![name] = c.v;
    labels.push(`${field.name} ${c.label}`);
  });
  const input = { ...(body ? { body } : {}), ...(query ? { query } : {}) };
  return { input, expectation: acceptedExpectation(op), description: `${op.id}: ${labels.join(', ') || 'no field at a bound'}` };
}
