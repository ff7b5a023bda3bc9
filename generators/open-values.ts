import fc from 'fast-check';
import {
  fieldRequirementId, nearMissClasses, openDecision, openTextFields, requirements,
  type Field, type FieldRuleKind, type Operation, type RequirementId,
} from '../contract/index.js';
import type { AttributeItem } from './attributes.js';
import { itemBreakage, itemSlot } from './attribute-breakages.js';
import { brokenField, type Breakage } from './breakages.js';
import { openNearMisses } from './format-breaks.js';
import { validPayload, wireName, type Payload, type PayloadOptions } from './payloads.js';
import { sampleOne } from './coverage.js';
import { applyBreakages, type GeneratedCase } from './violations.js';
import type { OpenField } from './expectation.js';

/**
 * Values the document neither allows nor forbids, sent to see what the target does with them:
 * the near misses contract/near-misses.ts marks `observes` (D38 letter case, D39 beyond the @)
 * and, in the D40 free-text fields, characters outside printable ASCII and JSON null. Scalar
 * fields are combined, one open value each per case (round r takes each field's r-th), so an
 * operation that creates data (EnrollCustomer) spends few records; an answer's validation keys
 * tell which value was refused.
 */

/**
 * Text beyond the narrow alphabet of valid payloads: non-ASCII (one UTF-16 unit per character,
 * so every length reading counts it alike) with the punctuation real names and addresses carry
 * (O'Brien, Smith-Jones, #2). A one-character field gets the first, non-ASCII character.
 */
const unusualText = "Ñ'O-Brien Zoë #2 & Łódź 東京";

const documentedRow = (op: Operation, field: Field, kinds: readonly FieldRuleKind[]): RequirementId | undefined =>
  kinds.map((k) => fieldRequirementId(op, field, k)).find((id) => requirements.some((q) => q.id === id));

const decisionOf = (format: string, violation: string) => openDecision(nearMissClasses.find((c) => c.format === format && c.violation === violation)!);

type Way = (p: Payload, seed: number) => Breakage;

/** A field's open values: the near misses of its format (D38, D39) and, in a D40 text field, other characters or null. */
function scalarWays(op: Operation, field: Field, options: PayloadOptions): { near: Way[]; text: Way[] } {
  const near: Way[] = [];
  const text: Way[] = [];
  const as = (requirement: RequirementId, violation: string, decision: string, value: unknown): Breakage => {
    const sent: OpenField = { ...brokenField(op, field, 'FORMAT', violation, options), requirement, decision };
    return { field, value, description: `${field.name} ${violation} (${decision})`, broken: [sent] };
  };
  const bounds = field.maxLength === undefined ? options : { ...options, maxLength: field.maxLength };
  if (field.format && field.in === 'body')
    openNearMisses(field.format, bounds).forEach((_, n) =>
      near.push((p, seed) => {
        // From the value the payload carries: a fresh-identity stand-in stays one (suites/lib/state).
        const current = p.body?.[wireName(field, options)];
        const b = sampleOne(openNearMisses(field.format!, bounds, typeof current === 'string' ? current : undefined)[n]!, seed);
        return as(fieldRequirementId(op, field, 'FORMAT'), b.violation, decisionOf(field.format!, b.violation), b.value);
      }));
  const row = documentedRow(op, field, ['LENGTH', 'REQUIRED', 'FORMAT']);
  if (field.in !== 'body' || !openTextFields.includes(field.name) || !row) return { near, text };
  const length = Math.max(field.minLength ?? 1, Math.min(field.maxLength ?? 12, 12));
  text.push(() => as(row, 'non-ascii', 'D40', unusualText.slice(0, length).trimEnd()));
  if (!field.required) text.push(() => as(row, 'null', 'D40', null));
  return { near, text };
}

/** One way per open class of each attribute value (an item appended where the list lacks the name). */
function attributeWays(op: Operation, field: Field, p: Payload, options: PayloadOptions, seed: number): Breakage[] {
  const current = (p.body?.[wireName(field, options)] ?? []) as AttributeItem[];
  return field.attributes!.allowed.flatMap((a) => (a.valueFormat ? openNearMisses(a.valueFormat, options) : []).map((near) => {
    const [list, i] = sampleOne(itemSlot(field, current, a.name, options), seed);
    const b = sampleOne(near, seed);
    const breakage = itemBreakage(op, field, list, i, { member: 'value', rule: 'FORMAT', violation: `value-${b.violation}` }, { ...list[i]!, value: b.value });
    const decision = decisionOf(a.valueFormat!, b.violation);
    return { ...breakage, broken: breakage.broken.map((k): OpenField => ({ ...k, decision })), description: `${breakage.description} (${decision})` };
  }));
}

const asOpen = (op: Operation, c: GeneratedCase): GeneratedCase => {
  if (c.expectation.kind !== 'validation') throw new Error(`generators: open case of ${op.id} did not build as a validation case`);
  const { broken, validKeys } = c.expectation;
  return {
    ...c, description: `${op.id}: open values ${c.description.replace(`${op.id}: `, '')}`,
    expectation: { kind: 'open', operation: op.id, sent: broken.map((k) => ({ decision: 'D40', ...k })), validKeys, ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}) },
  };
};

/** An open-value case and the valid payload its values were put in (packing puts a refused value back from it). */
export interface OpenValueCase extends GeneratedCase {
  readonly valid: Payload;
}

/**
 * The open-value cases of `op` for `seed` (none where it has no such field): one case of format
 * near misses and one of D40 text values, each field taking one of its ways (drawn by the seed),
 * so a refusal of one kind never hides what the target did with the other; then one case per
 * open class of each attribute value.
 */
export function openValueCases(op: Operation, options: PayloadOptions, seed: number): OpenValueCase[] {
  const scalar = op.fields.filter((f) => !f.attributes).map((f) => scalarWays(op, f, options));
  const cases: OpenValueCase[] = [];
  for (const [r, kind] of (['near', 'text'] as const).entries()) {
    const ways = scalar.map((w) => w[kind]).filter((w) => w.length > 0);
    if (ways.length === 0) continue;
    const p = sampleOne(validPayload(op, options), seed + r);
    // Seeds may be negative (fast-check's are 32-bit signed): the index is taken modulo, never below 0.
    const breakages = ways.map((w, i) => w[(((seed + i) % w.length) + w.length) % w.length]!(p, seed + r));
    cases.push({ ...asOpen(op, applyBreakages(op, p, breakages, options)), valid: p });
  }
  for (const field of op.fields.filter((f) => f.attributes)) {
    const p = sampleOne(validPayload(op, options), seed);
    cases.push(...attributeWays(op, field, p, options, seed).map((b) => ({ ...asOpen(op, applyBreakages(op, p, [b], options)), valid: p })));
  }
  return cases;
}

/** The cases as an arbitrary (their own coverage phase: a property runs each once). */
export const openValueArbitrary = (cases: readonly GeneratedCase[]): fc.Arbitrary<GeneratedCase> => fc.constantFrom(...cases);
