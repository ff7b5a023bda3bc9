import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';
import { sealedChildEnv } from '../support/seal.js';

/**
 * Issue 23 items 1 and 4: `partner-conformance audit` as a user runs it, on the browser-export
 * sample: its reports, the entry each finding points at, masked secrets, and its exit codes
 * (0 no violation, 1 a violation, 2 an unreadable file or argument, 4 rows not seen with --require-coverage).
 */
const fixture = join(packageRoot, 'test', 'audit', 'fixtures', 'devtools-export.har');

function audit(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-audit-cli-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/cli.ts', 'audit', ...args, '--report-dir', dir], { cwd: packageRoot, env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...sealedChildEnv() } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('exit', (code) => resolve({ code, stdout, stderr, dir }));
  });
}

/** What the sample carries that no report may show: its Basic credentials and client secret, the token, the session, the SSN, the card number. */
const secrets = ['YWNtZS13ZWI6czNjcjN0LWZyb20tdGhlLXZhdWx0', 's3cr3t-from-the-vault', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '7d4f2c0e-3b1a-4e8f-9c6d-5a2b1f0e3d47', '078051120', '4539578763621486'];

describe('partner-conformance audit', () => {
  it('judges the sample (a reset call not retried, a retry sooner than Retry-After: exit 1), points at the entries, writes the run\'s reports, masks every secret', async () => {
    const run = await audit(fixture);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Audit of .*devtools-export\.har: 9 entries \(7 partner call\(s\), 1 token request\(s\), 1 other, 1 without an answer\); nothing was sent\.\nVIOLATION \(exit 1\): \d+ passed, 2 failed, \d+ not seen in this traffic, \d+ not judged from recorded traffic, 0 observed\n {2}CLIENT-RETRY-TRANSIENT +a 503, a 429 or a reset connection on a call that is safe to repeat is retried\n +log\.entries\[7\] \(2026-03-02T09:14:08\.\d{3}Z POST \/api\/v1\/partners\/add-or-update-card → CONNECTION_RESET\)\n {2}CLIENT-RETRY-AFTER +a retry after a 503 or 429 waits at least the Retry-After the answer carried\n +log\.entries\[3\] \(2026-03-02T09:14:06\.\d{3}Z POST \/api\/v1\/partners\/find-customer → 503\)\n/);
    expect(readdirSync(run.dir).sort()).toEqual(['certificate.html', 'docs', 'junit.xml', 'summary.json', 'summary.md']);
    const md = readFileSync(join(run.dir, 'summary.md'), 'utf8');
    expect(md).toMatch(/^# Traffic audit: FAIL \(exit 1\)/);
    expect(md).toContain('log.entries[4] (2026-03-02T09:14:06.');
    expect(md).toMatch(/\| not seen in this traffic \|/);
    expect(md).toMatch(/\[TLS-MINIMUM\].*\| not-selected \| not judged from recorded traffic: needs a TLS 1\.0\/1\.1 handshake probe/);
    const summary = JSON.parse(readFileSync(join(run.dir, 'summary.json'), 'utf8')) as { exitCode: number; traffic: { partner: number } };
    expect(summary).toMatchObject({ exitCode: 1, traffic: { partner: 7 } });
    // docs/ holds copies of the package's catalogue pages (the reports link to them), no run output.
    for (const name of readdirSync(run.dir).filter((n) => n !== 'docs')) {
      const text = readFileSync(join(run.dir, name), 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${name} shows ${secret}`).toBe(false);
    }
    expect(md).toContain('[ssn:***]');
  });

  it('exit 0 where the traffic shows no violation; rows never exercised change it only with --require-coverage (exit 4)', async () => {
    const clean = await audit(fixture, '--server-only');
    expect([clean.code, clean.stdout.split('\n')[1]]).toEqual([0, expect.stringMatching(/^NO VIOLATION \(exit 0\): \d+ passed, 0 failed, \d+ not seen in this traffic/)]);
    const complete = await audit(fixture, '--server-only', '--require-coverage');
    expect(complete.code).toBe(4);
    expect(complete.stdout).toMatch(/NOT CONCLUSIVE \(exit 4\)[\s\S]*documented or standard, so the audit exits 4: --require-coverage/);
  });

  it('exit 2 with one sentence and no stack trace for a file or an argument it cannot use', async () => {
    const missing = await audit(join(tmpdir(), 'no-such-traffic.har'));
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr.trim()).toMatch(/^\S+no-such-traffic\.har: no such file or directory; give the path of a HAR file \(or of the directory a run recorded into\)\.$/);
    const both = await audit(fixture, '--server-only', '--client-only');
    expect([both.code, both.stderr.trim()]).toEqual([2, '--server-only and --client-only exclude each other: give one, or neither for both sides']);
  });
});
