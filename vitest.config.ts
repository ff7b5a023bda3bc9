import { configDefaults, defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/support/heavy-first-sequencer.js';

/**
 * Three projects. `conformance` runs the suites against the target (bin/conformance.ts resolves
 * the target and passes it through TARGET_* variables). The self-tests are two sets, told apart by
 * where a file is, so a new test lands in the right one by its name:
 * - `quick` (`npm run test:quick`, the edit loop): every `test/**\/*.test.ts` that starts no
 *   conformance run. Worker threads, which start faster than processes, one per core; a conformance
 *   run started from this set is refused (test/support/no-conformance-run.mjs) with the rule to follow.
 * - `runs`: the `*.run.test.ts` files, which start conformance runs (child processes of their own).
 *   Four files at a time on two cores: a run waits on its own start-up, its reference's replies and
 *   retry delays (chaos, timeouts), and the other files fill those gaps. Each run starts one suite
 *   worker (test/support/seal.ts), so a fourth file costs less than the third did with two workers a
 *   run (issue 28, measured on a clean clone: 720 s with three files against 776 s with two; then one
 *   worker a run, 657 s; four files, with the nightly-workflow test's shards at one worker each, 641 s).
 * `npm test` runs both, the quick set first. Both are sealed (test/support/seal.ts): no caller's TARGET_* / CONFORMANCE_*
 * / REFERENCE_* variable, no .env, no connection outside loopback.
 */
const self = {
  testTimeout: 120_000,
  hookTimeout: 60_000,
  setupFiles: ['test/support/seal.ts'],
};

export default defineConfig({
  test: {
    // One temporary directory per self-test session, removed at its end (test/support/temp-root.ts).
    // bin/conformance.ts built once for the session's conformance runs (test/support/conformance-bundle.ts).
    globalSetup: ['test/support/temp-root.ts', 'test/support/conformance-bundle.ts'],
    // The longest run files first (test/support/heavy-first-sequencer.ts): a clean clone has no timings, and
    // vitest's order by size put the longest file last, alone for four minutes at the end.
    sequence: { sequencer: HeavyFirstSequencer },
    // Transformed modules kept on disk (vitest 4.0.11+, keyed by file content): the self-tests' many
    // files and workers, and the conformance runs they start, reuse one transform of the harness.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.conformance.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          ...self,
          name: 'quick',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/**/*.run.test.ts'],
          pool: 'threads',
          maxWorkers: '100%',
          // One module graph per worker thread, not one per file: the files import the same harness, and
          // re-importing it for each of ~100 files was half the set's CPU (issue 28, measured: 121 s of CPU
          // to 60 s). The self-tests mock nothing and each sets the variables it needs (seal.ts runs per file).
          isolate: false,
          sequence: { groupOrder: 0 },
          env: { PC_SELF_TEST_SET: 'quick' },
        },
      },
      {
        test: {
          ...self,
          name: 'runs',
          include: ['test/**/*.run.test.ts'],
          // A default-budget run takes a minute or more on a loaded machine, and three share the cores.
          testTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          env: { PC_SELF_TEST_SET: 'runs' },
        },
      },
    ],
  },
});
