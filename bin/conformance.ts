/**
 * `npm run conformance [-- vitest filters]`: validate the profile, start the embedded
 * reference when no target is given, check the target answers, run the suites in a
 * vitest child process, then build the reports and the verdict from the result records.
 * Exit codes: 0 pass (every selected documented requirement checked and passed, or waived),
 * 1 blocking failure or expired waiver, 2 bad configuration, 3 target unreachable or run broken,
 * 4 documented requirements left unchecked (not covered, not waived, not named by CONFORMANCE_SKIP).
 */
import { loadDotenv } from './dotenv.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { rateLedgerDirVariable } from '../client/rate-ledger.js';
import { flightSocketVariable, startFlightServer } from '../client/flight-permits.js';
import { privateDirVariable } from '../suites/lib/state/customer-pool.js';
import { familyShardVariable, shardOf } from '../suites/lib/state/family-shard.js';
import { embeddedReferenceRateLimit, loadProfile } from '../contract/profile.js';
import { exitOnConfigError } from './config-exit.js';
import type { ResolvedTarget } from './target.js';
import { loadRunInputs, prepareReportDir } from './run-start.js';
import { refuseUnsafeProduction } from './production-guard.js';
import { shareEnv, workerShare } from './worker-share.js';
import { suiteRunnerArgs } from './suite-runner.js';
import { openStartGate, startGateVariable } from '../suites/lib/runner/start-gate.js';
import { unmatchedFilters, unmatchedFiltersMessage } from './suite-filters.js';

loadDotenv();
const profile = exitOnConfigError(() => loadProfile(process.env));
refuseUnsafeProduction(profile);
const unmatched = unmatchedFilters(process.argv.slice(2));
if (unmatched.length > 0) {
  console.error(unmatchedFiltersMessage(unmatched));
  process.exit(2);
}
const inputs = await loadRunInputs(process.env);
const seed = profile.seed ?? Math.floor(Math.random() * 2 ** 31);
const startedAt = new Date();
prepareReportDir(profile.reportDir);

// From here on a signal never loses what was recorded: the first one is passed to the suites
// and the reports are still written (marked incomplete); a second one stops the suites at once.
let interrupted = false;
let child: ChildProcess | undefined;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) return void child?.kill('SIGKILL');
  interrupted = true;
  child?.kill(signal);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// The suites' vitest starts now, while the embedded reference starts and the preflight runs: its
// workers load the harness and wait at the start gate (suites/lib/runner/start-gate.ts) for the
// target's variables. A run the preflight stops is killed there, having sent nothing.
const embedded = !profile.target;
// This process sends up to three requests within the last second before the gate opens (the
// preflight's token request and AuthenticatePartner, the embedded reference's expired token): the
// workers' budget leaves room for them, or, when the limit is that low, the gate opens a rate window later.
const parentRequests = 3;
// The courtesy limits protect a partner's service; the embedded reference is this run's own,
// so unless the user set them, it gets every core and a rate the machine can actually reach.
const ownTarget = embedded && !process.env.TARGET_RATE_LIMIT;
const rateLimit = ownTarget ? embeddedReferenceRateLimit : profile.rateLimit;
const room = rateLimit - parentRequests;
// A suite file runs its properties one after the other, so requests in flight come from workers
// running files side by side. Against a remote target (or the embedded reference holding its
// replies, REFERENCE_LATENCY_MS) a worker mostly waits for replies: this process holds the run's
// TARGET_CONCURRENCY permits (client/flight-permits.ts) and a worker per permit draws from them, so
// none stays unused while another worker's file sends one request at a time (issue 29: splitting
// the limit evenly used about two of four 50 ms away). The embedded reference answering at once is
// bound by this machine's cores: one worker per core, each with its even share.
const cpuBound = embedded && profile.referenceLatencyMs === 0;
const workersWanted = process.env.VITEST_MAX_WORKERS ?? (cpuBound ? String(availableParallelism()) : undefined);
const share = workerShare({ concurrency: profile.concurrency, rateLimit: room < 1 ? rateLimit : room }, workersWanted, availableParallelism(), !cpuBound);
// Each test file runs in a fresh worker process: the ledgers carry a slot's rate window over.
const ledgers = mkdtempSync(join(tmpdir(), 'pc-rate-'));
const permitsSocket = join(ledgers, 'permits.sock');
const startGate = join(ledgers, 'start-gate.json');
const permits = cpuBound ? undefined : await startFlightServer(profile.concurrency, permitsSocket);
// State the workers share that must not reach REPORT_DIR (the pooled customer's SSN): removed at the end.
const privateDir = mkdtempSync(join(tmpdir(), 'pc-private-'));
const cleanUp = async () => {
  await permits?.close();
  rmSync(ledgers, { recursive: true, force: true });
  rmSync(privateDir, { recursive: true, force: true });
};
child = spawn(process.execPath, suiteRunnerArgs(process.argv.slice(2)), {
  stdio: 'inherit',
  env: { ...process.env, REPORT_DIR: resolvePath(profile.reportDir), ...shareEnv(share), [rateLedgerDirVariable]: ledgers, ...(permits ? { [flightSocketVariable]: permitsSocket } : {}), [privateDirVariable]: privateDir, [familyShardVariable]: String(shardOf(process.argv.slice(2))), CONFORMANCE_SEED: String(seed), CONFORMANCE_RUN_STARTED: startedAt.toISOString(), CONFORMANCE_RUN_NONCE: String(randomInt(2 ** 31)), [startGateVariable]: startGate },
});
const suitesExit = new Promise<number>((resolve) => child!.on('exit', (code) => resolve(code ?? 1)));
// Loaded once the suites are on their way (issue 29: before the spawn they cost 0.5 s of start-up).
const [{ resolveTarget }, { preflight }, { finishRun }, { announceTraffic, prepareTraffic }, { chaosLine }] = await Promise.all([
  import('./target.js'), import('./preflight.js'), import('./finish.js'), import('./traffic.js'), import('./chaos-line.js'),
]);
// Entries a killed earlier run left behind: cleared before the gate lets a worker record any.
prepareTraffic(process.env);
/**
 * Before the gate opens: the suites have sent nothing, and stop without a word. vitest is asked
 * to stop its workers (SIGTERM), then made to; a worker left waiting ends when the gate's
 * directory is gone (cleanUp).
 */
const stopSuites = async () => {
  child?.kill('SIGTERM');
  const forced = setTimeout(() => child?.kill('SIGKILL'), 2_000);
  await suitesExit;
  clearTimeout(forced);
  await cleanUp();
};

let target: ResolvedTarget;
try {
  target = await resolveTarget(profile, seed);
} catch (error) {
  await stopSuites();
  // An unknown REFERENCE_FAULTS / REFERENCE_READINGS name is a configuration error (exit 2).
  const code = (error as { code?: unknown }).code;
  if (code === 'FAULT_UNKNOWN' || code === 'READING_UNKNOWN') {
    console.error(`${code === 'FAULT_UNKNOWN' ? 'REFERENCE_FAULTS' : 'REFERENCE_READINGS'}: ${(error as Error).message}`);
    process.exit(2);
  }
  console.error(`Could not start the embedded reference service: ${(error as Error).message}`);
  process.exit(3);
}

const stop = await preflight(profile, target);
if (stop) {
  await stopSuites();
  console.error(stop.line);
  // Exit 3: the reports say why nothing ran, for CI that reads summary.json. Exit 2 is a
  // configuration problem, decided before any summary exists (reporting/model.ts ExitCode).
  if (stop.exitCode === 3) finishRun({ profile, target, startedAt, vitestExit: 0, interrupted: false, stoppedBecause: stop.line.replace(/\.$/, ''), seed, args: process.argv.slice(2), ...inputs });
  await target.close();
  process.exit(stop.exitCode);
}

if (room < 1) await new Promise((resolve) => setTimeout(resolve, 1_050));
console.log(`partner-conformance: ${target.embedded ? 'embedded reference service' : 'target'} ${target.env.TARGET_BASE_URL ?? profile.target?.baseUrl}, profile ${profile.kind}, seed ${seed}`);
const interruptedBeforeGate = interrupted;
openStartGate(startGate, target.env);
const suitesCode = await suitesExit;
const vitestExit: number = interruptedBeforeGate ? 130 : suitesCode;
await cleanUp();
const exitCode = finishRun({ profile, target, startedAt, vitestExit, interrupted, seed, args: process.argv.slice(2), ...inputs });
announceTraffic(process.env);
if (target.chaosInjected) console.log(chaosLine(target.chaosInjected));
await target.close();
process.exit(exitCode);
