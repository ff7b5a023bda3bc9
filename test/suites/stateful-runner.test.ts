import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { finding } from '../../checks/support.js';
import type { ResultRecord } from '../../reporting/result.js';
import type { FindingCheckId } from '../../checks/finding.js';
import { Journal, runModel, StepBroken, type ModelSpec } from '../../suites/lib/model/run.js';
import { FixtureError } from '../../suites/lib/state/fixture-errors.js';
import { lastFourAllowed } from '../../oracles/model/expect.js';
import type { PropertyEnv } from '../../suites/lib/runner/property.js';

/** The model-based runner on its own: a fake target (a counter), no network. */
interface Counter { value: number }
interface Real { journal: Journal; value: number; breakAt?: number; lieAt?: number; leakAt?: number; breaks?: { left: number } }

const exchange = (status = 200): Exchange => ({
  request: { operation: 'Increment', method: 'POST', url: 'https://target.test/inc', query: {}, headers: {}, correlationId: 'c' },
  response: { status, headers: {}, bodyText: '{}', json: {} },
  durationMs: 1, attempts: [{ status, headers: {}, startedAtMs: 0, durationMs: 1 }],
});

class Increment implements fc.AsyncCommand<Counter, Real> {
  check(): boolean { return true; }
  async run(m: Counter, r: Real): Promise<void> {
    r.journal.step(`Increment(from ${m.value})`);
    if (r.breakAt === m.value && (!r.breaks || r.breaks.left-- > 0)) throw new StepBroken('Increment: TIMEOUT');
    r.value += r.lieAt === m.value ? 2 : 1;
    m.value += 1;
    r.journal.exchange(exchange());
    if (r.leakAt === m.value) r.journal.leak([finding('noSecretEcho', 'NO-SECRET-ECHO', 'Increment', { title: 'Sensitive value echoed', received: 'a card number', documented: 'none' })]);
    const wrong = r.value !== m.value
      ? [finding('counterMatches' as FindingCheckId, 'STATE-CARD-CHANGED', 'Increment', { title: 'Counter off', received: `${r.value}`, documented: `${m.value}` })]
      : [];
    r.journal.expect(wrong, 'STATE-CARD-CHANGED');
  }
  toString(): string { return 'Increment'; }
}

function spec(real: Partial<Real> & { fixture?: boolean } = {}): ModelSpec<Counter, Real, null> {
  return {
    area: 'stateful', name: 'counter follows the model', requirements: ['STATE-CARD-CHANGED', 'STATE-CARD-DELETED', 'NO-SECRET-ECHO'],
    sequences: 30, maxCommands: 8, commands: [fc.constant(new Increment())], setupValues: fc.constant(null),
    setup: async (journal) => {
      journal.step('setup: open a counter');
      if (real.fixture) throw new FixtureError('no counter to open');
      return { model: { value: 0 }, real: { journal, value: 0, ...real } };
    },
    verify: async () => {},
    cleanup: async () => {},
  };
}

function env(records: ResultRecord[], reruns?: number): PropertyEnv {
  return {
    ...(reruns === undefined ? {} : { reruns }),
    runSeed: 7, replayPath: undefined, suiteFile: 'suites/counter.conformance.ts', record: (r) => records.push(r),
    redact: (t) => t, curl: () => '', formatExchange: (x) => `${x.request.method} /inc → ${x.response?.status}`,
  };
}

const statusOf = (records: ResultRecord[], id: string) => records.filter((r) => r.requirement === id).map((r) => r.status);

describe('runModel', () => {
  it('records passed for what sequences checked and not-covered, with the reason, for what none reached', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records), spec(), () => '');
    expect(result.failed).toBe(false);
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['passed']);
    expect(statusOf(records, 'STATE-CARD-DELETED')).toEqual(['not-covered']);
    // 30 random sequences, then the coverage sequence (some rule was unreached): 31, and still none reached it.
    expect(records.find((r) => r.requirement === 'STATE-CARD-DELETED')?.reason).toMatch(/none of 31 sequence\(s\) reached/);
  });

  it('fails with the shrunk sequence as numbered steps, seed, path and replay', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records), spec({ lieAt: 2 }), (x) => `${x.request.operation} body`);
    expect(result.failed).toBe(true);
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['failed']);
    // The shortest sequence that shows the lie: three increments.
    expect(result.reproduction?.steps).toEqual([
      'setup: open a counter',
      'Increment(from 0)\n   POST /inc → 200\n     sent Increment body',
      'Increment(from 1)\n   POST /inc → 200\n     sent Increment body',
      'Increment(from 2)\n   POST /inc → 200\n     sent Increment body',
    ]);
    // The console tells it as every report does (reporting/reproduction.ts): replay, counterexample, numbered steps.
    expect(result.report).toMatch(/shrunk sequence \(seed 7, path [\d:]+\):\n {2}replay: CONFORMANCE_SEED=7 .*\n {2}counterexample: setup: open a counter → Increment\(from 0\) → .*\n {2}1\. setup: open a counter\n {2}2\. Increment\(from 0\)\n {5}POST \/inc → 200/);
    expect(result.reproduction?.replay).toMatch(/^CONFORMANCE_SEED=7 CONFORMANCE_PATH=[\d:]+ npm run conformance -- suites\/counter\.conformance\.ts -t "counter follows the model"$/);
  });

  it('records a leak without stopping the sequence: a state defect further on is still found', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records), spec({ leakAt: 1, lieAt: 3 }), () => '');
    expect(statusOf(records, 'NO-SECRET-ECHO')).toEqual(['failed']);
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['failed']);
    const leak = records.find((r) => r.requirement === 'NO-SECRET-ECHO')!;
    expect(leak.reproduction?.steps?.at(-1)).toMatch(/^Increment\(from 0\)/);
    expect(result.report).toMatch(/sequence up to the reply that leaked, as generated \(seed 7, path \d+\):/);
  });

  it('reports transport trouble broken, never failed: what no sequence reached reads broken', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records), spec({ breakAt: 0 }), () => '');
    expect(result.failed).toBe(false);
    expect(result.broken).toMatch(/TIMEOUT/);
    expect(records.map((r) => r.status)).not.toContain('failed');
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['broken']);
  });

  it('keeps what a sequence checked before transport trouble cut it short (issue 22): every earlier reply was whole', async () => {
    const records: ResultRecord[] = [];
    // One random sequence and the coverage one, both broken: fewer than a target in trouble breaks.
    await runModel(env(records), { ...spec({ breakAt: 1 }), sequences: 1 }, () => '');
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['passed']);
    expect(statusOf(records, 'STATE-CARD-DELETED')).toEqual(['broken']);
  });

  it('runs a broken sequence again from the start (CONFORMANCE_RERUNS): one that completes breaks nothing', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records, 2), spec({ breakAt: 1, breaks: { left: 2 } }), () => '');
    expect(result.broken).toBeUndefined();
    expect(records.map((r) => r.status)).not.toContain('broken');
    expect(statusOf(records, 'STATE-CARD-CHANGED')).toEqual(['passed']);
  });

  it('reports a setup that cannot make its state not covered, never passed', async () => {
    const records: ResultRecord[] = [];
    const result = await runModel(env(records), spec({ fixture: true }), () => '');
    expect(result.notCovered).toMatch(/no counter to open/);
    expect(records.map((r) => r.status)).toEqual(['not-covered', 'not-covered', 'not-covered']);
  });
});

describe('lastFourAllowed (interface.md "Card")', () => {
  it('accepts **** for a tokenized card, never for a card registered by number', () => {
    const tokenized = lastFourAllowed({ kind: 'token', identity: 'tok0123456789abcdef', payload: {} });
    expect(tokenized('****')).toBe(true);
    expect(tokenized('1234')).toBe(true);
    expect(tokenized('')).toBe(false);
    const withFour = lastFourAllowed({ kind: 'token', identity: 'tok0123456789abcdef', payload: { lastFourOfCard: '4321' } });
    expect([withFour('****'), withFour('4321'), withFour('1234')]).toEqual([true, true, false]);
    // lastFourOfCard has no format (0-4 characters): "h" or "" sent documents nothing about what is shown.
    for (const sent of ['h', '', 'ab12'])
      expect(lastFourAllowed({ kind: 'token', identity: 'tok0123456789abcdef', payload: { lastFourOfCard: sent } })('h')).toBe(true);
    const numbered = lastFourAllowed({ kind: 'number', identity: '4111111111111111', payload: {} });
    expect([numbered('1111'), numbered('****'), numbered('1234')]).toEqual([true, false, false]);
  });
});
