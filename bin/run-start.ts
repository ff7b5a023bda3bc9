import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadBaseline, BaselineError, type PreviousRun } from '../reporting/baseline.js';
import { clearResults } from '../reporting/recorder.js';
import { loadWaivers, WaiversError, type Waiver } from '../reporting/waivers.js';

/**
 * What a run reads and clears before its suites start, apart from how it ends (finish.ts): bin/conformance
 * spawns the suites right after these, and every module loaded first delays the first request (issue 29).
 */

/** Clears what a previous run left in the report directory, so nothing stale is read back. */
export function prepareReportDir(reportDir: string): void {
  mkdirSync(reportDir, { recursive: true });
  clearResults(reportDir);
  for (const stale of ['allure-results', 'summary.json', 'summary.md', 'junit.xml', 'certificate.html'])
    rmSync(join(reportDir, stale), { recursive: true, force: true });
}

export interface RunInputs {
  readonly waivers: readonly Waiver[];
  readonly baseline?: PreviousRun;
}

/** Waivers and baseline are read before the run: a broken file is a configuration problem (exit 2). */
export async function loadRunInputs(env: NodeJS.ProcessEnv): Promise<RunInputs> {
  try {
    const waivers = loadWaivers(env);
    const baseline = env.CONFORMANCE_BASELINE ? await loadBaseline(env.CONFORMANCE_BASELINE) : undefined;
    return { waivers, ...(baseline ? { baseline } : {}) };
  } catch (error) {
    if (error instanceof WaiversError || error instanceof BaselineError) {
      console.error('Configuration problem (nothing was sent):');
      for (const line of error.message.split('\n')) console.error(`  ${line}`);
      process.exit(2);
    }
    throw error;
  }
}

