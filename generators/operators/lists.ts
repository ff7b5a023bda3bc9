/**
 * List-size operators (contract/operators/list-size.ts): an attribute list longer than its
 * allowed names, or with one name twice. Open: the answer is judged as the one the target chose.
 */
import type { Operation } from '../../contract/index.js';
import { exclusiveSessionFilters, requirements, type RequirementId } from '../../contract/index.js';
import type { Cell, Operator } from '../../contract/operators/index.js';
import { attributeValue, fixedValue, type AttributeItem } from '../attributes.js';
import { sampleOne } from '../coverage.js';
import type { Payload, PayloadOptions } from '../payloads.js';
import type { GeneratedCase } from '../violations.js';
import { memberKey } from './cells.js';

const filters: readonly string[] = exclusiveSessionFilters;

/** The row a list without its required names is refused under (`<CODE>-REQUIRED-ATTRIBUTES`, D19, D20). */
function requiredAttributesRow(op: Operation): RequirementId {
  const id = `${op.code}-REQUIRED-ATTRIBUTES`;
  return requirements.some((r) => r.id === id) ? (id as RequirementId) : 'ERR-VALIDATION';
}

/** An empty list: none of the required names, refused with a 4xx and a JSON error body (D19, D20). */
function emptyListCase(op: Operation, cell: Cell, p: Payload): GeneratedCase {
  const body = { ...(p.body ?? {}), [cell.name]: [] };
  return {
    input: { ...p, body }, description: `${op.id}: attribute-list-empty (refused) ${cell.name}: []`,
    expectation: { kind: 'refused', operation: op.id, requirement: requiredAttributesRow(op) },
  };
}

export function listCase(op: Operation, o: Operator, cell: Cell, p: Payload, options: PayloadOptions, seed: number): GeneratedCase {
  if (o.id === 'attribute-list-empty') return emptyListCase(op, cell, p);
  const field = op.fields.find((f) => f.name === cell.name)!;
  const allowed = field.attributes!.allowed.filter((a) => !filters.includes(a.name));
  const item = (name: string, i: number): AttributeItem => {
    const fixed = fixedValue(options.fixed, name);
    const a = allowed.find((x) => x.name === name)!;
    return { name, value: fixed !== undefined ? String(fixed) : sampleOne(attributeValue(field, a, options), seed + i) };
  };
  const current = (p.body?.[field.name] ?? []) as AttributeItem[];
  const repeated = allowed.find((a) => !a.required)!.name;
  const list: AttributeItem[] = o.id === 'attribute-list-overflow'
    ? allowed.map((a, i) => item(a.name, i))
    : [...current];
  if (!list.some((it) => it.name === repeated)) list.push(item(repeated, 0));
  const target = o.id === 'attribute-list-overflow' ? (cell.allowedNames ?? allowed.length) + 1 : list.length + 1;
  while (list.length < target) list.push(item(repeated, list.length));
  const body = { ...(p.body ?? {}), [field.name]: list };
  const validKeys = op.fields.filter((f) => f.in === 'body' && f !== field).map((f) => memberKey(op, f.name));
  return {
    input: { ...p, body }, description: `${op.id}: ${o.id} (open) ${field.name} with ${list.length} items, ${repeated} repeated`,
    expectation: {
      kind: 'open', operation: op.id, validKeys, ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}),
      sent: [{ key: memberKey(op, field.name), requirement: 'ERR-VALIDATION', violation: o.id, decision: 'interface.md' }],
    },
  };
}

/**
 * The list's items or the list itself in another JSON shape (contract/operators/json-type.ts):
 * an item that is null, a string, or names itself with a number; the member given as a string
 * instead of a list. Open: only the generic contract.
 */
export function itemShapeCases(op: Operation, o: Operator, cell: Cell, p: Payload): GeneratedCase[] {
  const field = op.fields.find((f) => f.name === cell.name)!;
  const current = (p.body?.[field.name] ?? []) as AttributeItem[];
  const first = current[0] ?? { name: 'x', value: 'x' };
  // Two requests (the request budget): the odd items after the valid ones, then the list as a string.
  const shapes: Array<[string, unknown]> = [
    ['items that are a string, an object whose name is a number, and null', [...current, first.name, { name: 42, value: first.value }, null]],
    ['the list given as a string', first.value],
  ];
  const validKeys = op.fields.filter((f) => f.in === 'body' && f !== field).map((f) => memberKey(op, f.name));
  return shapes.map(([what, value]) => ({
    input: { ...p, body: { ...(p.body ?? {}), [field.name]: value } }, description: `${op.id}: ${o.id} (open) ${field.name}: ${what}`,
    expectation: {
      kind: 'open', operation: op.id, validKeys, ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}),
      sent: [{ key: memberKey(op, field.name), requirement: 'ERR-VALIDATION', violation: o.id, decision: 'interface.md' }],
    },
  }));
}
