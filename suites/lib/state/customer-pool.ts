import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The run's customer pool: customers cannot be deleted, so the customer every property may share
 * (one that needs no fresh identity) is enrolled once per run, not once per vitest worker. Workers
 * are separate processes: the first to need it takes a lock file in the run's private directory
 * (privatePoolDir) and makes it; the others wait for the file it writes. A failure to make it is
 * written too, so every worker reports the same gap instead of trying again; transport trouble is
 * not such a failure: the maker releases the lock and whoever asks next makes the customer.
 */

export interface PooledCustomer {
  readonly customerId: string;
  readonly ssn: string;
  readonly dateOfBirth: string;
}

/** What the maker could not do: the worker that reads it throws it as its own FixtureError. */
export interface PoolFailure {
  readonly message: string;
  readonly blockedBy?: string;
}

type PoolFile = { readonly customer: PooledCustomer } | { readonly failure: PoolFailure };

/** How long a worker waits for another to make the pool: an enrolment under a low rate limit, with retries. */
export const poolWaitMs = 120_000;
const pollMs = 50;

/** Set by bin/conformance.ts: a directory made for this run only and removed when it ends. */
export const privateDirVariable = 'CONFORMANCE_PRIVATE_DIR';

let ownDir: string | undefined;
/**
 * Where the pool lives: never REPORT_DIR, because the file holds the customer's SSN and date of
 * birth (reports carry no personal data). Outside bin/conformance.ts, a directory of this worker's.
 */
export function privatePoolDir(env: NodeJS.ProcessEnv = process.env): string {
  return env[privateDirVariable] || (ownDir ??= mkdtempSync(join(tmpdir(), 'pc-private-')));
}

export interface PoolOptions {
  /** A directory private to the run (privatePoolDir), not REPORT_DIR. */
  readonly dir: string;
  /** Enrols the pool's customer; a rejection whose `poolFailure` says so is shared with every worker. */
  readonly make: () => Promise<PooledCustomer>;
  readonly failureOf: (error: unknown) => PoolFailure;
  /** Transport trouble: not shared as the pool's failure; the lock is released for the next asker. */
  readonly transient?: (error: unknown) => boolean;
  readonly waitMs?: number;
}

const paths = (dir: string) => ({ lock: join(dir, 'customer-pool.lock'), file: join(dir, 'customer-pool.json') });

function read(file: string): PoolFile | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as PoolFile;
}

/** Written whole or not at all: a reader never sees half a file. */
function write(file: string, content: PoolFile): void {
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(content), { encoding: 'utf8', mode: 0o600 });
  renameSync(`${file}.${process.pid}`, file);
}

/** Thrown where the pool could not be made (by this worker or another): the caller turns it into its FixtureError. */
export class PoolUnavailable extends Error {
  readonly code = 'POOL_UNAVAILABLE';
  constructor(readonly failure: PoolFailure) {
    super(failure.message);
    this.name = 'PoolUnavailable';
  }
}

/** The run's pooled customer, made by whichever worker asks first. `made` is true in that worker only. */
export async function pooledCustomer(options: PoolOptions): Promise<{ customer: PooledCustomer; made: boolean }> {
  const { lock, file } = paths(options.dir);
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const deadline = Date.now() + (options.waitMs ?? poolWaitMs);
  for (;;) {
    const found = read(file);
    if (found && 'customer' in found) return { customer: found.customer, made: false };
    if (found) throw new PoolUnavailable(found.failure);
    if (take(lock)) return make(options, lock, file);
    if (Date.now() > deadline) throw new PoolUnavailable({ message: `no pooled customer after ${(options.waitMs ?? poolWaitMs) / 1000} s: the worker making it did not finish` });
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** The lock, unless another worker holds it (EEXIST: it makes the customer, or gave up on transport trouble and released it). */
function take(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

async function make(options: PoolOptions, lock: string, file: string): Promise<{ customer: PooledCustomer; made: boolean }> {
  try {
    const customer = await options.make();
    write(file, { customer });
    return { customer, made: true };
  } catch (error) {
    if (options.transient?.(error)) rmSync(lock, { force: true });
    else write(file, { failure: options.failureOf(error) });
    throw error;
  }
}
