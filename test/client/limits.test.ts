import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createRateLimit } from '../../client/limits.js';
import { backoffMs, defaultRetryPolicy, retryAfterMs, worthRetrying } from '../../client/retry.js';

describe('concurrency limit', () => {
  it('never runs more than N tasks at once and runs them all', async () => {
    const limit = createConcurrencyLimit(3);
    let active = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active--;
        return i;
      }),
    );
    while (gates.length > 0 || limit.pending > 0) {
      await Promise.resolve();
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });

  it('frees the slot when a task throws', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limit.run(async () => 'ok')).toBe('ok');
  });
});

describe('rate limit', () => {
  /** A fake clock: sleeping moves it on. */
  const fakeClock = (start = 0) => {
    const clock = { t: start, now: () => clock.t, sleep: async (ms: number) => { clock.t += ms; } };
    return clock;
  };

  it('never lets more than R requests into any window, each counted until a window after its end (fake clock)', async () => {
    const clock = fakeClock();
    const rate = createRateLimit(5, clock);
    const starts: number[] = [];
    for (let i = 0; i < 23; i++) {
      const done = await rate.acquire();
      starts.push(clock.t);
      done();
    }
    for (const t of starts) expect(starts.filter((s) => s >= t && s < t + 1000).length).toBeLessThanOrEqual(5);
    expect(starts.at(-1)).toBe(4000);
  });

  it('waits for the oldest end to leave the window', async () => {
    const clock = fakeClock();
    const rate = createRateLimit(2, clock);
    (await rate.acquire())();
    clock.t = 100;
    (await rate.acquire())();
    clock.t = 500;
    await rate.acquire();
    expect(clock.t).toBe(1000);
  });

  it('counts a request from its start to a window after its end: a slow reply keeps its place (fake clock)', async () => {
    const clock = fakeClock();
    const rate = createRateLimit(2, clock);
    const first = await rate.acquire();
    await rate.acquire();
    // Both open: a third waits for one of them to end, however long that takes.
    let third = false;
    const waiting = rate.acquire().then((done) => { third = true; return done; });
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    clock.t = 700;
    first();
    first(); // a second call counts nothing more
    await waiting;
    // The first request reached the target at some time up to 700: the third waits until a window after that.
    expect(clock.t).toBe(1700);
  });
});

describe('retry policy', () => {
  it('reads Retry-After as seconds or an HTTP date, capped', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('2', now, 10_000)).toBe(2000);
    expect(retryAfterMs('120', now, 10_000)).toBe(10_000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now, 10_000)).toBe(3000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now, 10_000)).toBe(0);
    expect(retryAfterMs('soon', now, 10_000)).toBeUndefined();
    expect(retryAfterMs(undefined, now, 10_000)).toBeUndefined();
  });

  it('backs off exponentially with jitter within bounds', () => {
    const p = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffMs(1, p, () => 0)).toBe(50);
    expect(backoffMs(1, p, () => 1)).toBe(100);
    expect(backoffMs(3, p, () => 1)).toBe(400);
    expect(backoffMs(10, p, () => 1)).toBe(1000);
  });

  it('retries a lost connection, not a timeout', () => {
    expect(worthRetrying({ transportError: { code: 'TIMEOUT', message: '' } })).toBe(false);
    expect(worthRetrying({ transportError: { code: 'CONNECTION_RESET', message: '' } })).toBe(true);
  });
});
