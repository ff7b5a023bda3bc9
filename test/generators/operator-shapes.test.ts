import { describe, expect, it } from 'vitest';
import { operations } from '../../contract/index.js';
import { operatorCases } from '../../generators/operators/cases.js';
import { stateFields } from '../../suites/lib/state/case-state.js';

/**
 * Blind batch 12 (blind12-tcard-bin-unchecked-without-last-four): a format rule set up in the branch
 * that reads an optional member is met only by a request without that member. Every field the
 * operators reject in two requests or more meets both shapes: a request where another optional member
 * is sent and one where none is (generators/operators/cases.ts `Shapes`), at no request more.
 */
describe('rejected operator values on both payload shapes', () => {
  for (const op of operations) {
    // Members a stand-in fills whatever the shape (stateFields) are not the payload's choice.
    const fixed = stateFields(op);
    const optional = op.fields.filter((f) => !f.required && f.type !== 'attributeList' && !(f.name in fixed));
    if (optional.length === 0) continue;
    it(`${op.id}: each field rejected twice or more is sent beside another optional member and beside none`, () => {
      const shapes = new Map<string, Set<string>>();
      const counts = new Map<string, number>();
      const rejected = operatorCases(op, { fixed }, 0).filter((c) => c.expectation.kind === 'validation');
      for (const c of rejected) {
        const input = c.input as { body?: Record<string, unknown>; query?: Record<string, unknown> };
        const sent = { ...input.body, ...input.query };
        const cells = new Set(c.pairs.map((p) => p.cell.split(' ')[2]));
        const others = optional.filter((f) => !cells.has(f.name));
        // A request whose cells are every optional member has no shape to choose.
        if (others.length === 0) continue;
        for (const p of c.pairs) counts.set(p.cell, (counts.get(p.cell) ?? 0) + 1);
        const shape = others.some((f) => sent[f.name] !== undefined) ? 'with' : 'without';
        for (const p of c.pairs) shapes.set(p.cell, new Set([...(shapes.get(p.cell) ?? []), shape]));
      }
      const oneShape = [...shapes].filter(([cell, s]) => s.size < 2 && (counts.get(cell) ?? 0) >= 2).map(([cell]) => cell);
      expect(oneShape).toEqual([]);
    });
  }
});
