import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { variables } from '../../contract/profile-variables.js';
import type { Summary } from '../../reporting/model.js';

/**
 * The harness as a user gets it: `npm pack`, installed into an empty directory outside this
 * repository, run through its `partner-conformance` command. Whatever the package forgets to ship
 * (suites, configs, docs, a runtime dependency) or finds through the current directory fails here.
 */
const work = mkdtempSync(join(tmpdir(), 'pc-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
/** Only what a user's shell has: no TARGET_* or CONFORMANCE_* of the developer's environment. */
const userEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };

function run(command: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe('the packed harness', () => {
  it('installs from its tarball and runs --help, --version, a full run, report and docs --check', async () => {
    const tarball = join(work, execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').pop()!);
    const consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
    const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], consumer, { ...userEnv, ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}) });
    expect(install.code, install.out).toBe(0);
    const installed = join(consumer, 'node_modules', 'partner-conformance');
    expect(existsSync(join(installed, 'test')), 'the self-tests are not shipped').toBe(false);
    const bin = join(consumer, 'node_modules', '.bin', 'partner-conformance');

    const help = await run(bin, ['--help'], consumer, userEnv);
    expect(help.code, help.out).toBe(0);
    for (const command of ['run', 'reference', 'report', 'openapi', 'merge-reports', 'sweep', 'docs']) expect(help.out).toMatch(new RegExp(`^  ${command} `, 'm'));
    const helpLines = help.out.split('\n');
    for (const [name, spec] of Object.entries(variables))
      expect(helpLines.some((l) => l.startsWith(`  ${name} `) && l.endsWith(spec.explain)), `${name} and its explanation in --help`).toBe(true);
    expect((await run(bin, ['--version'], consumer, userEnv)).out.trim()).toBe(version);

    // A short full run against the embedded reference: every suite, reports in the user's directory.
    const full = await run(bin, ['run'], consumer, { ...userEnv, CONFORMANCE_RUNS: '5', CONFORMANCE_WRITE_RUNS: '3', CONFORMANCE_SEQUENCES: '5', CONFORMANCE_SEED: '20261122' });
    const summary = JSON.parse(readFileSync(join(consumer, 'reports', 'summary.json'), 'utf8')) as Summary;
    // Five cases a property may not reach every field rule: those rows are unchecked (exit 4), never failed.
    expect([0, 4], full.out).toContain(full.code);
    expect(summary.exitCode).toBe(full.code);
    expect(summary.counts).toMatchObject({ failed: 0, broken: 0 });
    expect(summary.counts.passed).toBeGreaterThan(summary.requirements.length / 2);
    const suites = readdirSync(join(installed, 'suites')).filter((f) => f.endsWith('.conformance.ts')).length;
    expect(full.out).toMatch(new RegExp(`^${suites} suite\\(s\\), \\d+ cases, 0 failed`, 'm'));
    // The catalogue travels with the reports (a CI artifact keeps its links).
    expect(readFileSync(join(consumer, 'reports', 'certificate.html'), 'utf8')).toContain('href="docs/requirements.md#req-');
    expect(existsSync(join(consumer, 'reports', 'docs', 'requirements.md'))).toBe(true);

    const report = await run(bin, ['report'], consumer, userEnv);
    expect(report.code, report.out).toBe(0);
    expect(existsSync(join(consumer, 'reports', 'allure-report', 'index.html'))).toBe(true);
    const docs = await run(bin, ['docs', '--check'], consumer, userEnv);
    expect(docs.code, docs.out).toBe(0);
  }, 900_000);
});
