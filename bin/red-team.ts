/**
 * `npm run red-team -- <batch>`: scores the default harness against a blind batch of reference
 * faults (reference/faults/<batch>/, written by someone who never read checks/, generators/ or
 * suites/). Each fault gets one default run (as `npm run conformance`, nothing set but the
 * fault and the seed); it is caught when the run exits 1 with the fault's own requirement row
 * failed, caught elsewhere when it exits 1 on other rows only, missed otherwise. Not part of
 * `npm test`: a batch takes ten minutes or more.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { variables } from '../contract/profile-variables.js';
import { blindBatches } from '../reference/faults/index.js';
import { runConformance } from './run-child.js';

const batch = process.argv[2] ?? '';
const faults = blindBatches[batch];
if (!faults) {
  console.error(`red-team: name a batch: ${Object.keys(blindBatches).join(', ')} (received ${JSON.stringify(batch)}); e.g. npm run red-team -- blind1`);
  process.exit(2);
}
const seed = Number(process.env.RED_TEAM_SEED ?? '1');
if (!Number.isInteger(seed)) {
  console.error(`red-team: RED_TEAM_SEED must be a whole number, received ${JSON.stringify(process.env.RED_TEAM_SEED)}`);
  process.exit(2);
}
const only = (process.env.RED_TEAM_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const blanks = Object.fromEntries(Object.keys(variables).map((name) => [name, '']));
const root = resolve(process.env.REPORT_DIR || 'reports', 'red-team', batch);
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

type Score = 'caught' | 'caught elsewhere' | 'missed';
const rows: Array<{ fault: string; requirement: string; score: Score; exitCode: number; failed: string[] }> = [];
for (const fault of faults.filter((f) => only.length === 0 || only.includes(f.name))) {
  const reportDir = join(root, fault.name);
  const run = await runConformance({ faults: [fault.name], runs: null, seed, reportDir, env: { ...blanks, REPORT_DIR: reportDir, CONFORMANCE_SEED: String(seed), REFERENCE_FAULTS: fault.name } });
  const failed = (run.summary?.requirements ?? []).filter((r) => r.status === 'failed').map((r) => r.id);
  const score: Score = run.exitCode !== 1 ? 'missed' : failed.includes(fault.requirement) ? 'caught' : 'caught elsewhere';
  rows.push({ fault: fault.name, requirement: fault.requirement, score, exitCode: run.exitCode, failed });
  console.log(`${score.padEnd(16)} exit ${run.exitCode}  ${fault.name} (${fault.requirement})${score === 'caught elsewhere' ? ` — failed ${failed.join(', ')}` : ''}`);
}
const caught = rows.filter((r) => r.score !== 'missed').length;
console.log(`\nred-team ${batch}: ${caught} of ${rows.length} caught (${rows.filter((r) => r.score === 'caught').length} on the fault's own row), seed ${seed}`);
writeFileSync(join(root, 'red-team.json'), JSON.stringify({ batch, seed, caught, total: rows.length, rows }, null, 2));
