import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The suites' workers start while bin/conformance starts the embedded reference and runs the
 * preflight (issue 29: a run 50 ms away spent about five seconds before its first request, most
 * of it vitest and its workers loading the harness). The workers load the harness, then wait here
 * until the parent opens the gate with the target's late variables (the embedded reference's
 * address, CA and credentials). Nothing is sent before: a run the preflight stops is killed
 * at the gate, having sent only the preflight's requests.
 * The gate is a file written whole (written aside, then renamed): no socket to keep, and a worker
 * started later finds it open.
 */
export const startGateVariable = 'CONFORMANCE_START_GATE';

/** The parent: open the gate, handing the workers `env` (applied to their process.env). */
export function openStartGate(path: string, env: Readonly<Record<string, string>>): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(env));
  renameSync(`${path}.tmp`, path);
}

const pollMs = 10;

/**
 * A worker: wait for the gate named by CONFORMANCE_START_GATE, then apply what it holds. Once
 * applied, the variable is cleared: the next suite file of this worker passes at once.
 */
export async function passStartGate(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const path = env[startGateVariable];
  if (!path) return;
  while (!existsSync(path)) {
    // The run ended before opening it (the preflight stopped it, or it was interrupted).
    if (!existsSync(dirname(path))) process.exit(1);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  Object.assign(env, JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
  env[startGateVariable] = '';
}
