import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';

/**
 * Issue 28 item 5, as the issue found it: a developer points the tool at a sandbox with a .env in
 * the checkout and TARGET_* in the shell, then runs the self-tests. In a copy of this checkout with
 * such a .env (an unreachable target, a fault, a narrowed selection) and such a shell, both
 * commands pass: the quick set (a test that starts a command reading the .env) and the runs set (a
 * conformance run that must find the clean embedded reference).
 */
const copy = mkdtempSync(join(tmpdir(), 'pc-sealed-checkout-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const unreachable = 'https://192.0.2.1:8443';
const userConfig = {
  TARGET_BASE_URL: unreachable, TARGET_CLIENT_ID: 'partner', TARGET_CLIENT_SECRET: 'secret-value-1',
  REFERENCE_FAULTS: 'find-wrong-title', CONFORMANCE_ONLY: 'EnrollCustomer', CONFORMANCE_RUNS: '1',
};

function vitest(project: string, files: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', project, ...files], {
      cwd: copy,
      // The shell of the issue: the target's values exported. NODE_OPTIONS keeps this test's own seal on the child too.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', ...userConfig },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('the self-tests with a .env naming an unreachable target', () => {
  it('pass in both sets', async () => {
    const skip = new Set(['node_modules', '.git', 'reports']);
    cpSync(packageRoot, copy, { recursive: true, filter: (source) => !skip.has(relative(packageRoot, source).split('/')[0]!) });
    symlinkSync(join(packageRoot, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(join(copy, '.env'), `${Object.entries(userConfig).map(([k, v]) => `${k}=${v}`).join('\n')}\n`);

    const quick = await vitest('quick', ['test/contract/openapi.test.ts', 'test/product/seal.test.ts']);
    expect(quick.code, quick.out.slice(-3000)).toBe(0);
    const runs = await vitest('runs', ['test/suites/field-rules.run.test.ts']);
    expect(runs.code, runs.out.slice(-3000)).toBe(0);
  }, 300_000);
});
