import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { LiveReporter } from '../../reporting/live.js';

// Fabricated vitest objects: only the members the reporter reads.
const mod = (state: 'passed' | 'failed' = 'passed') =>
  ({ moduleId: '/w/suites/find.conformance.ts', relativeModuleId: 'suites/find.conformance.ts', state: () => state }) as unknown as TestModule;
const test = (m: TestModule, name: string, state: 'passed' | 'failed' | 'skipped', message = '', errorName?: string) =>
  ({ module: m, fullName: name, result: () => ({ state, errors: state === 'failed' ? [{ message, ...(errorName ? { name: errorName } : {}) }] : undefined }) }) as unknown as TestCase;

describe('LiveReporter', () => {
  it('prints failures as they happen, progress on long suites, and one line per suite', () => {
    const lines: string[] = [];
    let clock = 0;
    const r = new LiveReporter({ write: (l) => lines.push(l), now: () => clock, progressEveryMs: 10_000 });
    const m = mod('failed');
    r.onTestRunStart();
    r.onTestModuleStart(m);
    for (let i = 0; i < 5; i++) {
      clock += 3_000;
      r.onTestCaseResult(test(m, `FindCustomer > case ${i}`, i === 1 ? 'failed' : 'passed', 'Received [clientSecret:***]\nstack'));
    }
    r.onTestCaseResult(test(m, 'skipped one', 'skipped'));
    r.onTestModuleEnd(m);
    r.onTestRunEnd([m], []);
    expect(lines).toEqual([
      '  ✗ FindCustomer > case 1',
      '    Received [clientSecret:***]',
      '    stack',
      '  … suites/find.conformance.ts: 4 done, 1 failed (12.0s)',
      '✗ suites/find.conformance.ts: 5 done, 1 failed, 1 skipped (15.0s)',
      '1 suite(s), 5 cases, 1 failed in 15.0s',
    ]);
  });

  it('says a cause that broke many cases once, with the count and the first case (issue 29)', () => {
    const lines: string[] = [];
    const r = new LiveReporter({ write: (l) => lines.push(l), now: () => 0 });
    const m = mod('failed');
    r.onTestRunStart();
    r.onTestModuleStart(m);
    for (let i = 0; i < 200; i++) {
      const why = `broken (TOKEN_REQUEST_FAILED The token request must return 200, received 500 after ${i} ms, correlation 0f8fad5b-d9cb-469f-a165-70867728950e)`;
      r.onTestCaseResult(test(m, `FindCustomer > property ${i}`, 'failed', `property ${i}: ${why}\nsecond line`, 'PropertyBroken'));
    }
    r.onTestCaseResult(test(m, 'FindCustomer > other', 'failed', 'other: broken (TIMEOUT no answer)', 'PropertyBroken'));
    r.onTestCaseResult(test(m, 'FindCustomer > violation 1', 'failed', 'violation 1: failed\n  ✗ [ERR-SHAPE] same text'));
    r.onTestCaseResult(test(m, 'FindCustomer > violation 2', 'failed', 'violation 2: failed\n  ✗ [ERR-SHAPE] same text'));
    r.onTestModuleEnd(m);
    r.onTestRunEnd([m], []);
    expect(lines.filter((l) => l.startsWith('  ✗'))).toEqual([
      '  ✗ FindCustomer > property 0',
      '  ✗ FindCustomer > other',
      // A contract violation is always told in full: its reproduction is what a person acts on.
      '  ✗ FindCustomer > violation 1',
      '  ✗ FindCustomer > violation 2',
      '  ✗ 200 cases broke for one cause (first: FindCustomer > property 0): broken (TOKEN_REQUEST_FAILED The token request must return 200, received 500 after 0 ms, correlation 0f8fad5b-d9cb-469f-a165-70867728950e) second line',
    ]);
    expect(lines.length).toBeLessThan(15);
  });

  it('counts the suites a selection left without a test instead of listing each as 0 done (issue 30)', () => {
    const lines: string[] = [];
    const r = new LiveReporter({ write: (l) => lines.push(l), now: () => 0 });
    const idle = ({ moduleId: '/w/suites/idle.conformance.ts', relativeModuleId: 'suites/idle.conformance.ts', state: () => 'skipped' }) as unknown as TestModule;
    const m = mod();
    r.onTestRunStart();
    for (const x of [idle, m]) r.onTestModuleStart(x);
    r.onTestCaseResult(test(idle, 'not selected', 'skipped'));
    r.onTestCaseResult(test(m, 'ALLOW-LIST', 'passed'));
    for (const x of [idle, m]) r.onTestModuleEnd(x);
    r.onTestRunEnd([idle, m], []);
    expect(lines).toEqual([
      '✓ suites/find.conformance.ts: 1 done, 0 failed (0.0s)',
      '2 suite(s) (1 with every test skipped by the selection or the profile, not listed), 1 cases, 0 failed in 0.0s',
    ]);
  });
});
