import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, ruleBreaks, type ImportRule } from '../support/import-graph.js';

/**
 * DESIGN.md's folder table, as far as a wrong import can break it: the audit judges recorded
 * traffic with the oracles, never with the suites or the reference; the oracles run without
 * vitest or the suites; the reference shares no code with what checks it (a shared bug would hide
 * itself). And no import circle anywhere: a circle hides which file a rule belongs to.
 */
const rules: readonly ImportRule[] = [
  { from: 'audit/', never: ['suites/', 'reference/'] },
  { from: 'oracles/', never: ['suites/'], neverPackages: ['vitest'] },
  { from: 'reference/', never: ['checks/', 'generators/', 'client/', 'suites/'] },
];

describe('the project\'s imports', () => {
  const graph = importGraph(process.cwd());

  it('reads the whole project', () => {
    expect(graph.files.size).toBeGreaterThan(300);
    expect(graph.files.get('audit/server/judge-traffic.ts')).toContain('oracles/judge.ts');
  });

  it('close no circle', () => {
    expect(importCircles(graph.files), 'import circle(s): move the shared type where both sides may import it, or fold one side into the other').toEqual([]);
  });

  it('keep the folder rules of DESIGN.md', () => {
    expect(ruleBreaks(graph, rules), 'an import DESIGN.md\'s folder table forbids').toEqual([]);
  });
});

/** The reader itself can fail: a made-up graph with a circle and a forbidden import. */
describe('the import checks', () => {
  const files = new Map([
    ['a/one.ts', ['a/two.ts']], ['a/two.ts', ['a/three.ts']], ['a/three.ts', ['a/one.ts']],
    ['b/self.ts', ['b/self.ts']], ['b/leaf.ts', ['a/one.ts']],
  ]);

  it('finds every circle, a file importing itself included', () => {
    expect(importCircles(files)).toEqual([['a/one.ts', 'a/three.ts', 'a/two.ts'], ['b/self.ts']]);
  });

  it('names the import that breaks a rule, and the package', () => {
    const graph = { files, packages: new Map([['b/leaf.ts', ['vitest']]]) };
    expect(ruleBreaks(graph, [{ from: 'b/', never: ['a/'], neverPackages: ['vitest'] }])).toEqual([
      'b/leaf.ts imports a/one.ts (b/ never imports a/)', 'b/leaf.ts imports vitest (b/ never imports vitest)',
    ]);
  });
});
