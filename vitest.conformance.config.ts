import { defineConfig } from 'vitest/config';
import { allureReporterConfig } from './reporting/allure.js';

/**
 * The conformance run (bin/conformance.ts passes `--config` with this file): the suites
 * against the target, a live reporter for people, Allure results for the HTML report.
 * Reports go under REPORT_DIR so two runs can write side by side (junit.xml is written by
 * reporting/, from the records, not by vitest). Suite files of a worker share its process
 * (isolate: false): the harness is imported and the token and session opened once per worker;
 * suites/lib/runner/context.ts keeps what a file memoises its own.
 */
const reportDir = process.env.REPORT_DIR || 'reports';

export default defineConfig({
  test: {
    include: ['suites/**/*.conformance.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
    pool: 'forks',
    isolate: false,
    setupFiles: ['./suites/lib/runner/start-gate-setup.ts', 'allure-vitest/setup'],
    reporters: ['./reporting/live.ts', allureReporterConfig(reportDir)],
    // Transformed modules kept on disk between runs (vitest 4.0.11+, keyed by file content):
    // each run's workers otherwise transform the whole harness again.
    experimental: { fsModuleCache: true },
  },
});
