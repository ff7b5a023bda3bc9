import { describe, expect, expectTypeOf, it } from 'vitest';
import * as all from '../../checks/index.js';
import { checkModules, isCheck, registry, requirementsNamedBy, type CheckId } from '../../checks/registry.js';
import { finding } from '../../checks/support.js';
import { requirement, requirements, type RequirementId } from '../../contract/requirements.js';
import { faultCatalogue } from '../../reference/faults/index.js';

/** Rules broken outside the reference: plain HTTP on the HTTPS port needs a proxy in front (test/suites/access-proxy.ts). */
const brokenByProxy: ReadonlySet<RequirementId> = new Set(['HTTPS-ONLY']);

describe('check registry', () => {
  const exported = Object.values(all).filter(isCheck);

  it('holds every check the package exports, and exports every check it holds, each id once', () => {
    expect(exported.length).toBeGreaterThan(40);
    expect(new Set(exported)).toEqual(new Set(registry));
    const ids = registry.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, value] of Object.entries(all)) if (isCheck(value)) expect(value.id, name).toBe(name);
    for (const c of registry) expect(c.name).toBe(c.id);
  });

  it('collects from every module that defines a check (a module left out would hide its checks)', () => {
    for (const m of checkModules) expect(Object.values(m).some(isCheck)).toBe(true);
  });

  it('names requirements that exist in contract/, and every check describes what it reads', () => {
    const known = new Set<string>(requirements.map((q) => q.id));
    for (const c of registry) {
      expect(requirementsNamedBy(c).length, c.id).toBeGreaterThan(0);
      for (const id of requirementsNamedBy(c)) expect(known, `${c.id} names ${id}`).toContain(id);
      expect(c.description.length, c.id).toBeGreaterThan(10);
      expect(c.expectation.length, c.id).toBeGreaterThan(0);
    }
  });

  it('is proven able to fail: a reference fault breaks the requirement of every check', () => {
    const broken = new Set<RequirementId>([...faultCatalogue.map((f) => f.requirement), ...brokenByProxy]);
    const unproven = registry.filter((c) => !requirementsNamedBy(c).some((id) => broken.has(id)));
    expect(unproven.map((c) => `${c.id} (${requirementsNamedBy(c).join(', ')})`)).toEqual([]);
    // A fixed requirement must be broken itself, not one of its neighbours.
    const fixed = registry.filter((c) => typeof c.requirement === 'string' && !broken.has(c.requirement));
    expect(fixed.map((c) => c.id)).toEqual([]);
  });

  it('binds a check\'s findings to its own id and requirement', () => {
    const [f] = all.noServerError({ ...fake(), response: { ...fake().response!, status: 503 } }, undefined);
    expect(f).toMatchObject({ check: 'noServerError', requirement: 'GEN-NO-5XX', severity: requirement('GEN-NO-5XX').severity });
  });
});

describe('ids are types', () => {
  it('rejects a misspelt requirement or check id at compile time', () => {
    expectTypeOf<'GEN-NO-5XX'>().toExtend<RequirementId>();
    expectTypeOf<'ENROLL-ZIP-FORMAT'>().toExtend<RequirementId>();
    expectTypeOf<'statusMatches'>().toExtend<CheckId>();
    expectTypeOf<'GEN-NO-5XXX'>().not.toExtend<RequirementId>();
    expectTypeOf<'ENROL-ZIP-FORMAT'>().not.toExtend<RequirementId>();
    expectTypeOf<'statusMatch'>().not.toExtend<CheckId>();
    // Typed calls: each line below must fail `npm run typecheck` (tsc fails on an unused @ts-expect-error).
    // @ts-expect-error a misspelt requirement id
    expect(() => requirement('GEN-NO-5XXX')).toThrow();
    // @ts-expect-error a misspelt requirement id given to a finding
    finding('newestFirst', 'HISTORY-ORDERR', 'GetTransactionHistory', { title: 't', received: 'r', documented: 'd' });
    // @ts-expect-error a misspelt check id
    expect(() => all.answersFor('statusMatch', {})).toThrow();
  });
});

function fake(): import('../../client/exchange.js').Exchange {
  return {
    request: { operation: 'FindCustomer', method: 'POST', url: 'https://h/x', headers: {}, correlationId: 'c' },
    response: { status: 200, headers: {}, bodyText: '', json: undefined },
    durationMs: 1,
  } as unknown as import('../../client/exchange.js').Exchange;
}
