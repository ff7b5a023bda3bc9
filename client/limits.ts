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

export interface RateLimit {
  /**
   * Resolves when one more request may start. The request holds its place in the window until
   * the returned `done` is called (its reply came, or it failed) and for a window after: a
   * request reaches the target between the two, so however late the network delivers it, no
   * window at the target holds more than the limit (a sliding window stamped at the start let a
   * slow first batch and a prompt second one meet in one second at the target).
   */
  acquire(): Promise<() => void>;
}

export interface RateLimitOptions {
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Ends of earlier processes of the same worker slot, and where this one's go (rate-ledger.ts). */
  ledger?: RateLedger;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createRateLimit(perWindow: number, options: RateLimitOptions = {}): RateLimit {
  if (!Number.isInteger(perWindow) || perWindow < 1) throw new RangeError(`rate limit must be a whole number above 0, received ${perWindow}`);
  const windowMs = options.windowMs ?? 1000;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  // Ends in time order from `head` on (each is stamped when it happens): expired ones leave at the
  // front, so a request costs O(1) however high the limit.
  let ends: number[] = options.ledger?.recent(now(), windowMs) ?? [];
  let head = 0;
  let open = 0;
  // Woken when a request ends while every place is held by requests still open.
  let ended: (() => void) | undefined;
  let chain: Promise<void> = Promise.resolve();
  const finish = () => {
    const t = now();
    ends.push(t);
    options.ledger?.append(t);
    open--;
    ended?.();
  };
  const take = async (): Promise<() => void> => {
    for (;;) {
      const t = now();
      while (head < ends.length && ends[head]! <= t - windowMs) head++;
      if (head > 1024 && head * 2 > ends.length) {
        ends = ends.slice(head);
        head = 0;
      }
      const over = open + ends.length - head - perWindow;
      if (over < 0) {
        open++;
        let once = false;
        return () => { if (!once) { once = true; finish(); } };
      }
      if (head + over < ends.length) await wait(ends[head + over]! + windowMs - t);
      else await new Promise<void>((resolve) => { ended = () => { ended = undefined; resolve(); }; });
    }
  };
  return {
    acquire() {
      const turn = chain.then(take);
      chain = turn.then(() => undefined, () => undefined);
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
