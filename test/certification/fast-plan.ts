import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPlanInput } from '../../certification/default-plan.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The default plan, made quick for self-tests: a one-second Retry-After (the header counts whole
 * seconds), a short slow answer, and a rate the example clients are paced under (CLIENT_RATE).
 */
export const clientRate = 100;
export function fastPlanInput() {
  const p = defaultPlanInput();
  return { ...p, retryAfterSeconds: 1, slowMs: 300, grading: { ...p.grading, maxRequestsPerSecond: clientRate } };
}

export function writeFastPlan(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'certify-client-'));
  const file = join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify(fastPlanInput(), null, 2));
  return { dir, file };
}

/** The environment the example clients read, besides the TARGET_* variables the sandbox gives. */
export const clientEnv = { CLIENT_ROUNDS: '12', CLIENT_RATE: String(clientRate) };
