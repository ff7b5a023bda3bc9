import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowStatus, runConformance } from '../support/conformance-run.js';

/** Issue 6: a go-live gate a team can live with: waivers with expiry, and the nightly comparison. */
const suite = ['suites/find-customer.conformance.ts'];
const fault = ['find-wrong-title'];

function waiversFile(expires: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pc-waivers-')), 'waivers.json');
  writeFileSync(file, JSON.stringify({ waivers: [{ requirement: 'ERR-TITLE-CODE', reason: 'partner fix in release 4.2', owner: 'partner-api-team', expires }] }));
  return file;
}

describe('waivers and the nightly baseline, end to end', () => {
  it('a waived failure is reported waived, not passed, and the run passes while the waiver holds', async () => {
    const run = await runConformance({ runs: 5, faults: fault, args: suite, env: { WAIVERS_FILE: waiversFile('2099-12-31') } });
    expect(rowStatus(run, 'ERR-TITLE-CODE')).toBe('waived');
    expect(run.summary?.counts.waived).toBe(1);
    expect(run.exitCode).toBe(0);
  });

  it('an expired waiver fails the run and says which', async () => {
    const run = await runConformance({ runs: 5, faults: fault, args: suite, env: { WAIVERS_FILE: waiversFile('2020-01-31') } });
    expect(run.exitCode).toBe(1);
    expect(run.summary?.verdictReasons.join(' ')).toContain('The waiver for ERR-TITLE-CODE (owner partner-api-team) expired on 2020-01-31');
    expect(run.stdout).toContain('expired on 2020-01-31');
  });

  it('a waivers file that is not valid stops the run before any request (exit 2)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pc-waivers-')), 'waivers.json');
    writeFileSync(file, JSON.stringify({ waivers: [{ requirement: 'ERR-TITLE-CODE', expires: 'soon' }] }));
    const run = await runConformance({ runs: 5, args: suite, env: { WAIVERS_FILE: file } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('Configuration problem');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('given the previous summary.json, the report names new failures, fixed ones and those still failing', async () => {
    const before = await runConformance({ runs: 5, faults: fault, args: suite });
    const baseline = join(before.reportDir, 'summary.json');
    const fixed = await runConformance({ runs: 5, args: suite, env: { CONFORMANCE_BASELINE: baseline } });
    expect(fixed.summary?.baseline?.fixed).toContain('ERR-TITLE-CODE');
    expect(fixed.summary?.baseline?.newFailures).toEqual([]);
    const still = await runConformance({ runs: 5, faults: [...fault, 'find-ssn-length-unchecked'], args: suite, env: { CONFORMANCE_BASELINE: baseline } });
    expect(still.summary?.baseline?.stillFailing).toContain('ERR-TITLE-CODE');
    expect(still.summary?.baseline?.newFailures).toContain('FIND-SSN-LENGTH');
  });
});
