/**
 * `npm run bench` section (g), issue 29: a default run against the embedded reference with
 * REFERENCE_LATENCY_MS added to every reply (a sandbox 50-150 ms away), reporting wall time and
 * the effective concurrency: the sum of the reply times the client saw (from the run's HAR,
 * CONFORMANCE_RECORD_TRAFFIC) over the wall time. Goal: with 50 ms, at most 30 s and an
 * effective concurrency of at least 3 at the default TARGET_CONCURRENCY of 4.
 * Alone: `npx tsx bin/bench-latency.ts [ms...]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { variables } from '../contract/profile-variables.js';
import { trafficHarName } from '../client/traffic-log.js';

export interface LatencyFigure {
  readonly latencyMs: number;
  readonly seconds: number;
  readonly exitCode: number | null;
  readonly requests: number;
  readonly replySeconds: number;
  readonly effectiveConcurrency: number;
  /** Seconds from the start to the first request of the suites, and from the last reply to the exit. */
  readonly beforeFirst: number;
  readonly afterLast: number;
  /** Seconds between the first request and the last reply with 0, 1, 2 ... requests in flight. */
  readonly inFlight: readonly number[];
}

type Entry = { startedDateTime: string; time: number };

/** Where the time between the first request and the last reply went: seconds at each number of requests in flight. */
export function inFlightSeconds(entries: readonly Entry[]): number[] {
  const events = entries.flatMap((e) => {
    const at = Date.parse(e.startedDateTime);
    return [{ at, d: 1 }, { at: at + e.time, d: -1 }];
  }).sort((a, b) => a.at - b.at || a.d - b.d);
  const seconds: number[] = [];
  let now = 0;
  let last = events[0]?.at ?? 0;
  for (const { at, d } of events) {
    seconds[now] = (seconds[now] ?? 0) + (at - last) / 1000;
    now += d;
    last = at;
  }
  return Array.from(seconds, (s) => s ?? 0);
}

/** One default run with every reply held `latencyMs`; the HAR gives the reply times. */
export async function latencyRun(latencyMs: number): Promise<LatencyFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-latency-'));
  const blank = Object.fromEntries(Object.keys(variables).map((name) => [name, '']));
  const started = performance.now();
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/conformance.ts'], {
    env: { ...process.env, ...blank, REPORT_DIR: join(dir, 'reports'), CONFORMANCE_RECORD_TRAFFIC: join(dir, 'traffic'), REFERENCE_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seconds = (performance.now() - started) / 1000;
  const endedAt = Date.now();
  let entries: Entry[] = [];
  try {
    entries = (JSON.parse(readFileSync(join(dir, 'traffic', trafficHarName), 'utf8')) as { log: { entries: Entry[] } }).log.entries;
  } catch {
    entries = [];
  }
  rmSync(dir, { recursive: true, force: true });
  const replySeconds = entries.reduce((sum, e) => sum + e.time, 0) / 1000;
  const first = entries.length ? Math.min(...entries.map((e) => Date.parse(e.startedDateTime))) : startedAt;
  const last = entries.length ? Math.max(...entries.map((e) => Date.parse(e.startedDateTime) + e.time)) : endedAt;
  return {
    latencyMs, seconds, exitCode, requests: entries.length, replySeconds, effectiveConcurrency: replySeconds / seconds,
    beforeFirst: (first - startedAt) / 1000, afterLast: (endedAt - last) / 1000, inFlight: inFlightSeconds(entries),
  };
}

export function latencyLine(f: LatencyFigure): string {
  const levels = f.inFlight.map((s, n) => `${n}: ${s.toFixed(1)} s`).join(', ');
  return `  +${String(f.latencyMs).padEnd(4)}ms per reply     ${f.seconds.toFixed(1)} s wall (exit ${f.exitCode}), ${f.requests} requests, ${f.replySeconds.toFixed(1)} s of replies, effective concurrency ${f.effectiveConcurrency.toFixed(2)}
                            ${f.beforeFirst.toFixed(1)} s before the first request (start-up, reference, preflight, workers), ${f.afterLast.toFixed(1)} s after the last reply (reports); requests in flight ${levels}`;
}

export async function latencyFigures(latencies: readonly number[] = [50, 150]): Promise<LatencyFigure[]> {
  console.log('\n(g) latency: the default run against the embedded reference, every reply held (REFERENCE_LATENCY_MS; issue 29)');
  const figures: LatencyFigure[] = [];
  for (const ms of latencies) {
    const f = await latencyRun(ms);
    figures.push(f);
    console.log(latencyLine(f));
  }
  console.log(`  effective concurrency = sum of reply times (HAR) / wall time; goal with 50 ms: at most 30 s, at least 3 (TARGET_CONCURRENCY 4); load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n >= 0);
  await latencyFigures(asked.length ? asked : undefined);
}
