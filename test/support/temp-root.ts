import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * vitest global setup: every self-test's temporary files (report directories of the ~250
 * conformance runs, recordings, audit inputs) go under one directory of this `npm test`, removed
 * when it ends. Before, each run left its reports in the system temp directory: about 1 GB per
 * `npm test`, which fills a CI runner's or a developer's disk over a few days.
 * Node's os.tmpdir() reads TMPDIR on each call, and the workers and the runs' child processes
 * inherit it from this process. Set PC_KEEP_TEMP=1 to keep the directory (its path is printed).
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'pc-self-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (process.env.PC_KEEP_TEMP === '1') console.log(`self-test temporary files kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  };
}
