import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checks } from '../../checks/index.js';
import { faultCatalogue } from '../../reference/faults/index.js';

/**
 * Every oracle must be shown able to fail. This keeps the catalogue honest as it grows: each
 * check bound to a requirement has a reference fault breaking that requirement, and each fault
 * is switched on by a self-test that runs the suites against it (a fault nobody runs proves nothing).
 */
const fixedRequirement = /^[A-Z0-9-]+$/;
/** Rules broken outside the reference: plain HTTP on the HTTPS port needs a proxy in front (test/suites/access-proxy.ts). */
const brokenByProxy = new Set(['HTTPS-ONLY']);
const suiteTestDirs = ['test/suites', 'test/reporting', 'test/resilience'];

describe('fault catalogue', () => {
  it('has a fault for the requirement of every check', () => {
    const broken = new Set(faultCatalogue.map((f) => f.requirement));
    const without = checks.filter((c) => fixedRequirement.test(c.requirement) && !broken.has(c.requirement) && !brokenByProxy.has(c.requirement));
    expect(without.map((c) => `${c.id} (${c.requirement})`)).toEqual([]);
  });

  it('switches every fault on in a self-test that runs the suites', () => {
    const text = suiteTestDirs.flatMap((d) => readdirSync(d).map((f) => readFileSync(join(d, f), 'utf8'))).join('\n');
    expect(faultCatalogue.filter((f) => !text.includes(`'${f.name}'`)).map((f) => f.name)).toEqual([]);
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
