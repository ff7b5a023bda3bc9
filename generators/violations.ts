import fc from 'fast-check';
import type { Field, Operation } from '../contract/index.js';
import { dependentResourceKinds, resourceNames } from '../contract/operators/cells.js';
import type { Expectation } from './expectation.js';
import type { AttributeItem } from './attributes.js';
import { attributeAlternatives, attributeBreakages, missingRequiredAttributes } from './attribute-breakages.js';
import { absent, scalarBreakages, type Breakage } from './breakages.js';
import { itemTypeBreakages } from './item-type-breakages.js';
import { queryText, validPayload, wireKey, wireName, type Payload, type PayloadOptions } from './payloads.js';
import { oneOfEach, sampleOne } from './coverage.js';

/** A generated request input with what it must produce. */
export interface GeneratedCase {
  readonly input: Payload;
  readonly expectation: Expectation;
  readonly description: string;
}

const section = (p: Payload, field: Field): Record<string, unknown> | undefined => (field.in === 'query' ? p.query : p.body);

function currentValue(p: Payload, field: Field, options: PayloadOptions): unknown {
  return section(p, field)?.[wireName(field, options)];
}

/** Breakages of one field for a given valid payload (attribute lists depend on the list sent). */
function breakagesOf(op: Operation, field: Field, p: Payload, options: PayloadOptions, withRefused: boolean): fc.Arbitrary<Breakage>[] {
  if (field.type !== 'attributeList') return scalarBreakages(op, field, options);
  const current = (currentValue(p, field, options) ?? []) as AttributeItem[];
  // The list itself: missing, null or of another JSON type (D19 answers may be its 422 row).
  const alternatives = attributeAlternatives(op, field);
  const whole = scalarBreakages(op, field, options).map((b) => (alternatives.length ? b.map((x) => ({ ...x, alternatives })) : b));
  return [
    ...whole,
    ...attributeBreakages(op, field, current, options),
    ...itemTypeBreakages(op, field, current, options),
    ...(withRefused ? missingRequiredAttributes(op, field, current).map((b) => fc.constant(b)) : []),
  ];
}

/** Applies the breakages to a valid payload and states the expectation (D14: every broken key, no valid one blamed). */
export function applyBreakages(op: Operation, p: Payload, breakages: readonly Breakage[], options: PayloadOptions): GeneratedCase {
  const body = p.body ? { ...p.body } : undefined;
  const query = p.query ? { ...p.query } : undefined;
  for (const b of breakages) {
    const target = (b.field.in === 'query' ? query : body) as Record<string, unknown>;
    const name = wireName(b.field, options);
    if (b.value === absent) delete target[name];
    else target[name] = b.field.in === 'query' ? queryText(b.value) : b.value;
  }
  const input: Payload = { ...(body ? { body } : {}), ...(query ? { query } : {}) };
  const brokenFields = new Set(breakages.map((b) => b.field));
  // A changed customer or card leaves what depends on it unvouched: a cardId sent beside an unknown
  // customerId names no card of that customer, and a 400 saying so blames no valid field (D30, D45).
  const resourceChanged = breakages.some((b) => resourceNames[b.field.name] !== undefined);
  const vouched = (f: Field) => !(resourceChanged && dependentResourceKinds.has(resourceNames[f.name]!));
  const validKeys = [
    ...op.fields.filter((f) => !brokenFields.has(f) && vouched(f) && currentValue(input, f, options) !== undefined).map((f) => wireKey(op, f, options)),
    ...breakages.flatMap((b) => b.validItemKeys ?? []),
  ];
  const description = `${op.id}: ${breakages.map((b) => b.description).join('; ')}`;
  const refused = breakages.find((b) => b.refusedRequirement);
  if (refused) return { input, description, expectation: { kind: 'refused', operation: op.id, requirement: refused.refusedRequirement! } };
  const alternatives = [...new Set(breakages.flatMap((b) => b.alternatives ?? []))];
  return {
    input, description,
    expectation: {
      kind: 'validation', operation: op.id, broken: breakages.flatMap((b) => b.broken), validKeys,
      ...(alternatives.length ? { alternatives } : {}),
    },
  };
}

/** Every single-field violation of `field`: a valid payload (same `fixed`) with that field broken one way. */
export function fieldViolations(op: Operation, field: Field, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> {
  return validPayload(op, options).chain((p) => {
    const ways = breakagesOf(op, field, p, options, true);
    if (ways.length === 0) throw new Error(`generators: ${op.id}.${field.name} has no violation to generate`);
    return fc.oneof(...ways).map((b) => applyBreakages(op, p, [b], options));
  });
}

/** What a case breaks: the requirement and violation of each broken key, or the refused requirement. */
const breaksOf = (c: GeneratedCase): string =>
  c.expectation.kind === 'validation' ? c.expectation.broken.map((b) => `${b.requirement} ${b.violation}`).join('|')
    // Each required name left out is its own class (D20: CustomerId and SSN alike, on every seed).
    : c.expectation.kind === 'refused' ? `${c.expectation.requirement} ${c.description}` : c.expectation.kind;

/** Valid payloads a coverage phase draws from: the ways to break an attribute list depend on the attributes sent. */
const coveragePayloads = 6;

/**
 * The coverage phase of `fieldViolations`: every way of breaking `field`, once each. A way
 * that only some valid payloads allow (a format break of an optional attribute the first list
 * lacks) is taken from the next payload that allows it.
 */
export function violationCoverage(op: Operation, field: Field, options: PayloadOptions, seed: number): GeneratedCase[] {
  const seen = new Map<string, GeneratedCase>();
  for (let n = 0; n < coveragePayloads; n += 1) {
    const p = sampleOne(validPayload(op, options), seed + n);
    for (const c of oneOfEach(breakagesOf(op, field, p, options, true), seed + n).map((b) => applyBreakages(op, p, [b], options)))
      if (!seen.has(breaksOf(c))) seen.set(breaksOf(c), c);
    if (field.type !== 'attributeList') break;
  }
  return [...seen.values()];
}

/** Single-field violations of any field of `op`. AuthenticatePartner has no fields (D3): none. */
export function violationCases(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> {
  if (op.fields.length === 0) throw new Error(`generators: ${op.id} has no fields to break`);
  return fc.oneof(...op.fields.map((f) => fieldViolations(op, f, options)));
}

/** D14: 2 to 4 fields broken at once; undefined when `op` has fewer than two fields. */
export function multiViolations(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> | undefined {
  if (op.fields.length < 2) return undefined;
  return validPayload(op, options).chain((p) =>
    fc.shuffledSubarray([...op.fields], { minLength: 2, maxLength: Math.min(4, op.fields.length) })
      .chain((fields) => fc.tuple(...fields.map((f) => fc.oneof(...breakagesOf(op, f, p, options, false)))))
      .map((bs) => applyBreakages(op, p, bs, options)));
}
