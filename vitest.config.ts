import { defineConfig } from 'vitest/config';

/**
 * Two projects: `conformance` runs the suites against the target (bin/conformance.ts
 * resolves the target and passes it through TARGET_* variables), `self` runs the
 * harness's own tests.
 */
export default defineConfig({
  test: {
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
          name: 'self',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
