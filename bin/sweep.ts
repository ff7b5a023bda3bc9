/**
 * `npm run sweep`: the seed sweep. A false alarm can hide behind one lucky seed, so every suite
 * runs against the embedded reference for N seeds, once with no reading, once per reading
 * group (reference/reading-groups.ts) and once under chaos (issue 22), and each run is judged from its summary.json
 * (bin/sweep-judge.ts). `--rare` runs many plain seeds instead, to see a false alarm of one run in 25
 * (issue 26, docs/sweep.md). Exit 0 when every run is clean, 1 on a false alarm, 2 on a bad SWEEP_*.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { variables } from '../contract/profile-variables.js';
import { runConformance } from './run-child.js';
import { judgeRun, type Judgement } from './sweep-judge.js';
import { trafficDir, withAudit } from './sweep-audit.js';
import { chaosSweepGroup } from '../reference/chaos.js';
import { chanceToSee, rareSeedCount, replayCommand, SweepConfigError, sweepPlan, sweepSettings, type SweepItem, type SweepSettings } from './sweep-plan.js';

const help = `npm run sweep — every suite against the embedded reference, for several seeds, with each reading group.

For each seed: one run with no reading, one per group of reference/reading-groups.ts, and one
under chaos (REFERENCE_CHAOS=${chaosSweepGroup.chaos}: each transient fault at about 1% of the calls).
A run is clean when no requirement row is failed, broken or waived and it exits 0, or 4 with
exactly the rows its readings make unrunnable left unchecked. Anything else is a false alarm.

--rare: plain runs only (no reading, no chaos), ${rareSeedCount} random seeds unless SWEEP_SEEDS says
otherwise: enough to see a false alarm of one run in 25 with probability 91% (docs/sweep.md).

Variables:
  SWEEP_SEEDS     10 (seeds 1..10, the default), or a list of seeds and ranges: 3,17,99 or 11-20 or 42,
                  with --rare a count is that many random seeds (default ${rareSeedCount})
  SWEEP_RUNS      CONFORMANCE_RUNS of every run (default: the conformance default)
  SWEEP_GROUPS    only these groups, comma-separated: defaults, a group of reference/reading-groups.ts, chaos (default: every one)
  SWEEP_AUDIT     1 (default): the audit judges each run's recorded traffic (server side), a finding is a false alarm; 0 skips it
  SWEEP_PARALLEL  runs at a time (default 1; 2 was not faster on 2 cores, each run already uses every core)
  CONFORMANCE_SEQUENCES, CONFORMANCE_WRITE_RUNS, CONFORMANCE_ONLY  passed on to every run when set
                  (CONFORMANCE_ONLY: sweep one operation or area, e.g. after a change to it)
  REPORT_DIR      each run reports to reports/sweep/<seed>-<group>/ (under REPORT_DIR when set); sweep.json sums up

Output: one line per run (seed, group, exit, clean or FALSE ALARM, seconds), then every false
alarm with its rows, first finding and the command that replays it. Exit 0 all clean, 1 a false alarm, 2 bad variable.`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(help);
  process.exit(0);
}

let settings: SweepSettings;
try {
  settings = sweepSettings(process.env, 1, process.argv.includes('--rare') ? 'rare' : 'groups');
} catch (error) {
  if (!(error instanceof SweepConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const passedOn = Object.fromEntries(
  (['CONFORMANCE_SEQUENCES', 'CONFORMANCE_WRITE_RUNS', 'CONFORMANCE_ONLY'] as const).filter((n) => process.env[n]).map((n) => [n, process.env[n]!]),
);
// Every harness variable is blanked (blank reads as unset), so a developer's .env, which
// bin/conformance.ts loads, cannot point the sweep at a sandbox or switch on a fault, and no
// waivers file is named (a waived row counts as an alarm anyway).
const blanks = Object.fromEntries(Object.keys(variables).map((name) => [name, '']));
const root = resolve(process.env.REPORT_DIR || 'reports', 'sweep');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

interface Outcome { readonly item: SweepItem; readonly exitCode: number; readonly seconds: number; readonly judgement: Judgement; readonly reportDir: string }

const audited = (judgement: Judgement, reportDir: string) => (settings.audit ? withAudit(judgement, reportDir) : judgement);

async function runOne(item: SweepItem): Promise<Outcome> {
  const reportDir = join(root, `${item.seed}-${item.group}`);
  const started = Date.now();
  const run = await runConformance({
    seed: item.seed, reportDir,
    env: {
      ...blanks, REPORT_DIR: reportDir, CONFORMANCE_SEED: String(item.seed),
      CONFORMANCE_RUNS: settings.runs ? String(settings.runs) : '', REFERENCE_READINGS: item.readings.join(','), REFERENCE_CHAOS: item.chaos ?? '', ...passedOn,
      CONFORMANCE_RECORD_TRAFFIC: settings.audit ? trafficDir(reportDir) : '',
    },
  });
  writeFileSync(join(reportDir, 'console.txt'), `${run.stdout}\n--- stderr ---\n${run.stderr}`);
  const outcome = { item, exitCode: run.exitCode, seconds: (Date.now() - started) / 1000, judgement: audited(judgeRun(run.exitCode, run.summary, item.notCovered), reportDir), reportDir };
  const verdict = outcome.judgement.clean ? 'clean' : 'FALSE ALARM';
  console.log(`seed ${String(item.seed).padEnd(6)} ${item.group.padEnd(20)} exit ${run.exitCode}  ${verdict.padEnd(11)} ${outcome.seconds.toFixed(1)} s`);
  return outcome;
}

const plan = sweepPlan(settings.seeds, settings.mode, settings.groups);
console.log(settings.mode === 'rare'
  ? `sweep --rare: ${plan.length} plain runs (random seeds, no reading): a false alarm of one run in 25 shows with probability ${(100 * chanceToSee(1 / 25, plan.length)).toFixed(0)}%; ${settings.parallel} at a time, reports under ${root}/`
  : `sweep: ${plan.length} runs (${settings.seeds.length} seeds × ${plan.length / settings.seeds.length} groups), ${settings.parallel} at a time, reports under ${root}/`);
const started = Date.now();
const outcomes: Outcome[] = [];
let next = 0;
await Promise.all(Array.from({ length: Math.min(settings.parallel, plan.length) }, async () => {
  while (next < plan.length) outcomes.push(await runOne(plan[next++]!));
}));

const alarms = outcomes.filter((o) => !o.judgement.clean).sort((a, b) => a.item.seed - b.item.seed);
for (const { item, judgement, reportDir } of alarms) {
  console.log(`\nFALSE ALARM seed ${item.seed}, group ${item.group} (${reportDir}):`);
  for (const problem of judgement.problems) console.log(`  ${problem}`);
  for (const row of judgement.rows) {
    console.log(`  ${row.id} ${row.status}: ${row.title}${row.message ? ` — ${row.message}` : ''}`);
    if (row.replay) console.log(`    case: ${row.replay}`);
  }
  console.log(`  replay: ${replayCommand(item, settings, passedOn)}`);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\nsweep: ${outcomes.length - alarms.length} of ${outcomes.length} runs clean, ${alarms.length} false alarm(s), seeds ${settings.seeds.join(',')}, ${minutes} min`);
writeFileSync(join(root, 'sweep.json'), JSON.stringify({
  mode: settings.mode, seeds: settings.seeds, runs: settings.runs ?? null, parallel: settings.parallel, clean: alarms.length === 0,
  outcomes: outcomes.map((o) => ({ seed: o.item.seed, group: o.item.group, exitCode: o.exitCode, seconds: o.seconds, ...o.judgement, replay: replayCommand(o.item, settings, passedOn) })),
}, null, 2));
process.exit(alarms.length ? 1 : 0);
