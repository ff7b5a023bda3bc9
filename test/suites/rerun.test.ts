import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import type { RequirementId } from '../../contract/requirements.js';
import type { ResultRecord } from '../../reporting/result.js';
import { SetupBroken } from '../../suites/lib/state/fixture-errors.js';
import { runProperty, type CaseOutcome, type PropertyEnv, type PropertySpec } from '../../suites/lib/runner/property.js';
import { lostWrite, TargetTrouble, type Rerun } from '../../suites/lib/runner/rerun.js';
import { HealthLog } from '../../suites/lib/runner/health.js';
import { readHealth } from '../../suites/lib/runner/health-report.js';

/**
 * Issue 22, "re-run, don't retry blindly" and "small blast radius", on the property runner with a
 * fake target: a case an exchange broke runs again from the start; only a case whose re-runs break
 * too is broken, and only its rows; a refusal the lost write caused is recognised; the health log
 * tells what each broken exchange became. No network.
 */
const A = 'A' as RequirementId, B = 'B' as RequirementId, C = 'C' as RequirementId;
let ids = 0;

function exchangeOf(operation: string, fault?: 'reset' | '503'): Exchange {
  const id = `x-${++ids}`;
  const attempt = fault === 'reset' ? { errorCode: 'CONNECTION_RESET' as const } : { status: fault === '503' ? 503 : 200 };
  return {
    request: { operation, method: 'POST', url: 'https://t/x', query: {}, headers: {}, correlationId: id },
    ...(fault === 'reset' ? { transportError: { code: 'CONNECTION_RESET', message: 'the connection was reset before any response' } } : { response: { status: attempt.status!, headers: {}, bodyText: '{}', json: {} } }),
    durationMs: 1, attempts: [{ ...attempt, headers: {}, startedAtMs: 0, durationMs: 1 }],
  } as Exchange;
}

function fakeEnv(reruns = 2): PropertyEnv & { records: ResultRecord[]; reportDir: string } {
  const records: ResultRecord[] = [];
  const reportDir = mkdtempSync(join(tmpdir(), 'pc-rerun-'));
  return {
    records, reportDir, runSeed: 7, replayPath: undefined, suiteFile: 'suites/fake.conformance.ts', reruns, health: new HealthLog(reportDir),
    record: (r) => records.push(r), redact: (t) => t, curl: () => 'curl https://t/x', formatExchange: () => 'POST /x',
  };
}

/** The health log as the client writes it (it records every exchange) and the runner adds to it. */
function sent(env: ReturnType<typeof fakeEnv>, x: Exchange): Exchange {
  env.health!.exchange(x);
  return x;
}

function spec(run: (n: number, rerun?: Rerun) => Promise<CaseOutcome>, numRuns = 10): PropertySpec<number> {
  return { area: 'fake', name: 'fake property', operation: 'EnrollCustomer', arbitrary: fc.integer({ min: 0, max: 99 }), numRuns, describe: (n) => `n=${n}`, requirements: [A, B, C], run };
}

const pass = (x: Exchange, checked: RequirementId[]): CaseOutcome => ({ exchanges: [x], findings: [], checked });
const statuses = (records: readonly ResultRecord[]) => [...new Set(records.map((r) => `${r.requirement} ${r.status}`))].sort();

describe('a case an exchange broke runs again from the start (CONFORMANCE_RERUNS)', () => {
  it('passes when a re-run completes, and tells the re-run that a write\'s reply was lost', async () => {
    const env = fakeEnv();
    const seen: Array<Rerun | undefined> = [];
    let first = true;
    const result = await runProperty(env, spec(async (_n, rerun) => {
      if (first) seen.push(rerun);
      if (first && !rerun) return { ...pass(sent(env, exchangeOf('EnrollCustomer', 'reset')), []), broken: 'CONNECTION_RESET: the connection was reset', rows: [A] };
      first = false;
      return pass(sent(env, exchangeOf('EnrollCustomer')), [A, B]);
    }));
    expect(result.broken).toBeUndefined();
    expect(seen).toEqual([undefined, { attempt: 1, afterLostWrite: true }]);
    expect(statuses(env.records)).toEqual(['A passed', 'B passed']);
    const health = readHealth(env.reportDir)!;
    expect(health.cases).toMatchObject({ rerun: 1, recovered: 1, stayedBroken: 0, lostWrites: 1 });
    expect(health.rows).toEqual([{ kind: 'connection reset', operation: 'EnrollCustomer', met: 1, recoveredByRetry: 0, recoveredByRerun: 1, notRecovered: 0 }]);
  });

  it('breaks only the rows of a case whose re-runs break too, and goes on with the other cases', async () => {
    const env = fakeEnv(2);
    let breaks = 0;
    const result = await runProperty(env, spec(async () => {
      // The first case breaks on its run and both re-runs; every other case completes.
      if (breaks++ < 3) return { exchanges: [sent(env, exchangeOf('EnrollCustomer', '503'))], findings: [], checked: [], broken: 'SERVICE_UNAVAILABLE: the target answered 503 to all 3 attempts', rows: [B] };
      return pass(sent(env, exchangeOf('EnrollCustomer')), [A, B, C]);
    }, 30));
    expect(statuses(env.records)).toEqual(['A passed', 'B broken', 'B passed', 'C passed']);
    const broken = env.records.find((r) => r.status === 'broken')!;
    expect(broken.reason).toBe('SERVICE_UNAVAILABLE: the target answered 503 to all 3 attempts (and again on each of 2 re-run(s) from the start with fresh state)');
    expect(result.broken).toMatch(/^1 of 30 case\(s\) stayed broken, their rows with them/);
    const health = readHealth(env.reportDir)!;
    expect(health.cases).toMatchObject({ rerun: 1, recovered: 0, stayedBroken: 1, lostWrites: 0 });
    expect(health.totals).toMatchObject({ met: 3, recoveredByRerun: 0, notRecovered: 3 });
    expect(health.broken).toEqual([{ property: 'fake property', reason: 'SERVICE_UNAVAILABLE: the target answered 503 to all 3 attempts' }]);
  });

  it('recognises a refusal the lost write caused (the identity now exists): not the target\'s own reason', async () => {
    const env = fakeEnv();
    let first = true;
    await runProperty(env, spec(async (_n, rerun) => {
      if (first && !rerun) return { exchanges: [sent(env, exchangeOf('EnrollCustomer', 'reset'))], findings: [], checked: [], broken: 'CONNECTION_RESET: reset' };
      if (first) {
        first = false;
        return { ...pass(exchangeOf('EnrollCustomer'), [A]), observed: { 'GEN-VALID-ACCEPTED': 'EnrollCustomer refused a valid payload with 422 SSN_IN_USE (D37: observed, not failed)' }, refused: 'GEN-VALID-ACCEPTED' };
      }
      return pass(exchangeOf('EnrollCustomer'), [A]);
    }, 3));
    expect(statuses(env.records)).toEqual(['A passed']);
    expect(readHealth(env.reportDir)!.cases.refusedAfterLostWrite).toBe(1);
  });

  it('names the rows of a case that broke before its exchange (a fixture\'s transport trouble) by rowsOf', async () => {
    const env = fakeEnv(1);
    let breaks = 0;
    const s = spec(async () => {
      // The first case breaks on its run and its re-run.
      if (breaks++ < 2) throw new SetupBroken(sent(env, exchangeOf('AddOrUpdateCard', 'reset')), 'AddOrUpdateCard of a fixture card: CONNECTION_RESET');
      return pass(exchangeOf('FindCustomer'), [A, B]);
    }, 30);
    await runProperty(env, { ...s, rowsOf: () => [C] });
    expect(statuses(env.records)).toEqual(['A passed', 'B passed', 'C broken']);
  });

  it('while shrinking a counterexample, a case that breaks is no smaller counterexample and breaks no row', async () => {
    const env = fakeEnv(0);
    let found = false;
    const result = await runProperty(env, spec(async (n) => {
      if (found && n % 2 === 1) return { exchanges: [exchangeOf('EnrollCustomer', 'reset')], findings: [], checked: [], broken: 'CONNECTION_RESET: reset', rows: [A] };
      if (n < 20) return pass(exchangeOf('EnrollCustomer'), [A, B]);
      found = true;
      return { ...pass(exchangeOf('EnrollCustomer'), [A, B]), findings: [{ check: 'statusMatches', requirement: B, severity: 'documented', title: 'Unexpected status', message: 'Received 200; documented 400', dedupKey: 'statusMatches|EnrollCustomer|B' }] };
    }, 30));
    expect(result.failed).toBe(true);
    expect(statuses(env.records)).toEqual(['A passed', 'B failed']);
  });

  it('a target in trouble: after a property stopped, the next cases run once and a property stops at its first broken case, until one completes', async () => {
    const env = { ...fakeEnv(2), trouble: new TargetTrouble() };
    let calls = 0;
    const down = spec(async () => {
      calls += 1;
      return { exchanges: [exchangeOf('EnrollCustomer', 'reset')], findings: [], checked: [], broken: 'CONNECTION_RESET: reset', rows: [A] };
    });
    await runProperty(env, down);
    expect(calls).toBe(3 * 3);
    expect(env.trouble.on).toBe(true);
    calls = 0;
    await runProperty(env, { ...down, name: 'next property' });
    expect(calls).toBe(1);
    const back = await runProperty(env, { ...down, name: 'after recovery', run: async () => pass(exchangeOf('FindCustomer'), [A]) });
    expect(back.broken).toBeUndefined();
    expect(env.trouble.on).toBe(false);
  });

  it('with CONFORMANCE_RERUNS=0 a broken case is broken at once', async () => {
    const env = fakeEnv(0);
    let calls = 0;
    await runProperty(env, spec(async () => {
      calls += 1;
      return { exchanges: [exchangeOf('EnrollCustomer', 'reset')], findings: [], checked: [], broken: 'CONNECTION_RESET: reset', rows: [A] };
    }));
    expect(calls).toBe(3);
    expect(statuses(env.records)).toEqual(['A broken', 'B broken', 'C broken']);
  });
});

describe('lostWrite', () => {
  it('is a write whose request went out with no whole answer back; never a read, a 503 or an unreachable target', () => {
    expect(lostWrite(exchangeOf('EnrollCustomer', 'reset'))).toBe(true);
    expect(lostWrite(exchangeOf('DeleteCard', 'reset'))).toBe(true);
    expect(lostWrite(exchangeOf('FindCustomer', 'reset'))).toBe(false);
    expect(lostWrite(exchangeOf('EnrollCustomer', '503'))).toBe(false);
    const refused = { ...exchangeOf('EnrollCustomer', 'reset'), transportError: { code: 'TARGET_UNREACHABLE', message: 'ECONNREFUSED' } } as Exchange;
    expect(lostWrite(refused)).toBe(false);
  });
});
