import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sealedChildEnv } from '../support/seal.js';

/**
 * A short `npm run sweep` proves the command: its plan, its judgement of a clean exit 0 and of a
 * clean exit 4 (history-none leaves its rows unchecked), its report directories and summary line.
 * Two groups (SWEEP_GROUPS) at seed 12, of one operation (CONFORMANCE_ONLY, passed on to each run): every reading group's own no-false-alarm proof is
 * test/suites/readings.run.test.ts (each group at a seed of its own), chaos's is
 * test/resilience/chaos.run.test.ts; running them all again here cost five minutes of `npm test`.
 * The full sweep (10 seeds, every group, full runs) is `npm run sweep`.
 */
const seeds = [12];
const groups = ['defaults', 'history-none'];
const reportDir = mkdtempSync(join(tmpdir(), 'pc-sweep-'));

interface SweepJson {
  readonly clean: boolean;
  readonly outcomes: ReadonlyArray<{ seed: number; group: string; exitCode: number; clean: boolean; problems: string[]; replay: string }>;
}

function sweep(env: Record<string, string>): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/sweep.ts'], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...sealedChildEnv(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('exit', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

describe('npm run sweep', () => {
  it('runs the groups SWEEP_GROUPS names for each seed, and finds every run clean, exit 4 of history-none included', async () => {
    const run = await sweep({
      // A trailing comma makes a list of one seed (a bare number is a count of seeds).
      SWEEP_SEEDS: `${seeds.join(',')},`, SWEEP_GROUPS: groups.join(','), SWEEP_RUNS: '20', CONFORMANCE_SEQUENCES: '5', CONFORMANCE_WRITE_RUNS: '3', REPORT_DIR: reportDir,
      // One operation, passed on to each run: history-none still leaves exactly its rows unchecked (exit 4), and
      // the command's plan, judgement and reports are the same; two full runs cost a minute and a half of npm test.
      CONFORMANCE_ONLY: 'GetTransactionHistory',
    });
    const file = join(reportDir, 'sweep', 'sweep.json');
    expect(existsSync(file), run.stderr.slice(-2000)).toBe(true);
    const result = JSON.parse(readFileSync(file, 'utf8')) as SweepJson;
    const alarms = result.outcomes.filter((o) => !o.clean).map((o) => `seed ${o.seed} ${o.group}: ${o.problems.join(' ')} — ${o.replay}`);
    expect(alarms, run.stdout.slice(-4000)).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(result.outcomes.map((o) => `${o.seed}-${o.group}`).sort()).toEqual(seeds.flatMap((s) => groups.map((g) => `${s}-${g}`)).sort());
    for (const o of result.outcomes) {
      expect(run.stdout).toMatch(new RegExp(`seed ${o.seed} +${o.group} +exit ${o.exitCode} +clean +[0-9.]+ s`));
      expect(existsSync(join(reportDir, 'sweep', `${o.seed}-${o.group}`, 'summary.json')), `${o.seed}-${o.group}`).toBe(true);
      // SWEEP_AUDIT is on by default: the audit judged the run's traffic, and the recording is gone.
      expect(existsSync(join(reportDir, 'sweep', `${o.seed}-${o.group}`, 'audit', 'summary.json')), `${o.seed}-${o.group} audit`).toBe(true);
      expect(existsSync(join(reportDir, 'sweep', `${o.seed}-${o.group}`, 'traffic'))).toBe(false);
    }
    expect(run.stdout).toContain(`${result.outcomes.length} of ${result.outcomes.length} runs clean, 0 false alarm(s)`);
  }, 300_000);

  it('stops with exit 2 and the variable named on a bad SWEEP_SEEDS, before any run', async () => {
    const run = await sweep({ SWEEP_SEEDS: 'ten', REPORT_DIR: reportDir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/SWEEP_SEEDS .*received "ten"/);
  }, 60_000);

  it('explains itself on --help: the variables, what counts as clean, and the exit codes', async () => {
    const run = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bin/sweep.ts', '--help'], { cwd: process.cwd() });
      let out = '';
      child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
      child.on('exit', () => resolve(out));
    });
    for (const text of ['SWEEP_SEEDS', 'SWEEP_RUNS', 'reports/sweep', 'Exit 0 all clean, 1 a false alarm']) expect(run).toContain(text);
  }, 60_000);
});
