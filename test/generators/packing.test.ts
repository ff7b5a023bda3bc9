import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../contract/index.js';
import { applicablePairs, contractCells, fieldRuleOperators } from '../../contract/operators/index.js';
import { operatorCases, type OperatorCase } from '../../generators/operators/cases.js';
import type { PackedCase } from '../../generators/operators/packing.js';
import { following, repacked } from '../../generators/operators/repack.js';
import { stateFields } from '../../suites/lib/state/case-state.js';

/**
 * Issue 30 item 6 (footprint): open operator values of different members share a request, so an
 * accepted EnrollCustomer enrols one customer for several of them. Every pair is still sent, no
 * member carries two values in one request, and a refusal's unnamed values can be sent again.
 */
const options = (op: (typeof operations)[number]) => ({ fixed: stateFields(op), emailKey: 'emailAddress' as const });
const isPacked = (c: OperatorCase): c is PackedCase => 'repack' in c;
const answered = (c: OperatorCase) => c.expectation.kind !== 'validation' && c.expectation.kind !== 'refused';

describe('open operator values packed into shared requests', () => {
  it.each([0, 7])('sends every applicable pair of every operation, each member once per request (seed %i)', (seed) => {
    for (const op of operations) {
      const cases = operatorCases(op, options(op), seed);
      const sent = new Set(cases.flatMap((c) => c.pairs.map((p) => `${p.operator} ${p.cell}`)));
      expect(applicablePairs(fieldRuleOperators, contractCells([op])).filter((p) => !sent.has(`${p.operator} ${p.cell}`)), op.id).toEqual([]);
      for (const c of cases.filter(isPacked)) {
        if (c.expectation.kind !== 'open') throw new Error(`${c.description}: a packed case is open`);
        const members = c.expectation.sent.map((s) => c.repack.memberOf[s.key]);
        expect(new Set(members).size, c.description).toBe(members.length);
        for (const m of members) expect(c.input.body ?? {}, `${c.description}: ${m}`).toHaveProperty([m!]);
        // A byte order mark keeps a request of its own: a body the target cannot read names nothing.
        expect(c.pairs.some((p) => p.operator === 'byte-order-mark'), c.description).toBe(false);
      }
    }
  });

  it('needs no more EnrollCustomer requests of open values than the member given the most of them', () => {
    const op = operation('EnrollCustomer');
    const open = operatorCases(op, options(op), 0).filter(answered).filter(isPacked);
    const perMember = new Map<string, number>();
    for (const c of open) for (const m of Object.values(c.repack.memberOf)) perMember.set(m, (perMember.get(m) ?? 0) + 1);
    // countryOfOrigin takes six open operators (whitespace either side, an emoji, null, a long text, another JSON type).
    expect(open.length).toBe(Math.max(...perMember.values()));
    expect(open.length).toBeLessThan(operatorCases(op, options(op), 0).filter(answered).length);
    // Values the register rejects keep requests of their own kind: none is packed with an open value.
    expect(operatorCases(op, options(op), 0).filter((c) => !answered(c)).some(isPacked)).toBe(false);
  });

  it('sends what a refusal left unnamed again, the named members back to their valid values', () => {
    const op = operation('EnrollCustomer');
    const c = operatorCases(op, options(op), 0).filter(isPacked).find((k) => k.expectation.kind === 'open' && k.expectation.sent.length > 3)!;
    if (c.expectation.kind !== 'open') throw new Error('open');
    const [named, ...rest] = c.expectation.sent;
    const again = repacked(c, [named!.key])!;
    const member = c.repack.memberOf[named!.key]!;
    expect(again.input.body?.[member]).toEqual(c.repack.valid[member]);
    expect(again.expectation.kind === 'open' && again.expectation.sent.map((s) => s.key)).toEqual(rest.map((s) => s.key));
    for (const s of rest) expect(again.input.body?.[c.repack.memberOf[s.key]!]).toEqual(c.input.body?.[c.repack.memberOf[s.key]!]);
    expect(again.pairs).toEqual(c.pairs);
    expect(repacked(c, [])).toBeUndefined();
    expect(repacked(c, c.expectation.sent.map((s) => s.key))).toBeUndefined();
  });

  it('writes the first member twice in a packed body until the answer names it', () => {
    const op = operation('EnrollCustomer');
    const c = operatorCases(op, options(op), 0).filter(isPacked).find((k) => Object.values(k.repack.written).includes('duplicate-member') && k.pairs.length > 1)!;
    if (c.expectation.kind !== 'open') throw new Error('open');
    const twice = Object.keys(c.repack.written).find((k) => c.repack.written[k] === 'duplicate-member')!;
    const values = c.expectation.sent.map((s) => s.key).filter((k) => k !== twice);
    expect(c.wire?.text?.({ a: 1, b: 2 })).toBe('{"a":"","a":1,"b":2}');
    expect(repacked(c, values)!.wire?.text?.({ a: 1 })).toBe('{"a":"","a":1}');
    expect(repacked(c, [twice])!.wire).toBeUndefined();
  });

  it('sends each part alone after a refusal that names none of the values, less what an earlier answer named', () => {
    const op = operation('EnrollCustomer');
    const c = operatorCases(op, options(op), 0).filter(isPacked).find((k) => (k.parts?.length ?? 0) > 2)!;
    expect(following(c, []).map((p) => p.pairs)).toEqual(c.parts!.map((p) => p.pairs));
    const [first] = c.parts!;
    const firstKeys = first!.expectation.kind === 'open' ? first!.expectation.sent.map((s) => s.key) : [];
    const after = following(following(c, firstKeys)[0]!, []);
    expect(after.length).toBe(c.parts!.length - 1);
    expect(after.flatMap((p) => p.pairs)).toEqual(c.parts!.slice(1).flatMap((p) => p.pairs));
  });
});
