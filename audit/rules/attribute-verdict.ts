import { fieldRequirementId, itemKey, requirement, type Field, type Operation, type RequirementId } from '../../contract/index.js';
import type { BrokenField } from '../../generators/expectation.js';
import { formatVerdict, type FieldVerdict } from './field-verdict.js';

/**
 * An attribute list (AddCustomerAttributes, AddSessionAttributes) item by item, as the run's
 * attribute breakages are built (generators/attribute-breakages.ts): names and values too long
 * or empty, values breaking their format, a name or value of another JSON type than a string, a
 * required name left out. What the run never sends (unknown customer attribute names, D20; items
 * that are no `{name, value}`; a name twice) is open.
 */
export interface ListVerdict {
  readonly broken: readonly BrokenField[];
  readonly validKeys: readonly string[];
  readonly open: readonly string[];
  /** Where only "a 4xx with a JSON error body" is asserted (D19, D20): the requirement refused. */
  readonly refused?: RequirementId;
}

/** D20 and D19: a list without a required name; D19: a session attribute name not allowed. */
const refusals = {
  customerMissing: requirement('CATTR-REQUIRED-ATTRIBUTES').id,
  sessionMissing: requirement('SATTR-REQUIRED-ATTRIBUTES').id,
} as const;

const printable = /^[\x20-\x7e]*$/;

/** The run's name for a JSON value's type (generators/breakages.ts wrongTypes). */
const jsonType = (v: unknown): string => `type-${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`;

function valueVerdict(field: Field, name: string, v: unknown): FieldVerdict {
  const rule = field.attributes!;
  const allowed = rule.allowed.find((a) => a.name === name)!;
  // "value: string (required, ...)": another JSON type, null among them, breaks the list's TYPE row (generators/item-type-breakages.ts).
  if (typeof v !== 'string') {
    return allowed.required && !allowed.valueFormat ? { kind: 'open', why: 'D19: an SsoToken of no string is refused with a 4xx only' } : { kind: 'broken', rule: 'TYPE', violation: `value-${jsonType(v)}` };
  }
  if (v === '') return allowed.required && !allowed.valueFormat ? { kind: 'open', why: 'D19: an empty SsoToken is refused with a 4xx only' } : { kind: 'broken', rule: 'LENGTH', violation: 'value-empty' };
  if ([...v].length > rule.valueLength.max) return { kind: 'broken', rule: 'LENGTH', violation: 'value-max+1' };
  if (allowed.valueFormat) {
    const f = formatVerdict(v, allowed.valueFormat);
    return f.kind === 'broken' ? { kind: 'broken', rule: 'FORMAT', violation: 'value-format' } : f;
  }
  return printable.test(v) ? { kind: 'valid' } : { kind: 'open', why: 'D40: characters outside printable ASCII are not asserted' };
}

export function listVerdict(op: Operation, field: Field, list: readonly unknown[]): ListVerdict {
  const rule = field.attributes!;
  const session = field.decisions?.includes('D19') ?? false;
  const broken: BrokenField[] = [];
  const validKeys: string[] = [];
  const open: string[] = [];
  let refused: RequirementId | undefined;
  const names = new Set<string>();
  const brk = (i: number, member: 'name' | 'value', kind: 'LENGTH' | 'FORMAT' | 'TYPE', violation: string) =>
    broken.push({ key: itemKey(op, field, i, member), requirement: fieldRequirementId(op, field, kind), violation });
  list.forEach((item, i) => {
    const members = item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : [];
    if (members.length !== 2 || !members.includes('name') || !members.includes('value')) return void open.push(`${field.name}[${i}] is not a {name, value} item`);
    const { name, value } = item as { name: unknown; value: unknown };
    if (typeof name !== 'string') {
      // D19: a session attribute's name may be read as an unknown one, refused with a 4xx only (the run's item-type-breakages.ts).
      if (session) return void (refused ??= fieldRequirementId(op, field, 'TYPE'));
      return brk(i, 'name', 'TYPE', `name-${jsonType(name)}`);
    }
    if (name === '') return brk(i, 'name', 'LENGTH', 'name-empty');
    if ([...name].length > rule.nameLength.max) return brk(i, 'name', 'LENGTH', 'name-max+1');
    if (!rule.allowed.some((a) => a.name === name)) {
      // D19: an unknown session attribute name is refused with a 4xx; D20 leaves customer ones open.
      if (session) refused ??= fieldRequirementId(op, field, 'FORMAT');
      else open.push(`D20: ${field.name}[${i}] names no allowed attribute`);
      return;
    }
    if (names.has(name)) return void open.push(`${name} sent twice`);
    names.add(name);
    const v = valueVerdict(field, name, value);
    if (v.kind === 'broken') return brk(i, 'value', v.rule as 'LENGTH' | 'FORMAT' | 'TYPE', v.violation);
    if (v.kind === 'open') return void open.push(`${field.name}[${i}] (${name}): ${v.why}`);
    validKeys.push(itemKey(op, field, i, 'name'), itemKey(op, field, i, 'value'));
  });
  const missing = rule.allowed.filter((a) => a.required && !names.has(a.name));
  // A required name blanked or cut by a break may be the item that is missing: then the break is what is asserted.
  if (missing.length && broken.length === 0 && open.length === 0) refused ??= session ? refusals.sessionMissing : refusals.customerMissing;
  return { broken, validKeys, open, ...(refused ? { refused } : {}) };
}
