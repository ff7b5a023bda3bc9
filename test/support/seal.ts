import { devNull } from 'node:os';
import { variables } from '../../contract/profile-variables.js';
import './loopback-only.mjs';

/**
 * Self-tests are sealed (issue 28): vitest loads this before every self-test file (vitest.config.ts).
 * - Nothing of the caller's configuration reaches a test: every harness variable and every
 *   TARGET_* / CONFORMANCE_* / REFERENCE_* / SWEEP_* variable is removed; each test sets what it needs.
 * - No .env is read: the commands load the file DOTENV_CONFIG_PATH names instead of `./.env`
 *   (bin/dotenv.ts), and here it names the null device, for this process and every child.
 * - Only loopback: this process refuses any other connection (loopback-only.mjs), and so does every
 *   child node process, which gets the same module through NODE_OPTIONS; in the quick set, a child
 *   also refuses to be a conformance run's suite runner (no-conformance-run.mjs).
 */
export const sealedPrefixes = /^(TARGET|CONFORMANCE|REFERENCE|SWEEP)_/;

for (const name of Object.keys(process.env)) if (sealedPrefixes.test(name) || name in variables) delete process.env[name];

process.env.DOTENV_CONFIG_PATH = devNull;
const preloads = ['./loopback-only.mjs', ...(process.env.PC_SELF_TEST_SET === 'quick' ? ['./no-conformance-run.mjs'] : [])]
  .map((m) => `--import=${new URL(m, import.meta.url).href}`);
const options = (process.env.NODE_OPTIONS ?? '').split(' ').filter((o) => o && !preloads.includes(o));
process.env.NODE_OPTIONS = [...options, ...preloads].join(' ');

/** The seal for a child a self-test starts with an environment of its own making (PATH and HOME only). */
export function sealedChildEnv(): Record<string, string> {
  return {
    DOTENV_CONFIG_PATH: process.env.DOTENV_CONFIG_PATH!, NODE_OPTIONS: process.env.NODE_OPTIONS!,
    ...(process.env.PC_SELF_TEST_SET ? { PC_SELF_TEST_SET: process.env.PC_SELF_TEST_SET } : {}),
    // One suite worker per conformance run: `npm test` runs three run files at a time on two cores, so a
    // run's second worker only added its start-up (importing the harness) to a machine already full
    // (issue 28, measured on operator-faults.run.test.ts: 106.8 s of CPU against 119.4 s with two, 73 s
    // wall against 82 s). A test about workers sets its own (limits.run.test.ts).
    VITEST_MAX_WORKERS: '1',
  };
}
