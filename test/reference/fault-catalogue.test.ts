import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedRequirement, registry } from '../../checks/registry.js';
import type { RequirementId } from '../../contract/requirements.js';
import { faultCatalogue } from '../../reference/faults/index.js';
import { switchedFaults, type TestSource } from './switched-faults.js';

/**
 * Every oracle must be shown able to fail. This keeps the catalogue honest as it grows: each
 * check bound to a requirement has a reference fault breaking that requirement, and each fault
 * is switched on by a self-test that runs the suites against it (a fault nobody runs proves nothing).
 */
/** Rules broken outside the reference: plain HTTP on the HTTPS port needs a proxy in front (test/suites/access-proxy.ts). */
const brokenByProxy: ReadonlySet<RequirementId> = new Set(['HTTPS-ONLY']);
const suiteTestDirs = ['test/suites', 'test/reporting', 'test/resilience'];
const sourcesIn = (dirs: readonly string[]): TestSource[] =>
  dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.ts')).map((f) => ({ fileName: join(d, f), text: readFileSync(join(d, f), 'utf8') })));
const known = new Set(faultCatalogue.map((f) => f.name));

describe('fault catalogue', () => {
  it('has a fault for the requirement of every check', () => {
    const broken = new Set<RequirementId>(faultCatalogue.map((f) => f.requirement));
    const unbroken = (r: RequirementId | undefined) => r !== undefined && !broken.has(r) && !brokenByProxy.has(r);
    const without = registry.filter((c) => unbroken(fixedRequirement(c)));
    expect(without.map((c) => `${c.id} (${fixedRequirement(c)})`)).toEqual([]);
  });

  it('switches every fault on in a self-test that runs the suites', () => {
    const switched = switchedFaults(sourcesIn(suiteTestDirs), known, sourcesIn(['test/support']));
    expect(faultCatalogue.filter((f) => !switched.has(f.name)).map((f) => f.name)).toEqual([]);
  });

  it('names each fault once, in kebab case, with a sentence of what it breaks', () => {
    const names = faultCatalogue.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of faultCatalogue) {
      expect(f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.breaks.length).toBeGreaterThan(20);
    }
  });
});

/** The collector behind "switches every fault on": a mention is not a switch. */
describe('switchedFaults', () => {
  const [a, b, c, d] = ['find-wrong-title', 'leak-ssn-echo', 'keys-first-only', 'history-oldest-first'];
  const source = (text: string): TestSource => ({ fileName: 'scratch.test.ts', text });
  const switched = (text: string, helpers: readonly TestSource[] = []) => [...switchedFaults([source(text)], known, helpers)].sort();

  it('does not count a fault named only in a comment, a test title or a message', () => {
    const scratch = `
      // switches on '${a}' (it does not)
      /* '${b}' */
      it('${c} is caught', () => expect(run.stdout).toContain('${d}'));
      runConformance({ faults: [], args: ['suites/find-customer.conformance.ts'] });`;
    expect(switched(scratch)).toEqual([]);
    expect(faultCatalogue.filter((f) => !switchedFaults([source(scratch)], known).has(f.name)).map((f) => f.name)).toContain(a);
  });

  it('counts faults given as faults: options, proofs, REFERENCE_FAULTS, fault tables and helpers that hand them on', () => {
    expect(switched(`runConformance({ faults: ['${a}', ...(x ? ['${b}'] : [])] });`)).toEqual([a, b].sort());
    expect(switched(`const proofs: FaultProof[] = [{ fault: '${c}', check: 'x', operation: 'y' }];`)).toEqual([c]);
    expect(switched(`run({ env: { REFERENCE_FAULTS: '${a},${d}' } });`)).toEqual([a, d].sort());
    expect(switched(`const faultRuns = { '${b}': { suite: 'token' } };`)).toEqual([b]);
    expect(switched(`const history = (fault: string, check: string) => ({ fault, checks: [check] }); history('${d}', 'newestFirst');`)).toEqual([d]);
    const helper = { fileName: 'support.ts', text: 'export function runSuites(suites: string[], faults: string[] = []) { return runConformance({ faults }); }' };
    expect(switched(`runSuites(['history'], ['${d}']);`, [helper])).toEqual([d]);
  });

  it('does not count a helper argument the helper does not switch on', () => {
    const helper = { fileName: 'support.ts', text: 'export function requirementOf(fault: string) { return faultCatalogue.find((f) => f.name === fault); }' };
    expect(switched(`requirementOf('${a}');`, [helper])).toEqual([]);
  });
});
