import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../contract/index.js';
import { applicablePairs, contractCells, fieldRuleOperators } from '../../contract/operators/index.js';
import { boundedMembers } from '../../generators/boundaries.js';
import { unpackedOperatorCases, type OperatorCase } from '../../generators/operators/cases.js';
import { openValueCases } from '../../generators/open-values.js';
import type { GeneratedCase } from '../../generators/violations.js';
import type { BoundsWithOpen } from '../../generators/operators/open-riders.js';
import type { PackedCase } from '../../generators/operators/packing.js';
import { fieldRulePlan } from '../../generators/operators/plan.js';
import { repacked } from '../../generators/operators/repack.js';
import { stateFields } from '../../suites/lib/state/case-state.js';

/**
 * Issue 30 item 6, fourth round: on EnrollCustomer (an accepted request is a customer for good) open
 * values ride on the bounds payloads, which enrol anyway, and the D38-D40 values share the open
 * operator values' requests, away from a value of its own in the SSN (a duplicate on every later
 * night, so nothing beside it would be stored then). Every applicable pair is still sent.
 */
const options = (op: (typeof operations)[number]) => ({ fixed: stateFields(op), emailKey: 'emailAddress' as const });
const enroll = operation('EnrollCustomer');
const withOpen = (b: unknown): b is BoundsWithOpen => typeof b === 'object' && b !== null && 'open' in b;
const keysOf = (c: GeneratedCase): string[] => (c.expectation.kind === 'open' ? c.expectation.sent.map((s) => s.key) : []);

describe('the field-rule plan of an enrolment', () => {
  it.each([0, 7, -3])('sends every applicable operator x cell pair of every operation once at least (seed %i)', (seed) => {
    for (const op of operations) {
      const plan = fieldRulePlan(op, options(op), seed);
      const all: GeneratedCase[] = [...plan.bounds, ...plan.rejected, ...plan.answered, ...plan.openValues];
      const sent = new Set(all.flatMap((c) => ('pairs' in c ? (c as OperatorCase).pairs : []).map((p) => `${p.operator} ${p.cell}`)));
      expect(applicablePairs(fieldRuleOperators, contractCells([op])).filter((p) => !sent.has(`${p.operator} ${p.cell}`)), op.id).toEqual([]);
      if (op.refusesForOwnReasons !== 'D16') expect(plan.bounds.filter(withOpen), op.id).toEqual([]);
    }
  });

  it('puts open values only in members the bounds payloads leave as generated, never in the SSN, and nothing else of the payload changes', () => {
    const bounds = fieldRulePlan(enroll, options(enroll), 0).bounds;
    const ridden = bounds.filter(withOpen);
    expect(ridden.length).toBe(bounds.length);
    const closed = new Set([...boundedMembers(enroll, options(enroll)), 'ssn']);
    for (const b of ridden) {
      const places = Object.values(b.open.riding.repack.memberOf);
      expect(places.length).toBeGreaterThan(0);
      for (const m of places) expect(closed.has(m), m).toBe(false);
      const { body } = b.open.bare.input;
      for (const [k, v] of Object.entries(body ?? {})) if (!places.includes(k)) expect(b.input.body?.[k], k).toEqual(v);
      // The media type rides still: the bare payload and the one with open values go with it.
      expect(b.open.riding.wire?.contentType).toBe((b.open.bare as OperatorCase).wire?.contentType);
      expect(b.pairs.length).toBe(((b.open.bare as OperatorCase).pairs?.length ?? 0) + b.open.riding.pairs.length);
    }
  });

  it('sends a bounds payload again without the open values a 400 named, the bound values back and its media type kept', () => {
    // One open value rides on each payload (a member with a valid edge value takes none: edge-valid.ts); naming it leaves
    // nothing to send with the bounds, so send-case.ts sends the bare payload. Naming some of several: packing.test.ts.
    for (const b of fieldRulePlan(enroll, options(enroll), 0).bounds.filter(withOpen)) {
      const named = keysOf(b.open.riding);
      expect(named.length).toBeGreaterThan(0);
      expect(repacked(b.open.riding, named)).toBeUndefined();
      for (const key of named) {
        const member = b.open.riding.repack.memberOf[key]!;
        expect(b.open.bare.input.body?.[member], member).not.toEqual(b.open.riding.input.body?.[member]);
      }
      expect((b.open.bare as OperatorCase).wire?.contentType).toBe(b.open.riding.wire?.contentType);
    }
  });

  it('keeps the D38-D40 values out of requests holding an SSN of its own, and sends each of them', () => {
    const plan = fieldRulePlan(enroll, options(enroll), 0);
    const ssn = 'command.Ssn';
    expect(plan.openValues.length).toBeGreaterThan(0);
    for (const c of plan.openValues) expect(keysOf(c), c.description).not.toContain(ssn);
    // Both D38-D40 cases (format near misses, text) are in the requests the D38-D40 property sends.
    const decisions = plan.openValues.flatMap((c) => (c.expectation.kind === 'open' ? c.expectation.sent.map((s) => s.decision) : []));
    expect(decisions).toEqual(expect.arrayContaining(['D38', 'D39', 'D40']));
    // A request of open values the answered property sends holds no D38-D40 value.
    for (const c of plan.answered) expect((c as PackedCase).documentOpen, c.description).toBeUndefined();
  });

  it('sends each open date of birth once, two of them on the bounds payloads', () => {
    const plan = fieldRulePlan(enroll, options(enroll), 0);
    const open = [...plan.answered, ...plan.openValues].filter((c) => c.expectation.kind === 'open' && 'repack' in c);
    const dates = open.filter((c) => keysOf(c).includes('command.DateOfBirth')).length;
    const riding = plan.bounds.filter(withOpen).filter((b) => keysOf(b.open.riding).includes('command.DateOfBirth')).length;
    // No valid edge value takes the date of birth (edge-valid.ts): each bounds payload carries an open one.
    expect(plan.bounds.filter((b) => b.edged?.includes('dateOfBirth'))).toEqual([]);
    expect(riding).toBe(2);
    // Each open date of birth goes once: on a bounds payload or in one request of open values.
    const values = [...unpackedOperatorCases(enroll, options(enroll), 0), ...openValueCases(enroll, options(enroll), 0)].filter((c) => keysOf(c).includes('command.DateOfBirth'));
    expect(dates + riding).toBe(values.length);
  });
});
