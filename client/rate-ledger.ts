import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * When the requests of one vitest worker slot ended (client/limits.ts counts a request in the
 * rate window until a window after its end), kept in a file. A slot's test files may run in
 * fresh processes, one after the other: without the ledger each would start with an empty rate
 * window, and the last second of one file and the first of the next could together exceed
 * TARGET_RATE_LIMIT.
 */
export interface RateLedger {
  /** Ends still inside the window, oldest first (the file keeps only these). */
  recent(now: number, windowMs: number): number[];
  append(endedAt: number): void;
}

export function fileLedger(path: string): RateLedger {
  return {
    recent(now, windowMs) {
      if (!existsSync(path)) return [];
      const kept = readFileSync(path, 'utf8').split('\n').map(Number).filter((t) => t > now - windowMs).sort((a, b) => a - b);
      writeFileSync(path, kept.map((t) => `${t}\n`).join(''));
      return kept;
    },
    append: (endedAt) => appendFileSync(path, `${endedAt}\n`),
  };
}

/** Where bin/conformance keeps the ledgers of a run (a directory it made). */
export const rateLedgerDirVariable = 'CONFORMANCE_RATE_LEDGER_DIR';

/** This worker slot's ledger when the process runs under bin/conformance and vitest; else none. */
export function workerLedger(env: NodeJS.ProcessEnv = process.env): RateLedger | undefined {
  const dir = env[rateLedgerDirVariable];
  const slot = env.VITEST_POOL_ID;
  return dir && slot && existsSync(dir) ? fileLedger(join(dir, `slot-${slot}.log`)) : undefined;
}
