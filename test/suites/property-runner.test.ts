import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenRequestError } from '../../client/errors.js';
import type { Exchange } from '../../client/exchange.js';
import type { Finding } from '../../checks/finding.js';
import type { RequirementId } from '../../contract/requirements.js';
import type { ResultRecord } from '../../reporting/result.js';
import { FixtureError } from '../../suites/lib/state/fixture-errors.js';
import { maxBrokenCases, runProperty, type CaseOutcome, type PropertyEnv, type PropertySpec } from '../../suites/lib/runner/property.js';

/** Placeholder requirement ids: the runner treats ids as opaque, and one letter keeps the expected records short. */
const placeholder = (id: string) => id as RequirementId;
const A = placeholder('A'), B = placeholder('B'), C = placeholder('C');

/**
 * The property runner's branches with a fake environment, no network: what each outcome records.
 * Regression (issue 11, point 3): a FixtureError after some cases recorded the requirements already
 * checked as both passed and not covered, and nothing for those never reached.
 */
function fakeEnv(): PropertyEnv & { records: ResultRecord[] } {
  const records: ResultRecord[] = [];
  return {
    records, runSeed: 7, replayPath: undefined, suiteFile: 'suites/fake.conformance.ts',
    record: (r) => records.push(r), redact: (t) => t, curl: () => 'curl https://t/x', formatExchange: () => 'POST /x → 200',
  };
}
const exchange = { request: { operation: 'FindCustomer', method: 'POST', url: 'https://t/x', headers: {}, correlationId: 'c' }, durationMs: 1, attempts: [] } as unknown as Exchange;
const pass = (checked: RequirementId[]): CaseOutcome => ({ exchanges: [exchange], findings: [], checked });
const finding: Finding = { check: 'statusMatches', requirement: B, severity: 'documented', title: 'Unexpected status', message: 'Received 200; documented 400', dedupKey: 'statusMatches|FindCustomer|B' };

/** A property over 0..99 whose case `run(n)` decides, counting the calls. */
function spec(run: (n: number) => Promise<CaseOutcome>, numRuns = 30): PropertySpec<number> & { calls: () => number } {
  let calls = 0;
  return {
    area: 'fake', name: 'fake property', operation: 'FindCustomer', arbitrary: fc.integer({ min: 0, max: 99 }), numRuns,
    describe: (n) => `n=${n}`, requirements: [A, B, C],
    run: (n) => { calls += 1; return run(n); },
    calls: () => calls,
  };
}
const statuses = (records: readonly ResultRecord[]) => records.map((r) => `${r.requirement} ${r.status}`).sort();

describe('runProperty', () => {
  it('records what passing cases checked as passed, and nothing for what no case reached', async () => {
    const env = fakeEnv();
    const result = await runProperty(env, spec(async () => pass([A, B])));
    expect(result).toMatchObject({ failed: false, report: 'fake property: 30 cases passed' });
    expect(statuses(env.records)).toEqual(['A passed', 'B passed']);
  });

  it('records a counterexample as failed with its reproduction, the other checked requirements passed', async () => {
    const env = fakeEnv();
    const result = await runProperty(env, spec(async (n) => (n >= 10 ? { ...pass([A, B]), findings: [finding] } : pass([A, B]))));
    expect(result.failed).toBe(true);
    expect(statuses(env.records)).toEqual(['A passed', 'B failed']);
    const failed = env.records.find((r) => r.status === 'failed')!;
    expect(failed.reproduction).toMatchObject({ seed: 7, counterexample: 'n=10', curl: 'curl https://t/x' });
  });

  // Regression (issue 21): a coverage phase that threw failed its vitest test but recorded nothing, so the verdict said PASS.
  it('records every requirement broken when the coverage phase cannot be built, and runs no case', async () => {
    const env = fakeEnv();
    const s = spec(async () => pass([A]));
    const result = await runProperty(env, { ...s, examples: () => { throw new TypeError('w[i] is not a function'); } });
    expect(result.broken).toMatch(/harness error: w\[i\] is not a function/);
    expect(s.calls()).toBe(0);
    expect(statuses(env.records)).toEqual(['A broken', 'B broken', 'C broken']);
  });

  it('runs the coverage cases a counterexample left unrun, and records what they check and fail', async () => {
    const env = fakeEnv();
    const other: Finding = { ...finding, requirement: C, dedupKey: 'statusMatches|FindCustomer|C' };
    const s = spec(async (n) => (n === 1 ? { ...pass([A, B]), findings: [finding] } : n === 3 ? { ...pass([C]), findings: [other] } : pass([A])), 0);
    const result = await runProperty(env, { ...s, examples: () => [0, 1, 2, 3] });
    expect(result.failed).toBe(true);
    expect(statuses(env.records)).toEqual(['A passed', 'B failed', 'C failed']);
  });

  it('stops at a harness error without shrinking and calls nothing it checks passed', async () => {
    const env = fakeEnv();
    const s = spec(async (n) => { if (n >= 10) throw new TypeError('boom'); return pass([A]); });
    const result = await runProperty(env, s);
    expect(result.broken).toBe('harness error: boom');
    expect(statuses(env.records)).toEqual(['A broken', 'B broken', 'C broken']);
    const callsAtError = s.calls();
    // No shrinking: no case ran after the one that threw.
    expect(env.records.every((r) => r.reason === 'harness error: boom')).toBe(true);
    expect(callsAtError).toBeLessThanOrEqual(30);
    const again = spec(async () => { throw new TypeError('boom'); });
    await runProperty(fakeEnv(), again);
    expect(again.calls()).toBe(1);
  });

  it('reports transport trouble (a ClientError) broken without shrinking, and stops after maxBrokenCases cases broke', async () => {
    const env = fakeEnv();
    const s = spec(async () => { throw new TokenRequestError(exchange, 'status 503'); });
    const result = await runProperty(env, s);
    expect(result.broken).toMatch(new RegExp(`^TOKEN_REQUEST_FAILED: .* \\(${maxBrokenCases} case\\(s\\) stayed broken: the target is in trouble\\)$`));
    expect(s.calls()).toBe(maxBrokenCases);
    expect(statuses(env.records)).toEqual(['A broken', 'B broken', 'C broken']);
  });

  it('on a fixture answered out of contract: checked requirements passed, the rest blocked by the broken rule, and it stops', async () => {
    const env = fakeEnv();
    let cases = 0;
    const s = spec(async () => {
      if (++cases > 3) throw new FixtureError('EnrollCustomer of a fixture customer was answered out of contract', { blockedBy: 'ENROLL-SUCCESS', exchange });
      return pass([A]);
    });
    const result = await runProperty(env, { ...s, requirements: [A, B, C, 'ENROLL-SUCCESS'] });
    expect(statuses(env.records)).toEqual(['A passed', 'B not-covered', 'C not-covered']);
    expect(env.records.find((r) => r.requirement === B)?.reason).toBe('blocked by ENROLL-SUCCESS: EnrollCustomer of a fixture customer was answered out of contract');
    expect(result.notCovered).toMatch(/^blocked by ENROLL-SUCCESS/);
    // It stopped at the fourth case: neither the remaining cases nor any shrinking ran.
    expect(s.calls()).toBe(4);
  });

  it('a fixture refused with a 5xx or a body that is not JSON fails the generic rows with that answer; a refusal in contract stays not covered', async () => {
    // blind12-delete-token-card-audit-500: a scenario's own DeleteCard answered 500 read "not covered" on GEN-NO-5XX.
    const answered = (status: number, contentType: string, bodyText: string) => ({
      ...exchange, response: { status, headers: { 'content-type': contentType }, mediaType: contentType, bodyText, json: contentType.includes('json') ? JSON.parse(bodyText) : undefined },
    }) as unknown as Exchange;
    const env = fakeEnv();
    const s = spec(async (n) => {
      if (n % 2 === 0) throw new FixtureError('DeleteCard of the scenario\'s own card was not served (status 500)', { exchange: answered(500, 'application/json', '{"ErrorCode":"E"}') });
      return pass([A]);
    });
    await runProperty(env, { ...s, requirements: [A, 'GEN-NO-5XX' as RequirementId] });
    expect(env.records.find((r) => r.requirement === 'GEN-NO-5XX')?.status).toBe('failed');

    const plain = fakeEnv();
    await runProperty(plain, { ...spec(async () => { throw new FixtureError('refused', { exchange: answered(400, 'text/plain', 'bad device') }); }, 2), requirements: [A, 'GEN-JSON-BODY' as RequirementId] });
    expect(plain.records.find((r) => r.requirement === 'GEN-JSON-BODY')?.status).toBe('failed');

    const inContract = fakeEnv();
    await runProperty(inContract, { ...spec(async () => { throw new FixtureError('refused', { exchange: answered(404, 'application/problem+json', '{"title":"Not Found"}') }); }, 2), requirements: [A, 'GEN-NO-5XX' as RequirementId] });
    expect(statuses(inContract.records)).toEqual(['A not-covered', 'GEN-NO-5XX not-covered']);
  });

  it('on a configuration gap names the variable and how to accept the gap; a case-level refusal skips only that case', async () => {
    const env = fakeEnv();
    const gap = spec(async () => { throw new FixtureError('no denied client is configured: set TARGET_DENIED_CLIENT_ID', { enabledBy: 'TARGET_DENIED_CLIENT_ID' }); }, 2);
    await runProperty(env, gap);
    expect(env.records.map((r) => r.reason)).toEqual([A, B, C].map((id) => `not covered: no denied client is configured: set TARGET_DENIED_CLIENT_ID; or accept the gap with CONFORMANCE_SKIP=${id}`));

    // A refused enrolment (D37) in some cases: the others still run and check what they can.
    const some = fakeEnv();
    const s = spec(async (n) => { if (n % 3 === 0) throw new FixtureError('EnrollCustomer refused the identity (422)'); return pass([A, B]); });
    await runProperty(some, s);
    expect(s.calls()).toBe(30);
    expect(statuses(some.records)).toEqual(['A passed', 'B passed', 'C not-covered']);
  });
});
