import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runProperty } from '../../suites/lib/runner/property.js';
import type { CaseOutcome } from '../../oracles/outcome.js';
import type { PropertyEnv } from '../../suites/lib/runner/property-spec.js';
import type { SuiteRecord } from '../../reporting/result.js';

/** Independent cases in flight together (issue 29), read in fast-check's own order. */
const env = (records: SuiteRecord[], caseConcurrency: number): PropertyEnv => ({
  runSeed: 7, replayPath: undefined, suiteFile: 'x', record: (r) => records.push(r), redact: (t) => t,
  curl: () => 'curl', formatExchange: () => 'x', attempts: () => [], caseConcurrency,
});
const outcome = (failed: boolean): CaseOutcome => ({
  exchanges: [], checked: ['GEN-NO-5XX'], responsesSeen: [],
  findings: failed ? [{ requirement: 'GEN-NO-5XX', check: 'noServerError', message: 'a 500', severity: 'blocking' } as never] : [],
});

async function run(width: number, independentCases: boolean, failWhen: (n: number) => boolean = () => false) {
  let now = 0;
  let most = 0;
  const order: number[] = [];
  const records: SuiteRecord[] = [];
  const result = await runProperty(env(records, width), {
    area: 'x', name: 'lookahead', arbitrary: fc.integer({ min: 0, max: 1000 }), numRuns: 12, examples: () => [1, 2, 3],
    describe: String, independentCases, requirements: ['GEN-NO-5XX'],
    run: async (n) => {
      order.push(n);
      most = Math.max(most, ++now);
      await new Promise((resolve) => setTimeout(resolve, 5));
      now--;
      return outcome(failWhen(n));
    },
  });
  return { most, order, result, records };
}

describe('cases run ahead', () => {
  it('keeps up to the worker\'s concurrency of independent cases in flight, the same cases as one at a time', async () => {
    const serial = await run(1, true);
    const ahead = await run(3, true);
    expect(serial.most).toBe(1);
    expect(ahead.most).toBe(3);
    expect(ahead.order).toEqual(serial.order);
    expect(ahead.records.map((r) => r.status)).toEqual(serial.records.map((r) => r.status));
  });

  it('runs cases that are not independent one at a time', async () => {
    expect((await run(4, false)).most).toBe(1);
  });

  it('finds and shrinks the same counterexample, sending at most width - 1 cases more before the shrinking', async () => {
    const failWhen = (n: number) => n > 500;
    const serial = await run(1, true, failWhen);
    const ahead = await run(3, true, failWhen);
    expect(serial.result.failed).toBe(true);
    expect(ahead.result.failed).toBe(true);
    expect(ahead.result.report).toEqual(serial.result.report);
    expect(ahead.order.length - serial.order.length).toBeLessThanOrEqual(2);
  });
});
