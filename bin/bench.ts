/**
 * `npm run bench`: how fast and how heavy a run is against the embedded reference.
 *   (a) wall time and peak memory of the default full run (`npm run conformance`, nothing set);
 *   (b) exchanges per second of the harness on one reference operation next to autocannon's
 *       on the same request, as a ratio measured in the same run;
 *   (c) how a run's time grows with runs per property and with TARGET_CONCURRENCY;
 *   (d) what a full default run costs a target (issue 12, bench-budget.ts);
 *   (e) chaos (issue 22, bench-chaos.ts): 10 default runs against a clean reference under
 *       REFERENCE_CHAOS=0.01, how many exit 0, a faulty target under chaos still caught, the requests it costs.
 * Goals: (a) under 60 s on a 2-core machine; (b) a ratio of at least 0.5. The output ends with
 * `full-run-seconds: N` and `throughput-ratio: R` for CI to track.
 *   (f) `partner-conformance audit` of 10,000 recorded exchanges (goal: under 10 s).
 *   (g) latency (issue 29, bench-latency.ts): the default run with 50 and 150 ms added to every reply,
 *       wall time and effective concurrency (goal with 50 ms: at most 30 s, at least 3). BENCH_SKIP_LATENCY=true skips it.
 * Options (environment): BENCH_SKIP_FULL=true skips (a) (the last lines then say n/a), BENCH_SKIP_AUDIT=true skips (f),
 * BENCH_SECONDS (default 2) per throughput round, BENCH_ROUNDS (default 5), BENCH_SKIP_CHAOS=true
 * skips (e), BENCH_CHAOS_RUNS (default 10) its runs, BENCH_CHAOS_FAULTS (comma-separated, default
 * the six sample faults of (d)) the faults run under chaos.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaults } from '../contract/profile.js';
import { variables } from '../contract/profile-variables.js';
import { watchTree, type TreePeak } from './bench-memory.js';
import { measureThroughput } from './bench-throughput.js';
import { before, detectionsPer1000, figureLines, figuresOf, sampleFaults } from './bench-budget.js';
import { chaosFigures, type ChaosFigures } from './bench-chaos.js';
import { faultCatalogue } from '../reference/faults/index.js';
import { auditFigure, auditedExchanges } from './bench-audit.js';
import type { Summary } from '../reporting/model.js';
import { latencyFigures, type LatencyFigure } from './bench-latency.js';

interface Timed { readonly seconds: number; readonly exitCode: number | null; readonly peak: TreePeak | undefined; readonly verdict?: string; readonly summary?: Summary }

/** A conformance run as a user starts it, against the embedded reference whatever .env holds. */
/** `keep`: leave the reports of a run it picks on disk (a run that went wrong), and say where. */
async function timedRun(env: Record<string, string>, args: readonly string[] = [], keep: (t: Timed) => boolean = () => false): Promise<Timed> {
  const reportDir = mkdtempSync(join(tmpdir(), 'pc-bench-'));
  // Every profile variable present and empty: dotenv leaves them alone, loadProfile reads them as unset.
  const blank = Object.fromEntries(Object.keys(variables).map((name) => [name, '']));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/conformance.ts', ...args], {
    env: { ...process.env, ...blank, REPORT_DIR: reportDir, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const memory = watchTree(child.pid!);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  let verdict: string | undefined;
  let summary: Summary | undefined;
  try {
    summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    verdict = `${summary.counts.passed} passed, ${summary.counts.failed} failed, ${summary.counts.broken} broken`;
  } catch {
    verdict = undefined;
  }
  const timed = { seconds, exitCode, peak, ...(verdict ? { verdict } : {}), ...(summary ? { summary } : {}) };
  if (keep(timed)) console.log(`  (reports of that run kept in ${reportDir})`);
  else rmSync(reportDir, { recursive: true, force: true });
  return timed;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const mb = (n: number) => `${Math.round(n)} MB`;
const growthSuites = ['suites/find-customer.conformance.ts', 'suites/get-registered-cards.conformance.ts'];

/**
 * Issue 12: requests, customers and seconds of a full default run at the default courtesy rate
 * (TARGET_RATE_LIMIT=200), and the share of the fault catalogue it catches per 1,000 requests,
 * each beside the figure before the request budget (bench-budget.ts).
 */
async function budgetFigures(): Promise<void> {
  console.log(`\n(d) cost of a full default run against the embedded reference, TARGET_RATE_LIMIT=200 (issue 12; before: commit 2b52bd5)`);
  const clean = await timedRun({ TARGET_RATE_LIMIT: '200' });
  if (!clean.summary) return void console.log(`  the run wrote no summary (exit ${clean.exitCode})`);
  const now = figuresOf(clean.summary, clean.seconds);
  let caught = 0;
  for (const fault of sampleFaults) {
    const run = await timedRun({ REFERENCE_FAULTS: fault });
    const requirement = faultCatalogue.find((f) => f.name === fault)?.requirement;
    if (run.summary?.requirements.find((r) => r.id === requirement)?.status === 'failed') caught += 1;
    else console.log(`  ${fault}: not caught by a default run (exit ${run.exitCode})`);
  }
  const detections = detectionsPer1000(caught, sampleFaults.length, faultCatalogue.length, now.requests);
  figureLines(now, detections, `${caught} of a sample of ${sampleFaults.length} faults caught, scaled to the catalogue's ${faultCatalogue.length}`).forEach((l) => console.log(l));
  console.log(`  goals: at most 2,500 requests (before ${before.requests}), 30 customers, 15 s`);
}

async function main(): Promise<void> {
  const cores = availableParallelism();
  console.log(`partner-conformance bench: node ${process.version}, ${cores} cores, ${process.platform}; defaults: CONFORMANCE_RUNS=${defaults.runs}, TARGET_CONCURRENCY=${defaults.concurrency}, TARGET_RATE_LIMIT=${defaults.rateLimit}/s`);

  let full: Timed | undefined;
  if (process.env.BENCH_SKIP_FULL !== 'true') {
    console.log('\n(a) default full run against the embedded reference (npm run conformance, nothing set)');
    full = await timedRun({});
    console.log(`  wall time                ${fixed(full.seconds)} s (exit ${full.exitCode}${full.verdict ? `; ${full.verdict}` : ''})`);
    if (full.peak) {
      console.log(`  peak RSS, whole run      ${mb(full.peak.treeMb)} (largest sum of VmRSS over the ${full.peak.processes} processes of the run, sampled every 100 ms from /proc)`);
      console.log(`  peak RSS, one process    ${mb(full.peak.largestMb)} (${full.peak.largestLabel}; the kernel's VmHWM)`);
    } else console.log('  peak RSS                 n/a (needs /proc)');
  }

  if (process.env.BENCH_SKIP_BUDGET !== 'true') await budgetFigures();

  let chaos: ChaosFigures | undefined;
  if (process.env.BENCH_SKIP_CHAOS !== 'true') {
    const runs = Number(process.env.BENCH_CHAOS_RUNS ?? 10);
    const faults = process.env.BENCH_CHAOS_FAULTS ? process.env.BENCH_CHAOS_FAULTS.split(',') : sampleFaults;
    // A chaos run that did not end as it should keeps its reports, to see why.
    const wrong = (env: Record<string, string>) => (t: Timed) => Boolean(env.REFERENCE_CHAOS) && t.exitCode !== (env.REFERENCE_FAULTS ? 1 : 0);
    chaos = await chaosFigures((env) => timedRun(env, [], wrong(env)), Array.from({ length: runs }, (_, i) => i + 1), faults);
  }

  const seconds = Number(process.env.BENCH_SECONDS ?? 2);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  console.log(`\n(b) throughput on FindCustomer, ${defaults.concurrency} in flight, ${rounds} alternating rounds of ${seconds} s (reference in its own process)`);
  const tp = await measureThroughput({ concurrency: defaults.concurrency, seconds, rounds });
  const ratios = tp.rounds.map((r) => r.harness / r.autocannon).sort((a, b) => a - b);
  const ratio = ratios[Math.floor(ratios.length / 2)]!;
  console.log(`  harness (client.call)    ${fixed(tp.harness, 0)} exchanges/s (statuses ${tp.statuses.harness.join(', ')})`);
  console.log(`  autocannon               ${fixed(tp.autocannon, 0)} requests/s (statuses ${tp.statuses.autocannon.join(', ')})`);
  console.log(`  ratio per round          ${tp.rounds.map((r) => fixed(r.harness / r.autocannon, 2)).join(', ')} (median ${fixed(ratio, 2)})`);

  console.log(`\n(c) growth, on ${growthSuites.map((s) => s.replace(/^suites\//, '')).join(' and ')}`);
  const byRuns: Array<[number, Timed]> = [];
  for (const runs of [100, 1000]) {
    const t = await timedRun({ CONFORMANCE_RUNS: String(runs) }, growthSuites);
    byRuns.push([runs, t]);
    console.log(`  CONFORMANCE_RUNS=${String(runs).padEnd(5)}     ${fixed(t.seconds)} s (exit ${t.exitCode})`);
  }
  for (const concurrency of [1, 4, 16]) {
    const t = await timedRun({ TARGET_CONCURRENCY: String(concurrency) }, growthSuites);
    console.log(`  TARGET_CONCURRENCY=${String(concurrency).padEnd(3)}    ${fixed(t.seconds)} s (exit ${t.exitCode})`);
  }
  const [r100, r1000] = byRuns.map(([, t]) => t.seconds);
  console.log(`  x10 runs per property -> x${fixed(r1000! / r100!)} time`);

  let audit: Awaited<ReturnType<typeof auditFigure>>;
  if (process.env.BENCH_SKIP_AUDIT !== 'true') {
    console.log(`\n(f) partner-conformance audit of ${auditedExchanges.toLocaleString('en-US')} recorded exchanges (a large run's own traffic, server and client side)`);
    audit = await auditFigure();
    if (audit) console.log(`  wall time                ${fixed(audit.seconds)} s (exit ${audit.exitCode}; ${audit.verdict}); goal under 10 s`);
  }

  let latency: LatencyFigure[] | undefined;
  if (process.env.BENCH_SKIP_LATENCY !== 'true') latency = await latencyFigures();

  console.log('');
  console.log(`latency-50ms-seconds: ${latency?.[0] ? fixed(latency[0].seconds) : 'n/a'}`);
  console.log(`latency-50ms-effective-concurrency: ${latency?.[0] ? fixed(latency[0].effectiveConcurrency, 2) : 'n/a'}`);
  console.log(`full-run-seconds: ${full ? fixed(full.seconds) : 'n/a'}`);
  console.log(`audit-10000-seconds: ${audit ? fixed(audit.seconds) : 'n/a'}`);
  console.log(`throughput-ratio: ${fixed(ratio, 2)}`);
  console.log(`chaos-runs-exit-0: ${chaos ? `${chaos.exit0}/${chaos.runs}` : 'n/a'}`);
  console.log(`chaos-faults-caught: ${chaos ? `${chaos.caught}/${chaos.faults}` : 'n/a'}`);
  console.log(`chaos-request-overhead: ${chaos ? `${fixed(chaos.overhead * 100)}%` : 'n/a'}`);
}

await main();
