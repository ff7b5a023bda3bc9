/**
 * `npm run report [-- <report dir>]`: renders the Allure HTML report from `<dir>/allure-results`
 * into `<dir>/allure-report`, the directory being the argument, else REPORT_DIR, else reports/, with the Allure 3 CLI (allurerc.mjs: one self-contained
 * index.html that opens from disk), and prints its path.
 * Exit codes: 0 rendered, 2 no results to render, 3 the Allure CLI failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { loadDotenv } from './dotenv.js';
import { declareResultsFirst } from '../reporting/allure-page.js';
import { packageRoot } from '../reporting/package.js';

loadDotenv();
const reportDir = process.argv[2] || process.env.REPORT_DIR || 'reports';
const results = join(reportDir, 'allure-results');
const output = join(reportDir, 'allure-report');

if (!existsSync(results) || !readdirSync(results).some((f) => f.endsWith('-result.json'))) {
  console.error(`No Allure results in ${results}: run \`npm run conformance\` first, or name the run's report directory (npm run report -- <dir>, or REPORT_DIR=<dir>).`);
  process.exit(2);
}

// The Allure CLI and its configuration come with this package, wherever it is installed.
const cli = join(dirname(dirname(createRequire(join(packageRoot, 'package.json')).resolve('allure'))), 'cli.js');
const run = spawnSync(process.execPath, [cli, 'generate', results, '--config', join(packageRoot, 'allurerc.mjs'), '--output', output], { stdio: ['ignore', 'ignore', 'inherit'] });
if (run.status !== 0) {
  console.error(`The Allure CLI failed (${run.error?.message ?? `exit ${run.status}`}) rendering ${results}.`);
  process.exit(3);
}
// Allure's page can miss its own embedded results on a slow machine (reporting/allure-page.ts).
const page = join(output, 'index.html');
writeFileSync(page, declareResultsFirst(readFileSync(page, 'utf8')));
console.log(`Allure report: ${resolve(page)}`);
