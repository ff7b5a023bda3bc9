import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteRunnerArgs } from '../../bin/suite-runner.js';
import { grantedCases, runOverhead, testsOfFullRun } from '../../suites/lib/runner/budget.js';
import { PoolUnavailable, pooledCustomer } from '../../suites/lib/state/customer-pool.js';

/** Issue 12: the request budget is spread by a count fixed in advance, and the customer pool is made once. */
describe('request budget', () => {
  it('shares the budget by the number of tests a full run declares (vitest list of the suites)', () => {
    // Listing collects the suites without running them: any well-formed target will do.
    const env = { PATH: process.env.PATH ?? '', HOME: tmpdir(), REPORT_DIR: mkdtempSync(join(tmpdir(), 'pc-list-')), TARGET_BASE_URL: 'https://127.0.0.1:9', TARGET_CLIENT_ID: 'list', TARGET_CLIENT_SECRET: 'list' };
    const [vitest, , ...args] = suiteRunnerArgs([]);
    const listed = spawnSync(process.execPath, [vitest!, 'list', ...args, '--json'], { env, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    const tests = JSON.parse(listed.stdout) as unknown[];
    expect(tests.length, listed.stderr).toBe(testsOfFullRun);
  }, 300_000);

  it('grants random cases from an equal share, after the coverage cases, never more than asked', () => {
    const share = (budget: number, area: string) => Math.floor((budget - runOverhead) / testsOfFullRun / (area === 'field-rules' ? 1 : 2));
    expect(share(2000, 'field-rules'), 'a default run leaves a field-rule property a random case after one coverage case').toBeGreaterThan(1);
    expect(grantedCases(2000, { area: 'field-rules', unit: 'case', wished: 95, coverage: 1 })).toBe(share(2000, 'field-rules') - 1);
    expect(grantedCases(20_000, { area: 'field-rules', unit: 'case', wished: 95, coverage: 5 })).toBe(95);
    // Coverage beyond the share: no random case, but the coverage cases still run (the caller adds them).
    expect(grantedCases(500, { area: 'field-rules', unit: 'case', wished: 90, coverage: 10 })).toBe(0);
    // A property without a coverage phase runs one case whatever the budget.
    expect(grantedCases(100, { area: 'business-errors', unit: 'case', wished: 2, coverage: 0 })).toBe(1);
    // Model sequences cost a session, an enrolment and up to 20 commands each; one runs whatever the share.
    expect(grantedCases(2000, { area: 'stateful', unit: 'sequence', wished: 50, coverage: 0 })).toBe(1);
    expect(grantedCases(20_000, { area: 'stateful', unit: 'sequence', wished: 50, coverage: 0 })).toBe(Math.floor(20_000 / testsOfFullRun / 25));
  });
});

describe('customer pool', () => {
  it('is made by the first caller only; the others read it; a failure reaches every caller', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'pc-pool-'));
    let made = 0;
    const make = async () => { made += 1; return { customerId: 'c-1', ssn: '123456789', dateOfBirth: '1980-01-02' }; };
    const options = { dir: reportDir, make, failureOf: (e: unknown) => ({ message: String(e) }), waitMs: 5_000 };
    const [a, b, c] = await Promise.all([pooledCustomer(options), pooledCustomer(options), pooledCustomer(options)]);
    expect(made).toBe(1);
    expect([a.made, b.made, c.made].filter(Boolean)).toHaveLength(1);
    expect(new Set([a, b, c].map((x) => x.customer.customerId))).toEqual(new Set(['c-1']));

    const failing = mkdtempSync(join(tmpdir(), 'pc-pool-'));
    const refused = { dir: failing, make: () => Promise.reject(new Error('EnrollCustomer refused')), failureOf: () => ({ message: 'refused', blockedBy: 'ENROLL-SUCCESS' }), waitMs: 5_000 };
    const outcomes = await Promise.allSettled([pooledCustomer(refused), pooledCustomer(refused)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    const shared = outcomes.map((o) => (o as PromiseRejectedResult).reason).find((e) => e instanceof PoolUnavailable) as PoolUnavailable;
    expect(shared.failure).toEqual({ message: 'refused', blockedBy: 'ENROLL-SUCCESS' });
  });
});
