import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Summary } from '../reporting/model.js';
import { packageRoot } from '../reporting/package.js';

export interface ConformanceRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
  /** summary.json, when the run wrote one. */
  readonly summary?: Summary;
}

export interface ConformanceRunOptions {
  /** REFERENCE_FAULTS of the embedded reference. */
  readonly faults?: readonly string[];
  /** CONFORMANCE_ONLY: operations, areas, requirement ids or sections (reporting/selection.ts). */
  readonly only?: readonly string[];
  /**
   * CONFORMANCE_RUNS (default 25: a fixed volume per property, for the readings sweep); null leaves it
   * unset, so the request budget decides as in a user's default run (the fault proofs).
   */
  readonly runs?: number | null;
  readonly seed?: number;
  /** REPORT_DIR; a fresh temporary directory when unset. */
  readonly reportDir?: string;
  /** More variables (TARGET_*, WAIVERS_FILE...); they win over the ones above. */
  readonly env?: Readonly<Record<string, string>>;
  /** Arguments after `--` (vitest filters: a suite file, -t name). */
  readonly args?: readonly string[];
  /**
   * bin/conformance.ts built into one module (the self-tests build it once per session:
   * test/support/conformance-bundle.ts); unset, the source runs through tsx as `npm run conformance` does.
   */
  readonly entry?: string;
}

/**
 * Runs `npm run conformance` as a user would (bin/conformance.ts in a child process, the
 * embedded reference unless TARGET_BASE_URL is given) with its own report directory. The child
 * gets only PATH, HOME and DOTENV_CONFIG_PATH (which file it reads instead of ./.env, bin/dotenv.ts)
 * from this process, so a caller's TARGET_* variables never leak into it,
 * and runs in the package's own directory (where tsx and the suites are), so give it absolute paths.
 * Used by the self-tests (test/support/conformance-run.ts) and the seed sweep (bin/sweep.ts).
 */
export function runConformance(options: ConformanceRunOptions = {}): Promise<ConformanceRun> {
  const reportDir = options.reportDir ?? mkdtempSync(join(tmpdir(), 'pc-run-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    ...(process.env.DOTENV_CONFIG_PATH ? { DOTENV_CONFIG_PATH: process.env.DOTENV_CONFIG_PATH } : {}),
    REPORT_DIR: reportDir,
    ...(options.runs === null ? {} : { CONFORMANCE_RUNS: String(options.runs ?? 25) }),
    CONFORMANCE_SEED: String(options.seed ?? 20261122),
    WAIVERS_FILE: join(packageRoot, 'waivers.json'),
    ...(options.faults?.length ? { REFERENCE_FAULTS: options.faults.join(',') } : {}),
    ...(options.only?.length ? { CONFORMANCE_ONLY: options.only.join(',') } : {}),
    ...options.env,
  };
  return new Promise((resolve) => {
    const entry = options.entry ? [options.entry] : ['--import', 'tsx', 'bin/conformance.ts'];
    const child = spawn(process.execPath, [...entry, ...(options.args ?? [])], { env, cwd: packageRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('exit', (code) => {
      const file = join(reportDir, 'summary.json');
      const summary = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Summary) : undefined;
      resolve({ exitCode: code ?? -1, stdout, stderr, reportDir, ...(summary ? { summary } : {}) });
    });
  });
}
