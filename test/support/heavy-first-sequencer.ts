import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The run files measured longest (issue 28: a clean clone of the 2-core machine, four files at a
 * time), started first. vitest orders files it has no timings for (every clean clone, so CI) by
 * size, largest first, and readings.run.test.ts is small on disk but starts ten full runs: it was
 * the last file to start and ran 258 s alone at the end while the other lanes stood idle. Where
 * vitest has timings of its own (a developer's second run), it already puts the long files first;
 * this order agrees with it. test/product/heavy-first.test.ts keeps every name here a file.
 */
export const heavyFirst = [
  'test/suites/readings.run.test.ts',
  'test/suites/field-rule-faults.run.test.ts',
  'test/suites/operator-faults.run.test.ts',
  'test/suites/stateful-faults.run.test.ts',
  'test/resilience/verdicts.run.test.ts',
  'test/suites/access-faults.run.test.ts',
  'test/product/nightly-workflow.run.test.ts',
  'test/suites/session-faults.run.test.ts',
  'test/resilience/chaos.run.test.ts',
  'test/suites/history-faults.run.test.ts',
  'test/suites/business-faults.run.test.ts',
] as const;

const rank = (spec: TestSpecification): number => {
  const at = heavyFirst.findIndex((file) => spec.moduleId.endsWith(file));
  return at < 0 ? heavyFirst.length : at;
};

/** vitest's own order (projects in turn, failed and long files first), the listed files moved to the front of their project. */
export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectAt = new Map<string, number>();
    sorted.forEach((spec, i) => { if (!projectAt.has(spec.project.name)) projectAt.set(spec.project.name, i); });
    const key = (spec: TestSpecification, i: number) => [projectAt.get(spec.project.name)!, rank(spec), i] as const;
    return sorted.map((spec, i) => ({ spec, k: key(spec, i) }))
      .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2]).map(({ spec }) => spec);
  }
}
