import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimit } from '../../client/limits.js';
import { fileLedger, rateLedgerDirVariable, workerLedger } from '../../client/rate-ledger.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { workerShare } from '../../bin/worker-share.js';
import { maxInWindow } from '../client/servers.js';
import { runConformance } from '../support/conformance-run.js';
import { proxiedTargetEnv, startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';

let reference: RunningReference | undefined;
let proxy: FaultProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await reference?.close();
  proxy = reference = undefined;
});

describe('the load a run puts on the target', () => {
  it('never exceeds TARGET_RATE_LIMIT=20 in any 1 s window nor TARGET_CONCURRENCY=2 in flight, with more workers asked for', async () => {
    reference = await startReference();
    // Answers held back 100 ms: requests of different workers overlap, so an uncapped run would
    // have several in flight (four suite files, VITEST_MAX_WORKERS=4); the concurrent-writes suite
    // sends pairs at once, so the cap of 2 is reached even where the share gives one worker (issue 29).
    proxy = await startFaultProxy(reference, [{ mode: 'slow', delayMs: 100 }]);
    const run = await runConformance({
      runs: 4,
      args: ['suites/find-customer.conformance.ts', 'suites/get-registered-cards.conformance.ts', 'suites/authenticate-obo.conformance.ts', 'suites/concurrency.conformance.ts'],
      env: { ...proxiedTargetEnv(reference, proxy), TARGET_RATE_LIMIT: '20', TARGET_CONCURRENCY: '2', VITEST_MAX_WORKERS: '4' },
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(proxy.requests.length).toBeGreaterThan(40);
    // Measured where the target sees it: at the proxy, and at the reference behind it.
    const atProxy = maxInWindow(proxy.requests.map((r) => r.at), 1000);
    expect(atProxy).toBeLessThanOrEqual(20);
    expect(atProxy).toBeGreaterThanOrEqual(8);
    expect(maxInWindow(reference.stats.requests.map((r) => r.at), 1000)).toBeLessThanOrEqual(20);
    expect(proxy.maxInFlight).toBe(2);
  });
});

describe('rate ledger', () => {
  it('carries the rate window from one worker process to the next of the same slot (fake clock)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-ledger-'));
    let now = 10_000;
    const clock = { now: () => now, sleep: async (ms: number) => { now += ms; } };
    // Regression: each vitest test file runs in a fresh process; without the ledger the next file
    // started with an empty window and a full run put 236 requests into one second at limit 200.
    const first = createRateLimit(5, { ...clock, ledger: fileLedger(join(dir, 'slot-1.log')) });
    for (let i = 0; i < 5; i++) (await first.acquire())();
    now += 300;
    const next = createRateLimit(5, { ...clock, ledger: fileLedger(join(dir, 'slot-1.log')) });
    await next.acquire();
    expect(now).toBe(11_000);
    const fresh = createRateLimit(5, { ...clock, ledger: fileLedger(join(dir, 'slot-2.log')) });
    await fresh.acquire();
    expect(now).toBe(11_000);
  });

  it('is used only under bin/conformance and vitest (ledger directory and worker slot both known)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-ledger-'));
    expect(workerLedger({ [rateLedgerDirVariable]: dir, VITEST_POOL_ID: '2' })).toBeDefined();
    expect(workerLedger({ VITEST_POOL_ID: '2' })).toBeUndefined();
    expect(workerLedger({ [rateLedgerDirVariable]: dir })).toBeUndefined();
  });
});

describe('workerShare', () => {
  it('splits both limits among the workers, rounding down, never with more workers than either allows', () => {
    // Issue 29: a worker per two requests allowed in flight, whatever the cores (files run their properties in turn;
    // the concurrent-writes cases need a pair in flight from one worker), and one alone where only one is allowed.
    expect(workerShare({ concurrency: 1, rateLimit: 200 }, undefined, 2)).toEqual({ workers: 1, concurrency: 1, rateLimit: 200 });
    expect(workerShare({ concurrency: 4, rateLimit: 200 }, undefined, 2)).toEqual({ workers: 2, concurrency: 2, rateLimit: 100 });
    expect(workerShare({ concurrency: 32, rateLimit: 2000 }, undefined, 2)).toEqual({ workers: 8, concurrency: 4, rateLimit: 250 });
    expect(workerShare({ concurrency: 4, rateLimit: 200 }, undefined, 8)).toEqual({ workers: 2, concurrency: 2, rateLimit: 100 });
    expect(workerShare({ concurrency: 2, rateLimit: 17 }, '4', 8)).toEqual({ workers: 1, concurrency: 2, rateLimit: 17 });
    expect(workerShare({ concurrency: 16, rateLimit: 1 }, '3', 8)).toEqual({ workers: 1, concurrency: 16, rateLimit: 1 });
    expect(workerShare({ concurrency: 5, rateLimit: 100 }, '50%', 4)).toEqual({ workers: 2, concurrency: 2, rateLimit: 50 });
  });

  it('with the run\'s permits shared (a remote target): a worker per request allowed in flight, each free to use them all, the rate split', () => {
    expect(workerShare({ concurrency: 4, rateLimit: 200 }, undefined, 2, true)).toEqual({ workers: 4, concurrency: 4, rateLimit: 50 });
    expect(workerShare({ concurrency: 1, rateLimit: 200 }, undefined, 2, true)).toEqual({ workers: 1, concurrency: 1, rateLimit: 200 });
    expect(workerShare({ concurrency: 32, rateLimit: 2000 }, undefined, 2, true)).toEqual({ workers: 8, concurrency: 32, rateLimit: 250 });
    expect(workerShare({ concurrency: 2, rateLimit: 17 }, '4', 8, true)).toEqual({ workers: 2, concurrency: 2, rateLimit: 8 });
    expect(workerShare({ concurrency: 16, rateLimit: 3 }, undefined, 8, true)).toEqual({ workers: 3, concurrency: 16, rateLimit: 1 });
  });
});
