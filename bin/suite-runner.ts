import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../reporting/package.js';

/**
 * The vitest command line of a conformance run. Everything is found from the package, never from
 * the current directory: an installed harness runs from wherever the user is, and its suites,
 * config and vitest live under node_modules.
 */
export function suiteRunnerArgs(filters: readonly string[]): string[] {
  const vitest = join(dirname(createRequire(join(packageRoot, 'package.json')).resolve('vitest/package.json')), 'vitest.mjs');
  return [vitest, 'run', '--root', packageRoot, '--config', join(packageRoot, 'vitest.conformance.config.ts'), ...filters];
}
