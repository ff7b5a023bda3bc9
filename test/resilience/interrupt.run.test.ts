import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../reporting/model.js';
import { sealedChildEnv } from '../support/seal.js';

/** Result lines written so far under REPORT_DIR/raw (each line is one record). */
function recordsSoFar(reportDir: string): number {
  const raw = join(reportDir, 'raw');
  if (!existsSync(raw)) return 0;
  return readdirSync(raw).filter((f) => f.startsWith('results-')).reduce((n, f) => n + readFileSync(join(raw, f), 'utf8').split('\n').filter(Boolean).length, 0);
}

const poll = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the default run against the embedded reference, waits for its first records, then
 * signals it: to the process group as a terminal's Ctrl-C does, or to bin/conformance alone
 * as a CI runner's SIGTERM does.
 */
async function interrupt(signal: NodeJS.Signals, toGroup: boolean): Promise<{ exitCode: number | null; stdout: string; reportDir: string; recordsAtSignal: number }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'pc-interrupt-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/conformance.ts'], {
    cwd: process.cwd(),
    detached: toGroup,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...sealedChildEnv(), REPORT_DIR: reportDir, CONFORMANCE_SEED: '20261122', WAIVERS_FILE: join(process.cwd(), 'waivers.json') },
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let recordsAtSignal = 0;
  const deadline = Date.now() + 60_000;
  while ((recordsAtSignal = recordsSoFar(reportDir)) === 0 && Date.now() < deadline && child.exitCode === null) await poll(100);
  if (toGroup) process.kill(-child.pid!, signal);
  else child.kill(signal);
  return { exitCode: await exited, stdout, reportDir, recordsAtSignal };
}

function expectPartialReports(run: Awaited<ReturnType<typeof interrupt>>): void {
  expect(run.recordsAtSignal).toBeGreaterThan(0);
  expect(run.exitCode).toBe(3);
  const summary = JSON.parse(readFileSync(join(run.reportDir, 'summary.json'), 'utf8')) as Summary;
  expect(summary.incomplete).toBe('interrupted by a signal; the results so far are reported');
  expect(summary.verdict).toBe('inconclusive');
  expect(summary.counts.passed).toBeGreaterThan(0);
  // Every record written before the signal is in the summary's rows.
  expect(recordsSoFar(run.reportDir)).toBeGreaterThanOrEqual(run.recordsAtSignal);
  expect(existsSync(join(run.reportDir, 'summary.md'))).toBe(true);
  expect(existsSync(join(run.reportDir, 'junit.xml'))).toBe(true);
  expect(run.stdout).toContain('The run is incomplete: interrupted by a signal');
}

describe('an interrupted run keeps what it found', () => {
  it('Ctrl-C (SIGINT to the process group) writes the reports so far, marked incomplete, exit 3', async () => {
    expectPartialReports(await interrupt('SIGINT', true));
  });

  it('SIGTERM to bin/conformance alone does the same', async () => {
    expectPartialReports(await interrupt('SIGTERM', false));
  });
});
