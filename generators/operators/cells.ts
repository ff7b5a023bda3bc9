/**
 * A cell's place in a generated payload: its valid value there, and the change that puts an
 * operator's value in its place (a scalar member or parameter, or one item of an attribute
 * list), with the key a validation answer names it by (D13).
 */
import { fieldKey, fieldRequirementId, itemKey, requirements, type Field, type FieldRuleKind, type Operation, type RequirementId } from '../../contract/index.js';
import type { Cell } from '../../contract/operators/index.js';
import { attributeAlternatives } from '../attribute-breakages.js';
import { attributeValue, fixedValue, type AttributeItem } from '../attributes.js';
import type { Breakage } from '../breakages.js';
import { sampleOne } from '../coverage.js';
import type { BrokenField } from '../expectation.js';
import { wireKey, wireName, type Payload, type PayloadOptions } from '../payloads.js';
import { validValue } from '../values.js';

const documented = new Set<string>(requirements.map((r) => r.id));

/** The first of `kinds` the field has a row for (field rules are rows only where a value can break them). */
export function fieldRow(op: Operation, field: Field, kinds: readonly FieldRuleKind[]): RequirementId {
  return kinds.map((k) => fieldRequirementId(op, field, k)).find((id) => documented.has(id)) ?? 'ERR-VALIDATION';
}

/** The rule a value breaks: its length where it leaves the length column, else its format. */
function ruleOf(cell: Cell, value: unknown): FieldRuleKind[] {
  const long = typeof value === 'string' && ((cell.maxLength !== undefined && value.length > cell.maxLength) || (cell.minLength !== undefined && value.length < cell.minLength));
  return long ? ['LENGTH', 'FORMAT', 'TYPE'] : ['FORMAT', 'LENGTH', 'TYPE'];
}

const fieldOf = (op: Operation, cell: Cell): Field => op.fields.find((f) => f.name === (cell.list ?? cell.name))!;

/** The valid value `cell` carries in `p`, or a fresh valid one where `p` leaves it out. */
export function validOf(op: Operation, cell: Cell, p: Payload, options: PayloadOptions, seed: number): string {
  const field = fieldOf(op, cell);
  if (cell.place === 'attribute') {
    const item = ((p.body?.[field.name] ?? []) as AttributeItem[]).find((it) => it.name === cell.name);
    const allowed = field.attributes!.allowed.find((a) => a.name === cell.name)!;
    const fixed = fixedValue(options.fixed, cell.name);
    return item?.value ?? (fixed !== undefined ? String(fixed) : sampleOne(attributeValue(field, allowed, options), seed));
  }
  const current = (cell.place === 'query' ? p.query : p.body)?.[wireName(field, options)];
  return current !== undefined && current !== null ? String(current) : String(sampleOne(validValue(field, options), seed));
}

/** One value per cell, as breakages of `op` (attribute cells of one list in one breakage of the list). */
export function cellBreakages(
  op: Operation, p: Payload, values: ReadonlyMap<Cell, unknown>, violation: string, options: PayloadOptions, decisionOf?: (cell: Cell) => string,
): Breakage[] {
  const decided = (cell: Cell) => (decisionOf ? { decision: decisionOf(cell) } : {});
  const out: Breakage[] = [];
  const lists = new Map<Field, Array<[Cell, unknown]>>();
  for (const [cell, value] of values) {
    const field = fieldOf(op, cell);
    if (cell.place === 'attribute') lists.set(field, [...(lists.get(field) ?? []), [cell, value]]);
    else out.push({ field, value, broken: [{ key: wireKey(op, field, options), requirement: fieldRow(op, field, ruleOf(cell, value)), violation, ...decided(cell) }], description: `${field.name} ${violation}` });
  }
  for (const [field, items] of lists) {
    const list = [...((p.body?.[field.name] ?? []) as AttributeItem[])];
    const broken: BrokenField[] = [];
    const at = new Set<number>();
    for (const [cell, value] of items) {
      let i = list.findIndex((it) => it.name === cell.name);
      if (i < 0) i = list.push({ name: cell.name, value: '' }) - 1;
      list[i] = { name: cell.name, value: value as string };
      at.add(i);
      broken.push({ key: itemKey(op, field, i, 'value'), requirement: fieldRow(op, field, ruleOf(cell, value)), violation: `${cell.name} ${violation}`, ...decided(cell) });
    }
    const validItemKeys = list.flatMap((_, i) => (at.has(i) ? [itemKey(op, field, i, 'name')] : [itemKey(op, field, i, 'name'), itemKey(op, field, i, 'value')]));
    const alternatives = attributeAlternatives(op, field);
    out.push({ field, value: list, broken, validItemKeys, ...(alternatives.length ? { alternatives } : {}), description: `${field.name} ${items.map(([c]) => c.name).join(', ')} ${violation}` });
  }
  return out;
}

/** The key a member of `op`'s body is named by, documented or not. */
export const memberKey = (op: Operation, name: string): string => fieldKey(op, { name, in: 'body', type: 'string', required: false });
