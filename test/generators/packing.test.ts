import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../contract/index.js';
import { applicablePairs, contractCells, fieldRuleOperators } from '../../contract/operators/index.js';
import { operatorCases, type OperatorCase } from '../../generators/operators/cases.js';
import { repacked, type PackedCase } from '../../generators/operators/packing.js';
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
        // A byte order mark takes the body as a whole, in the way the body is written.
        for (const s of c.expectation.sent)
          if (c.repack.written[s.key] === 'byte-order-mark') expect(c.wire?.text?.({}).startsWith('\uFEFF'), c.description).toBe(true);
          else expect(c.input.body ?? {}, `${c.description}: ${c.repack.memberOf[s.key]}`).toHaveProperty([c.repack.memberOf[s.key]!]);
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

  it('writes a packed body with a byte order mark until the answer names it, and names it alone then', () => {
    const op = operation('EnrollCustomer');
    const c = operatorCases(op, options(op), 0).filter(isPacked).find((k) => Object.values(k.repack.written).includes('byte-order-mark') && k.pairs.length > 1)!;
    if (c.expectation.kind !== 'open') throw new Error('open');
    const mark = Object.keys(c.repack.written).find((k) => c.repack.written[k] === 'byte-order-mark')!;
    const values = c.expectation.sent.map((s) => s.key).filter((k) => k !== mark);
    expect(c.wire?.text?.({ a: 1 })).toBe('\uFEFF{"a":1}');
    expect(repacked(c, values)!.wire?.text?.({ a: 1 })).toBe('\uFEFF{"a":1}');
    expect(repacked(c, [mark])!.wire).toBeUndefined();
  });
});
