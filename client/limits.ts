import { AsyncLocalStorage } from 'node:async_hooks';
import type { RateLedger } from './rate-ledger.js';
import type { FlightPermits } from './flight-permits.js';

/**
 * The two limits every request of a transport shares: at most N in flight, and at most
 * R started in any window of `windowMs` (sliding window log). Both keep FIFO order.
 */

export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` with `n` of the run's permits held at once, so the requests it sends together are
   * in flight together (D44: two writes at the same time) however busy the other workers are.
   */
  together<T>(n: number, task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly pending: number;
}

/** Permits held for a `together` task; its requests take them instead of asking for their own. */
const reserved = new AsyncLocalStorage<{ left: number }>();

/**
 * At most `max` tasks of this process at once and, with `permits` (flight-permits.ts), each also
 * holds one of the run's permits: the run as a whole never has more in flight than TARGET_CONCURRENCY.
 */
export function createConcurrencyLimit(max: number, permits?: FlightPermits): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency must be a whole number above 0, received ${max}`);
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    active--;
    const next = queue.shift();
    if (next) next();
  };
  return {
    get active() { return active; },
    get pending() { return queue.length; },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) await new Promise<void>((resolve) => queue.push(resolve));
      active++;
      const group = reserved.getStore();
      const own = !!permits && !(group && group.left > 0);
      try {
        if (own) await permits.acquire(1);
        else if (group) group.left--;
      } catch (error) {
        release();
        throw error;
      }
      try {
        return await task();
      } finally {
        if (own) permits.release(1);
        else if (group) group.left++;
        release();
      }
    },
    async together<T>(n: number, task: () => Promise<T>): Promise<T> {
      if (!permits) return task();
      await permits.acquire(n);
      try {
        return await reserved.run({ left: n }, task);
      } finally {
        permits.release(n);
      }
    },
  };
}

/** Pure: how long to wait before one more start is allowed, given the recent start times. */
export function rateDelay(starts: readonly number[], now: number, limit: number, windowMs: number): number {
  const recent = starts.filter((t) => t > now - windowMs);
  if (recent.length < limit) return 0;
  // The oldest start that must leave the window before a new one fits.
  return recent[recent.length - limit]! + windowMs - now;
}

export interface RateLimit {
  /** Resolves when one more request may start; the start is counted at that moment. */
  acquire(): Promise<void>;
}

export interface RateLimitOptions {
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Starts of earlier processes of the same worker slot, and where this one's go (rate-ledger.ts). */
  ledger?: RateLedger;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createRateLimit(perWindow: number, options: RateLimitOptions = {}): RateLimit {
  if (!Number.isInteger(perWindow) || perWindow < 1) throw new RangeError(`rate limit must be a whole number above 0, received ${perWindow}`);
  const windowMs = options.windowMs ?? 1000;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  // Starts in time order from `head` on: expired ones leave at the front, so a request costs
  // O(1) however high the limit (rateDelay's filter would cost O(limit) per request).
  let starts: number[] = options.ledger?.recent(now(), windowMs) ?? [];
  let head = 0;
  let chain: Promise<void> = Promise.resolve();
  const take = async () => {
    for (;;) {
      const t = now();
      while (head < starts.length && starts[head]! <= t - windowMs) head++;
      if (head > 1024 && head * 2 > starts.length) {
        starts = starts.slice(head);
        head = 0;
      }
      const delay = starts.length - head < perWindow ? 0 : starts[starts.length - perWindow]! + windowMs - t;
      if (delay <= 0) {
        starts.push(t);
        options.ledger?.append(t);
        return;
      }
      await wait(delay);
    }
  };
  return {
    acquire() {
      const turn = chain.then(take);
      chain = turn.catch(() => undefined);
      return turn;
    },
  };
}

export interface SharedLimits {
  readonly inFlight: ConcurrencyLimit;
  readonly rate: RateLimit;
}

const perProcess = new Map<string, SharedLimits>();

/**
 * One pair of limits per process and setting: every client built from the same profile
 * (a second client for other credentials, the token client) draws from the same budget,
 * so adding a client never raises the load on the target.
 */
export function processLimits(concurrency: number, rateLimit: number, windowMs: number, ledger?: RateLedger, permits?: FlightPermits): SharedLimits {
  const key = `${concurrency}/${rateLimit}/${windowMs}`;
  let limits = perProcess.get(key);
  if (!limits) {
    limits = { inFlight: createConcurrencyLimit(concurrency, permits), rate: createRateLimit(rateLimit, { windowMs, ...(ledger ? { ledger } : {}) }) };
    perProcess.set(key, limits);
  }
  return limits;
}
