import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { packageRoot } from '../../reporting/package.js';

/** The variable that hands the built entry to the self-tests' runs (bin/run-child.ts `entry`). */
export const conformanceEntryVariable = 'PC_CONFORMANCE_ENTRY';

/**
 * vitest global setup: bin/conformance.ts built once per self-test session into one ES module
 * (esbuild, which tsx and vite already use; the packages stay imports). The ~190 conformance runs
 * of `npm test` each started tsx and resolved the harness's module graph before their first line:
 * about a second of one core per run (issue 28, measured with PC_RUN_TIMES), spent again every run.
 * The build sits one directory below the package root, as bin/ does, so `packageRoot` (reporting/
 * package.ts: two levels up from the module) is the same; the workers and their runs inherit the
 * variable, and the file is removed when the session ends.
 */
export default async function setup(): Promise<() => void> {
  const dir = join(packageRoot, '.bundle');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `conformance-${process.pid}.mjs`);
  await build({
    entryPoints: [join(packageRoot, 'bin', 'conformance.ts')], outfile: file,
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning',
  });
  process.env[conformanceEntryVariable] = file;
  return () => {
    delete process.env[conformanceEntryVariable];
    rmSync(file, { force: true });
  };
}
