/**
 * `npm run conformance [-- vitest filters]`: validate the profile, start the embedded
 * reference when no target is given, check the target answers, run the suites in a
 * vitest child process, then build the reports and the verdict from the result records.
 * Exit codes: 0 pass, 1 blocking failure, 2 bad configuration, 3 target unreachable or run broken.
 */
import { config } from 'dotenv';
import { spawn } from 'node:child_process';
import { loadProfile } from '../contract/profile.js';
import { exitOnConfigError } from './config-exit.js';
import { resolveTarget, type ResolvedTarget } from './target.js';
import { preflight } from './preflight.js';
import { finishRun, loadRunInputs, prepareReportDir } from './finish.js';
import { refuseUnsafeProduction } from './production-guard.js';

config({ quiet: true });
const profile = exitOnConfigError(() => loadProfile(process.env));
refuseUnsafeProduction(profile);
const inputs = await loadRunInputs(process.env);
const seed = profile.seed ?? Math.floor(Math.random() * 2 ** 31);
const startedAt = new Date();
prepareReportDir(profile.reportDir);

let target: ResolvedTarget;
try {
  target = await resolveTarget(profile);
} catch (error) {
  console.error(`Could not start the embedded reference service: ${(error as Error).message}`);
  process.exit(3);
}

const unreachable = await preflight(profile, target);
if (unreachable) {
  console.error(unreachable);
  await target.close();
  process.exit(3);
}

console.log(`partner-conformance: ${target.embedded ? 'embedded reference service' : 'target'} ${target.env.TARGET_BASE_URL ?? profile.target?.baseUrl}, profile ${profile.kind}, seed ${seed}`);
const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.conformance.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...target.env, CONFORMANCE_SEED: String(seed), CONFORMANCE_RUN_STARTED: startedAt.toISOString() },
});

let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  interrupted = true;
  child.kill(signal);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

const vitestExit: number = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
const exitCode = finishRun({ profile, target, startedAt, vitestExit, interrupted, ...inputs });
await target.close();
process.exit(exitCode);
