import { describe, expect, it } from 'vitest';
import { itemMembers, operations } from '../../contract/index.js';
import { wrongTypes } from '../../generators/breakages.js';
import { violationCoverage } from '../../generators/violations.js';
import { stateFields } from '../../suites/lib/state/case-state.js';

/**
 * Blind batch 16: a binder that read a number into an attribute value took {"value": 3} for a count.
 * The field rules send every wrong JSON type in every member of every depth, made of the member's
 * valid value where the type can carry it.
 */
describe('wrong JSON types at every depth of a body', () => {
  const lists = operations.flatMap((op) => op.fields.filter((f) => itemMembers(f).length > 0).map((f) => [op, f] as const));

  it('finds the attribute lists as the only nested members of the contract', () => {
    expect(lists.map(([op, f]) => `${op.id}.${f.name}`)).toEqual(['AddCustomerAttributes.customerAttributes', 'AddSessionAttributes.sessionAttributes']);
  });

  it.each(lists.map(([op, f]) => [op.id, op, f] as const))('%s: every member of an item gets every wrong type, the coverage phase sends each', (_id, op, field) => {
    const cases = violationCoverage(op, field, { fixed: stateFields(op) }, 1);
    const items = cases.flatMap((c) => (c.input.body?.[field.name] as unknown[] | undefined) ?? []).filter((it): it is Record<string, unknown> => typeof it === 'object' && it !== null && !Array.isArray(it));
    const kind = (v: unknown) => `type-${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`;
    for (const m of itemMembers(field)) {
      const sent = new Set(items.filter((it) => m.member in it).map((it) => it[m.member]).filter((v) => typeof v !== 'string').map(kind));
      expect([...sent].sort(), `${field.name} ${m.member}`).toEqual(wrongTypes(m).map(([t]) => t).sort());
    }
  });

  it('carries the valid value in the types that can (a coercing binder reads it back), a constant elsewhere', () => {
    const member = { type: 'string', required: true } as const;
    expect(Object.fromEntries(wrongTypes(member, '6504'))).toMatchObject({ 'type-number': 6504, 'type-array': ['6504'] });
    expect(Object.fromEntries(wrongTypes(member, 'True'))).toMatchObject({ 'type-boolean': true });
    expect(Object.fromEntries(wrongTypes(member, '012345678'))).toMatchObject({ 'type-number': -1.5 });
    const cattr = operations.find((o) => o.id === 'AddCustomerAttributes')!;
    const values = violationCoverage(cattr, cattr.fields[0]!, { fixed: stateFields(cattr) }, 1)
      .flatMap((c) => (Array.isArray(c.input.body?.customerAttributes) ? c.input.body.customerAttributes as Array<{ name: unknown; value: unknown }> : []));
    expect(values.some((it) => typeof it.value === 'number' && /^[0-9]+$/.test(String(it.value)))).toBe(true);
  });
});
