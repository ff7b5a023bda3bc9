import { availableParallelism } from 'node:os';

/** What each vitest worker of a run may use, and how many workers there are. */
export interface WorkerShare {
  readonly workers: number;
  readonly concurrency: number;
  readonly rateLimit: number;
}

/**
 * Every vitest worker builds its own client, and each client enforces its limits alone. So
 * that the run as a whole never exceeds TARGET_CONCURRENCY and TARGET_RATE_LIMIT, the limits
 * are split evenly among the workers (rounded down), and there are never more workers than
 * either limit allows. With `permitsShared` (bin/conformance holds the run's in-flight permits) only
 * the rate is split. `requested` is VITEST_MAX_WORKERS when set (a number). Unset: a worker
 * per request TARGET_CONCURRENCY allows in flight (up to maxDefaultWorkers), or one worker fewer
 * than the cores when that is more. A suite file runs its properties one after the other, so the
 * requests in flight come from files running side by side in workers, and a worker mostly waits
 * for replies: one worker per core left three of four allowed requests unused 50 ms away (issue 29).
 */
/** Workers started without VITEST_MAX_WORKERS at most (memory: each is a Node process). */
export const maxDefaultWorkers = 8;

export function workerShare(limits: { concurrency: number; rateLimit: number }, requested?: string, cores: number = availableParallelism(), permitsShared = false): WorkerShare {
  const valid = requested !== undefined && /^\d+$/.test(requested) && Number(requested) > 0 ? Number(requested) : undefined;
  if (permitsShared) {
    // The run's permits (client/flight-permits.ts) bound the requests in flight of all workers
    // together: each worker may use them all when the others wait, and a worker per request allowed
    // in flight keeps them busy while a suite file sends one request at a time.
    const workers = Math.max(1, Math.min(valid ?? Math.min(limits.concurrency, maxDefaultWorkers), limits.concurrency, limits.rateLimit));
    return { workers, concurrency: limits.concurrency, rateLimit: Math.floor(limits.rateLimit / workers) };
  }
  const asked = valid ?? Math.max(cores - 1, 1, Math.min(limits.concurrency, maxDefaultWorkers));
  // Two requests in flight per worker where the run allows two: the concurrent-writes cases (D44)
  // send a pair at once from one worker, and a share of one would leave them not covered.
  const perWorker = limits.concurrency >= 2 ? 2 : 1;
  const workers = Math.max(1, Math.min(asked, Math.floor(limits.concurrency / perWorker), limits.rateLimit));
  return { workers, concurrency: Math.floor(limits.concurrency / workers), rateLimit: Math.floor(limits.rateLimit / workers) };
}

/** The variables that give the vitest child its share (they win over the user's TARGET_* values there). */
export function shareEnv(share: WorkerShare): Record<string, string> {
  return { VITEST_MAX_WORKERS: String(share.workers), TARGET_CONCURRENCY: String(share.concurrency), TARGET_RATE_LIMIT: String(share.rateLimit) };
}
