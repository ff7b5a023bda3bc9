import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';

/** `npm run conformance -- --help` once reached vitest as a file filter and ended in an incomplete run. */
describe('a command asked for --help', () => {
  it.each(['run', 'reference', 'audit'])('%s answers with its usage, exit 0, and runs nothing', (command) => {
    const child = spawnSync(process.execPath, ['bin/partner-conformance.js', command, '--help'], { cwd: packageRoot, encoding: 'utf8', timeout: 30_000 });
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toMatch(new RegExp(`^Usage: partner-conformance ${command}`));
    expect(child.stdout).not.toMatch(/listening|Verdict|Report:/);
  });

  it('the npm scripts start the installed command\'s launcher, not a tsx process that starts another', () => {
    // tsx's command line runs the script in a second Node process: about 0.2 s more before every run.
    const scripts = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['conformance', 'reference', 'sweep', 'docs', 'audit-traffic']) expect(scripts[name], name).toMatch(/^node bin\/partner-conformance\.js /);
  });
});
