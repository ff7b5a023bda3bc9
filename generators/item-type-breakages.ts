import fc from 'fast-check';
import { fieldRequirementId, formatOf, itemKey, itemMembers, type AllowedAttribute, type Field, type ItemMember, type Operation } from '../contract/index.js';
import { isDigitsOnly } from '../contract/operators/predicates.js';
import { attributeAlternatives, itemSlot } from './attribute-breakages.js';
import { attributeValue, randomOptionalAttributes, type AttributeItem } from './attributes.js';
import { wrongTypes, type Breakage } from './breakages.js';
import type { PayloadOptions } from './payloads.js';

/**
 * Another JSON type in a member of a list's items (blind batch 16: a binder read a number as an attribute
 * value): every member contract/attributes.ts `itemMembers` derives, with every type `wrongTypes`
 * gives a required string (a number, a boolean, an array, an object, null), on the list's TYPE row.
 * The top-level members get theirs in breakages.ts; with these, every depth of every body has them.
 * The types of one member are spread over the list's optional items, one type per item and as many
 * items in one request as the list has optional names (the answer names each item apart, D14): a
 * required name of no string would also leave that name missing (D20). An item whose name is of
 * another type has no value rule, so its value key is no valid one. Session attributes' names are a
 * refusal (`namesRefused`). Items that are no object at all are attribute-item-not-object's
 * (json-type operators; open: no rule names them).
 */
export function itemTypeBreakages(op: Operation, field: Field, current: readonly AttributeItem[], options: PayloadOptions): fc.Arbitrary<Breakage>[] {
  const optional = field.attributes!.allowed.filter((a) => !a.required).map((a) => a.name);
  if (optional.length === 0) return [];
  const refusedNames = field.decisions?.includes('D19') ?? false;
  return itemMembers(field).flatMap((m) => {
    const types = wrongTypes(m);
    if (m.member === 'name' && refusedNames) return [namesRefused(op, field, current, m, options)];
    const chunks = Array.from({ length: Math.ceil(types.length / optional.length) }, (_, k) => k * optional.length);
    return chunks.map((from) => ofType(op, field, current, m, from, Math.min(types.length, from + optional.length), optional, options));
  });
}

/** The types an item's valid value can be carried in so that a coercing binder reads it back: a count's digits as a number, True or False as a boolean. */
const carries: Readonly<Record<string, (a: AllowedAttribute) => boolean>> = {
  'type-number': (a) => isDigitsOnly(a.valueFormat) && !/\{/.test(formatOf(a.valueFormat!).pattern),
  'type-boolean': (a) => (a.valueFormat ? formatOf(a.valueFormat).values ?? [] : []).some((v) => /^(true|false)$/i.test(v)),
};

const allowedOf = (field: Field, name: string): AllowedAttribute => field.attributes!.allowed.find((a) => a.name === name)!;

/** The list with an optional item (those it holds first) per type `from` to `to` of `wrongTypes`, each item's `m` of its type. */
function ofType(
  op: Operation, field: Field, current: readonly AttributeItem[], m: ItemMember, from: number, to: number, optional: readonly string[], options: PayloadOptions,
): fc.Arbitrary<Breakage> {
  const types = wrongTypes(m).slice(from, to);
  const held = current.filter((it) => optional.includes(it.name)).map((it) => it.name);
  const order = [...held, ...optional.filter((n) => !held.includes(n))];
  // A value's type goes to an item whose valid value it can carry where the list has one (a count for the number).
  const names = types.reduce<string[]>((chosen, [t]) => {
    const free = order.filter((n) => !chosen.includes(n));
    const fits = m.member === 'value' ? free.find((n) => carries[t]?.(allowedOf(field, n)) ?? false) : undefined;
    return [...chosen, fits ?? free[0]!];
  }, []);
  const withItems = names.reduce<fc.Arbitrary<[AttributeItem[], number[]]>>(
    (acc, n) => acc.chain(([list, at]) => itemSlot(field, list, n, options).map(([next, i]) => [next, [...at, i]])),
    fc.constant([[...current], []]),
  );
  return withItems.map(([list, at]): Breakage => {
    const row = fieldRequirementId(op, field, 'TYPE');
    // Each type made of the item's own valid member where it can carry it (breakages.ts wrongTypes): 3 for "3", ["NumberOfCards"].
    const typed = (it: AttributeItem, k: number) => wrongTypes(m, it[m.member])[from + k]![1];
    const value = list.map((it, i) => (at.includes(i) ? { ...it, [m.member]: typed(it, at.indexOf(i)) } : it));
    const description = `${field.name} item ${m.member}s of another JSON type (${types.map(([v]) => v).join(', ')})`;
    const broken = at.map((i, k) => ({ key: itemKey(op, field, i, m.member), requirement: row, violation: `${m.member}-${types[k]![0]}` }));
    const validItemKeys = list.flatMap((_, i) => (!at.includes(i) ? [itemKey(op, field, i, 'name'), itemKey(op, field, i, 'value')] : m.member === 'value' ? [itemKey(op, field, i, 'name')] : []));
    const alternatives = attributeAlternatives(op, field);
    return { field, value, broken, validItemKeys, ...(alternatives.length ? { alternatives } : {}), description };
  });
}

/**
 * D19: a session attribute's name the target may read as an unknown one is refused with a 4xx, where it
 * is reported unspecified. An item whose name is no string names no attribute, so the types need no
 * optional names of their own: each is an item appended to the valid list, all in one request, made of
 * an optional name that needs no target state, beside a valid value of it (a binder that reads ["x"]
 * as "x" then holds a valid item).
 */
function namesRefused(op: Operation, field: Field, current: readonly AttributeItem[], m: ItemMember, options: PayloadOptions): fc.Arbitrary<Breakage> {
  const types = wrongTypes(m);
  const stateless = randomOptionalAttributes(field)[0];
  const value = stateless ? attributeValue(field, stateless, options) : fc.constant('conformance');
  return value.map((v) => ({
    field, value: [...current, ...types.map((_, k) => ({ name: wrongTypes(m, stateless?.name)[k]![1], value: v }))], broken: [],
    refusedRequirement: fieldRequirementId(op, field, 'TYPE'), description: `${field.name} item names of another JSON type (${types.map(([t]) => t).join(', ')})`,
  }));
}
