import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../reporting/model.js';
import { runConformance } from '../support/conformance-run.js';

/** Issue 6: suites sharded across jobs with vitest's --shard, and one verdict from their reports. */
describe('npm run merge-reports', () => {
  it('merges the shards of a run into the verdict one run would have given', async () => {
    const files = ['suites/find-customer.conformance.ts', 'suites/get-registered-cards.conformance.ts'];
    const shards = await Promise.all([1, 2].map((i) =>
      runConformance({ runs: 5, faults: ['find-wrong-title'], args: [...files, `--shard=${i}/2`] })));
    const owners = shards.map((s) => (s.summary?.requirements ?? []).filter((r) => r.status === 'passed').map((r) => r.id));
    expect(owners[0]!.length).toBeGreaterThan(0);
    expect(owners[1]!.length).toBeGreaterThan(0);

    const merged = mkdtempSync(join(tmpdir(), 'pc-merged-'));
    let exitCode = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'bin/merge-reports.ts', ...shards.map((s) => s.reportDir)], {
        env: { PATH: process.env.PATH ?? '', REPORT_DIR: merged }, stdio: 'pipe',
      });
    } catch (error) {
      exitCode = (error as { status: number }).status;
    }
    const summary = JSON.parse(readFileSync(join(merged, 'summary.json'), 'utf8')) as Summary;
    const status = (id: string) => summary.requirements.find((r) => r.id === id)?.status;
    expect(exitCode).toBe(1);
    expect(status('ERR-TITLE-CODE')).toBe('failed');
    for (const id of new Set([...owners[0]!, ...owners[1]!].filter((id) => id !== 'ERR-TITLE-CODE'))) expect([id, status(id)]).toEqual([id, 'passed']);
    expect(readFileSync(join(merged, 'junit.xml'), 'utf8')).toContain('<testsuites');
  });
});
