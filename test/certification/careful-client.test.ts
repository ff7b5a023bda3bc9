import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientReport } from '../../certification/report.js';
import { clientRequirements } from '../../contract/client-requirements.js';
import { clientEnv, root, writeFastPlan } from './fast-plan.js';

/**
 * The careful example client (examples/careful-client.ts) through the command a partner runs:
 * certified, every grade passed, every planned response shown and handled.
 */
function certify(args: readonly string[], reportDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'bin/cli.ts', 'certify-client', ...args], {
    cwd: root, encoding: 'utf8', timeout: 90_000, env: { ...process.env, ...clientEnv, REPORT_DIR: reportDir },
  });
}

describe('certify-client with the careful example client', () => {
  it('certifies it (exit 0): every grade passed, every documented response shown and handled', () => {
    const { dir, file } = writeFastPlan();
    const reports = join(dir, 'reports');
    const run = certify(['--plan', file, '--seed', '1', '--', process.execPath, '--import', 'tsx', 'examples/careful-client.ts'], reports);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(join(reports, 'client-summary.json'), 'utf8')) as ClientReport;
    expect(report.grades.map((g) => g.id)).toEqual(clientRequirements.map((r) => r.id));
    expect(report.grades.filter((g) => g.status !== 'passed').map((g) => `${g.id}: ${g.status} (${g.reason})`)).toEqual([]);
    const c = report.coverage;
    expect(c.documented.shown).toBe(c.documented.total);
    expect(c.documented.total).toBeGreaterThanOrEqual(30);
    expect([c.documented.unhandled, c.transient.unhandled, c.transient.total - c.transient.shown]).toEqual([0, 0, 0]);
    expect(run.stdout).toContain(`${c.documented.total} of ${c.documented.total} documented responses shown; ${c.documented.total} handled, 0 not`);

    expect(readdirSync(reports).sort()).toEqual(['client-certificate.html', 'client-junit.xml', 'client-summary.json', 'client-summary.md', 'docs']);
    const secret = /TARGET_CLIENT_SECRET=(\S+)/.exec(run.stdout)![1]!;
    // docs/ holds copies of the package's catalogue pages (the reports link to them), no run output.
    for (const name of readdirSync(reports).filter((n) => n !== 'docs')) {
      const text = readFileSync(join(reports, name), 'utf8');
      expect(text, name).not.toContain(secret);
      expect(text, `${name} leaks an access token`).not.toMatch(/eyJ[\w-]{20,}\.[\w-]{20,}/);
    }
    expect(readFileSync(join(reports, 'client-certificate.html'), 'utf8')).toContain('CERTIFIED');
    // 14 grades and the verdict's own test case, which fails whenever the exit code is not 0 (issue 30).
    const junit = readFileSync(join(reports, 'client-junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="partner-conformance certify-client" tests="15" failures="0" errors="0"/);
    expect(junit).toContain('<testcase name="verdict: PASS (exit 0)" classname="verdict"/>');
  }, 90_000);

  it('refuses a bad port with one line and exit 2, before any client runs (the plan and argument messages: plan.test.ts)', () => {
    const { dir } = writeFastPlan();
    const badPort = certify(['--port', 'x', '--', 'node', '-e', 'process.exit(9)'], join(dir, 'r'));
    expect([badPort.status, badPort.stderr.trim()]).toEqual([2, 'certify-client: --port must be a whole number 0-65535, received "x"']);
  }, 60_000);
});
