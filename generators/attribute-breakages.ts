import fc from 'fast-check';
import type { AllowedAttribute, Field, Operation } from '../contract/index.js';
import { errorRow, fieldRequirementId, itemKey, requirement } from '../contract/index.js';
import type { BrokenField } from './expectation.js';
import { attributeValue, randomOptionalAttributes, type AttributeItem } from './attributes.js';
import { formatBreaks } from './format-breaks.js';
import { formatValueOfLength } from './long-values.js';
import type { Breakage } from './breakages.js';
import type { PayloadOptions } from './payloads.js';
import { stringOf, lowerChars } from './text.js';

/** D20: a customer attribute list without a required name is refused; where it is reported is unspecified. */
export const missingRequiredAttributeRequirement = requirement('CATTR-REQUIRED-ATTRIBUTES').id;

/** D19: session attribute values may be answered with a 422 business row instead of a 400. */
export function attributeAlternatives(op: Operation, field: Field): string[] {
  if (!field.decisions?.includes('D19')) return [];
  return op.errors.filter((e) => errorRow(e).status === 422 && errorRow(e).condition.includes(op.id));
}

const allowedOf = (field: Field, name: string): AllowedAttribute | undefined => field.attributes!.allowed.find((a) => a.name === name);

type Member = 'name' | 'value';

/** One item of an attribute list broken: the list with `item` at `index`, the key it must produce, the other items' keys (D14). */
export function itemBreakage(
  op: Operation, field: Field, list: readonly AttributeItem[], index: number,
  broken: { member: Member; rule: 'LENGTH' | 'FORMAT'; violation: string }, item: AttributeItem,
): Breakage {
  const alternatives = attributeAlternatives(op, field);
  const value = list.map((it, i) => (i === index ? item : it));
  const key: BrokenField = { key: itemKey(op, field, index, broken.member), requirement: fieldRequirementId(op, field, broken.rule), violation: broken.violation };
  const validItemKeys = list.flatMap((_, i) => (i === index ? [] : [itemKey(op, field, i, 'name'), itemKey(op, field, i, 'value')]));
  return {
    field, value, broken: [key], validItemKeys, ...(alternatives.length ? { alternatives } : {}),
    description: `${field.name}[${index}] (${item.name.slice(0, 20) || list[index]?.name}) ${broken.violation}`,
  };
}

/** The list with an item named `name` (appended with a valid value when it has none) and that item's index. */
export function itemSlot(field: Field, current: readonly AttributeItem[], name: string, options: PayloadOptions): fc.Arbitrary<[AttributeItem[], number]> {
  const at = current.findIndex((it) => it.name === name);
  if (at >= 0) return fc.constant([[...current], at]);
  return attributeValue(field, allowedOf(field, name)!, options).map((value) => [[...current, { name, value }], current.length]);
}

/** max+1 characters: in the value's own format where it has values that long (the length rule alone), else lower-case letters. */
function overlongValue(format: string | undefined, max: number, options: PayloadOptions): fc.Arbitrary<string> {
  const inFormat = format ? formatValueOfLength(format, max + 1, options) : undefined;
  return inFormat ?? stringOf({ chars: lowerChars, minLength: max + 1, maxLength: max + 1 });
}

/**
 * The ways one item of an attribute list can be broken. Names are broken only on optional
 * items (a blank required name would also make that name missing); values of a required
 * name without a value format (SsoToken) are left alone (D19: a 4xx only). Unknown names
 * are not generated.
 */
export function attributeBreakages(op: Operation, field: Field, current: readonly AttributeItem[], options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  const rule = field.attributes!;
  const make = (list: readonly AttributeItem[], index: number, member: Member, rule_: 'LENGTH' | 'FORMAT', violation: string, item: AttributeItem) =>
    itemBreakage(op, field, list, index, { member, rule: rule_, violation }, item);
  // One optional item of the list, appended when the list has none.
  const have = current.filter((it) => !allowedOf(field, it.name)?.required).map((it) => it.name);
  const optional = have.length ? have : randomOptionalAttributes(field).map((a) => a.name);
  const withOptional = fc.constantFrom(...optional).chain((n) => itemSlot(field, current, n, options));
  const valueIndexes = current.map((it, i) => [it, i] as const).filter(([it]) => {
    const a = allowedOf(field, it.name);
    return a && (a.valueFormat || !a.required);
  });
  const out: fc.Arbitrary<Breakage>[] = [
    withOptional.map(([list, i]) => make(list, i, 'name', 'LENGTH', 'name-empty', { ...list[i]!, name: '' })),
    withOptional.chain(([list, i]) =>
      stringOf({ chars: lowerChars, minLength: rule.nameLength.max + 1, maxLength: rule.nameLength.max + 1 })
        .map((name) => make(list, i, 'name', 'LENGTH', 'name-max+1', { ...list[i]!, name }))),
  ];
  if (valueIndexes.length) {
    const idx = fc.constantFrom(...valueIndexes.map(([, i]) => i));
    out.push(idx.map((i) => make(current, i, 'value', 'LENGTH', 'value-empty', { ...current[i]!, value: '' })));
    out.push(idx.chain((i) => overlongValue(allowedOf(field, current[i]!.name)?.valueFormat, rule.valueLength.max, options)
      .map((value) => make(current, i, 'value', 'LENGTH', 'value-max+1', { ...current[i]!, value }))));
  }
  for (const [it, i] of valueIndexes) {
    const format = allowedOf(field, it.name)?.valueFormat;
    if (!format) continue;
    for (const b of formatBreaks(format, { ...options, maxLength: rule.valueLength.max }))
      out.push(b.filter((fb) => fb.value.length >= rule.valueLength.min).map((fb) => make(current, i, 'value', 'FORMAT', `value-${fb.violation}`, { ...it, value: fb.value })));
  }
  return out;
}

/** D20: each required name left out of a customer attribute list; refused, placement unspecified. */
export function missingRequiredAttributes(op: Operation, field: Field, current: readonly AttributeItem[]): Breakage[] {
  if (!field.decisions?.includes('D20')) return [];
  return field.attributes!.allowed.filter((a) => a.required).map((a) => ({
    field, value: current.filter((it) => it.name !== a.name), broken: [],
    refusedRequirement: missingRequiredAttributeRequirement, description: `${field.name} without the required ${a.name}`,
  }));
}
