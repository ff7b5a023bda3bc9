import { describe, expect, it } from 'vitest';
import { TokenRequestError } from '../../client/errors.js';
import type { Exchange } from '../../client/exchange.js';
import type { Finding } from '../../checks/finding.js';
import type { RequirementId } from '../../contract/requirements.js';
import type { ResultRecord } from '../../reporting/result.js';
import { classifyRun, type RunFacts } from '../../suites/lib/runner/classify.js';
import { refusedPath, stopOf } from '../../suites/lib/runner/stop.js';
import { StepBroken } from '../../suites/lib/model/journal.js';
import { FixtureError } from '../../suites/lib/state/fixture-errors.js';

/** Placeholder requirement ids: the runner treats ids as opaque, and one letter keeps the expected records short. */
const placeholder = (id: string) => id as RequirementId;
const A = placeholder('A'), B = placeholder('B'), C = placeholder('C'), D = placeholder('D');

/** The one classifier both runners use (suites/lib/runner/classify.ts): every branch, no fast-check, no network. */

const finding: Finding = { check: 'statusMatches', requirement: B, severity: 'documented', title: 'Unexpected status', message: 'Received 200; documented 400', dedupKey: 'k' };
const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  suite: 'fake', property: 'p', operation: 'FindCustomer', unit: 'case', runs: 30, requirements: [A, B, C],
  checked: new Set([A, B]), observed: {}, responsesSeen: ['FindCustomer 200 success'], ...over,
});
const upper = (t: string) => t.replace(/secret/g, '[x:***]');
const statuses = (records: readonly ResultRecord[]) => records.map((r) => `${r.requirement} ${r.status}`).sort();
const failure = { failed: [{ requirement: B, findings: [finding], reproduction: { seed: 1, replay: 'r' } }], findings: [finding], report: 'p: failed', reproduction: { seed: 1, replay: 'r' }, detail: 'POST /x' };

describe('classifyRun', () => {
  it('pass: what cases checked passed, with the responses seen; nothing for what none reached unless the runner names why', () => {
    const end = classifyRun(facts(), upper);
    expect(statuses(end.records)).toEqual(['A passed', 'B passed']);
    expect(end.records.every((r) => r.responsesSeen?.[0] === 'FindCustomer 200 success' && r.operation === 'FindCustomer')).toBe(true);
    expect(end.result).toEqual({ failed: false, findings: [], report: 'p: 30 cases passed' });

    const model = classifyRun(facts({ unit: 'sequence', unreachedReason: 'none of 30 sequence(s) reached it' }), upper);
    expect(statuses(model.records)).toEqual(['A passed', 'B passed', 'C not-covered']);
    expect(model.records.find((r) => r.requirement === C)?.reason).toBe('none of 30 sequence(s) reached it');
    // A rule no random sequence reached is a gap in the summary, not a skipped test.
    expect(model.result).toEqual({ failed: false, findings: [], report: 'p: 30 sequences passed' });
  });

  it('observed behaviour is recorded whatever the end', () => {
    for (const over of [{}, { failure }, { stop: { kind: 'broken' as const, reason: 'TIMEOUT' } }]) {
      const end = classifyRun(facts({ ...over, observed: { 'HISTORY-PAGING': 'inclusive' } }), upper);
      expect(end.records[0]).toMatchObject({ requirement: 'HISTORY-PAGING', status: 'observed', reason: 'inclusive' });
    }
  });

  it('counterexample: the failing requirements failed with their reproduction, the other checked ones passed; it wins over a later stop', () => {
    const end = classifyRun(facts({ failure, stop: { kind: 'broken', reason: 'TIMEOUT' } }), upper);
    expect(statuses(end.records)).toEqual(['A passed', 'B failed']);
    expect(end.records.find((r) => r.status === 'failed')).toMatchObject({ findings: [finding], reproduction: { replay: 'r' } });
    expect(end.result).toEqual({ failed: true, findings: [finding], report: 'p: failed', reproduction: { seed: 1, replay: 'r' }, detail: 'POST /x' });
  });

  it('counterexample after a case could not get its state: what no case reached is not covered, with the fixture reason', () => {
    const missing = { code: 'FIXTURE_UNAVAILABLE' as const, message: 'EnrollCustomer refused a secret identity' };
    const end = classifyRun(facts({ failure, missing }), upper);
    expect(statuses(end.records)).toEqual(['A passed', 'B failed', 'C not-covered']);
    expect(end.records.find((r) => r.requirement === C)?.reason).toBe('not covered: EnrollCustomer refused a [x:***] identity');
  });

  it('harness error: nothing the property checks or claims is called passed; fast-check’s own error counts as one', () => {
    const end = classifyRun(facts({ stop: { kind: 'harness', reason: 'harness error: boom' } }), upper);
    expect(statuses(end.records)).toEqual(['A broken', 'B broken', 'C broken']);
    expect(end.result).toEqual({ failed: false, broken: 'harness error: boom', findings: [], report: 'p: harness error: boom' });

    const thrown = classifyRun(facts({ fastCheckError: new Error('a secret arbitrary threw') }), upper);
    expect(thrown.result.broken).toBe('harness error: a [x:***] arbitrary threw');
    expect(statuses(thrown.records)).toEqual(['A broken', 'B broken', 'C broken']);
  });

  it('transport trouble: broken for what was checked, or for every claimed requirement when nothing was', () => {
    const stop = { kind: 'broken' as const, reason: 'TIMEOUT: no answer' };
    const some = classifyRun(facts({ stop }), upper);
    expect(statuses(some.records)).toEqual(['A broken', 'B broken']);
    expect(some.result).toEqual({ failed: false, broken: 'TIMEOUT: no answer', findings: [], report: 'p: broken (TIMEOUT: no answer)' });
    expect(statuses(classifyRun(facts({ stop, checked: new Set() }), upper).records)).toEqual(['A broken', 'B broken', 'C broken']);
  });

  it('fixture failure: checked passed, the rule the fixture broke left to the fixture, the rest not covered; the test is skipped', () => {
    const error = { code: 'FIXTURE_UNAVAILABLE' as const, message: 'EnrollCustomer answered out of contract', blockedBy: 'ENROLL-SUCCESS' };
    const end = classifyRun(facts({ stop: { kind: 'fixture', error }, requirements: [A, B, C, D, 'ENROLL-SUCCESS'] }), upper);
    expect(statuses(end.records)).toEqual(['A passed', 'B passed', 'C not-covered', 'D not-covered']);
    expect(end.result.notCovered).toBe('blocked by ENROLL-SUCCESS: EnrollCustomer answered out of contract');

    const gap = { code: 'FIXTURE_UNAVAILABLE' as const, message: 'no denied client', enabledBy: 'TARGET_DENIED_CLIENT_ID' };
    const configured = classifyRun(facts({ stop: { kind: 'fixture', error: gap } }), upper);
    expect(configured.result.notCovered).toBe('not covered: no denied client; or accept the gap with CONFORMANCE_SKIP=C');

    // Everything was checked before the fixture failed: nothing is left uncovered, the property passed.
    const late = classifyRun(facts({ stop: { kind: 'fixture', error: gap }, checked: new Set([A, B, C]) }), upper);
    expect(late.result).toEqual({ failed: false, findings: [], report: 'p: 30 cases passed' });
  });

  it('interruption: checked passed, the rest not covered naming the interruption; the test is skipped', () => {
    const end = classifyRun(facts({ interrupted: true, runs: 12 }), upper);
    expect(statuses(end.records)).toEqual(['A passed', 'B passed', 'C not-covered']);
    expect(end.result.notCovered).toMatch(/^not covered: the run was interrupted after 12 case\(s\)/);
  });
});

describe('stopOf', () => {
  const exchange = { request: { operation: 'Token' }, attempts: [] } as unknown as Exchange;
  it('tells transport trouble, missing state and harness errors apart, reasons redacted', () => {
    expect(stopOf(new TokenRequestError(exchange, 'status 503 for secret'), upper)).toEqual({ kind: 'broken', reason: expect.stringMatching(/^TOKEN_REQUEST_FAILED: .*status 503 for \[x:\*\*\*\]$/) });
    expect(stopOf(new StepBroken('Increment: TIMEOUT secret'), upper)).toEqual({ kind: 'broken', reason: 'Increment: TIMEOUT [x:***]' });
    expect(stopOf(Object.assign(new Error('setup: 503'), { code: 'SETUP_BROKEN' }), upper)).toEqual({ kind: 'broken', reason: 'setup: 503' });
    expect(stopOf(new FixtureError('no card', { blockedBy: 'CARD-SUCCESS' }), upper)).toMatchObject({ kind: 'fixture', error: { blockedBy: 'CARD-SUCCESS' } });
    expect(stopOf(new TypeError('x is undefined'), upper)).toEqual({ kind: 'harness', reason: 'harness error: x is undefined' });
    expect(refusedPath(new Error('bad'), '9:9', 'sequence', upper).kind).toBe('harness');
  });
});
