/**
 * The two limits every request of a transport shares: at most N in flight, and at most
 * R started in any window of `windowMs` (sliding window log). Both keep FIFO order.
 */

export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly pending: number;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
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
      try {
        return await task();
      } finally {
        release();
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
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createRateLimit(perWindow: number, options: RateLimitOptions = {}): RateLimit {
  if (!Number.isInteger(perWindow) || perWindow < 1) throw new RangeError(`rate limit must be a whole number above 0, received ${perWindow}`);
  const windowMs = options.windowMs ?? 1000;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  let starts: number[] = [];
  let chain: Promise<void> = Promise.resolve();
  const take = async () => {
    for (;;) {
      const t = now();
      starts = starts.filter((s) => s > t - windowMs);
      const delay = rateDelay(starts, t, perWindow, windowMs);
      if (delay <= 0) {
        starts.push(t);
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
