import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';

/** `npm run reference` with REFERENCE_LATENCY_MS: a standalone sandbox 50-150 ms away (issue 29), for a run or a proxy in front of it. */
function startStandalone(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/reference.ts'], { cwd: packageRoot, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('Press Ctrl-C')) child.kill('SIGTERM'); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('npm run reference with REFERENCE_LATENCY_MS', () => {
  it('starts the reference with the hold and says so in its banner (the hold itself: latency.test.ts)', async () => {
    const run = await startStandalone({ REFERENCE_LATENCY_MS: '40' });
    expect(run.out, run.err).toContain('every reply held 40 ms');
    expect(run.code).toBe(0);
  });

  it('refuses a value that is not a whole number of milliseconds, as a run would (exit 2, one line)', async () => {
    const run = await startStandalone({ REFERENCE_LATENCY_MS: 'fifty' });
    expect(run.code).toBe(2);
    expect(run.err.trim()).toBe('REFERENCE_LATENCY_MS must be a whole number of milliseconds, received "fifty"');
  });
});
