/**
 * `npm run merge-reports -- <shard report dir>...`: one verdict for a run split with
 * `npm run conformance -- --shard=i/n`. The shards' raw result records, footprints and Allure
 * results are gathered into REPORT_DIR, and summary.json/md and junit.xml are built from them
 * as if one run had written them. Exit codes as `npm run conformance`.
 */
import { loadDotenv } from './dotenv.js';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadProfile } from '../contract/profile.js';
import { rawDir } from '../reporting/recorder.js';
import { exitOnConfigError } from './config-exit.js';
import { writeRunReports } from './finish.js';
import { loadRunInputs, prepareReportDir } from './run-start.js';

loadDotenv();
const profile = exitOnConfigError(() => loadProfile(process.env));
const shards = process.argv.slice(2);
const missing = shards.filter((d) => !existsSync(join(d, 'raw')));
if (shards.length === 0 || missing.length > 0) {
  console.error(shards.length === 0
    ? 'merge-reports needs the report directories of the shards, e.g. npm run merge-reports -- shards/1 shards/2'
    : `merge-reports: no raw results in ${missing.join(', ')} (each shard's REPORT_DIR must hold raw/ from npm run conformance)`);
  process.exit(2);
}
const inputs = await loadRunInputs(process.env);
prepareReportDir(profile.reportDir);
mkdirSync(rawDir(profile.reportDir), { recursive: true });
mkdirSync(join(profile.reportDir, 'allure-results'), { recursive: true });

let startedAt = new Date();
let seed: number | undefined;
let target = { baseUrl: profile.target?.baseUrl ?? '(unknown)', kind: profile.kind as string };
shards.forEach((dir, i) => {
  for (const name of readdirSync(join(dir, 'raw'))) copyFileSync(join(dir, 'raw', name), join(rawDir(profile.reportDir), basename(name).replace(/\.jsonl$/, `-shard${i + 1}.jsonl`)));
  const allure = join(dir, 'allure-results');
  if (existsSync(allure)) for (const name of readdirSync(allure)) copyFileSync(join(allure, name), join(profile.reportDir, 'allure-results', name));
  const summaryFile = join(dir, 'summary.json');
  if (existsSync(summaryFile)) {
    const s = JSON.parse(readFileSync(summaryFile, 'utf8')) as { startedAt?: string; target?: typeof target; run?: { seed?: number } };
    if (s.startedAt && new Date(s.startedAt) < startedAt) startedAt = new Date(s.startedAt);
    // The shards of one run share its seed (CONFORMANCE_SEED); the merged report names it for the replay.
    if (typeof s.run?.seed === 'number') seed ??= s.run.seed;
    if (s.target) target = s.target;
  }
});
console.log(`Merged ${shards.length} shard(s) into ${profile.reportDir}`);
process.exit(writeRunReports({ profile, ...inputs, target, startedAt, ...(seed === undefined ? {} : { seed }) }));
