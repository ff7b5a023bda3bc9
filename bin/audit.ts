/**
 * `partner-conformance audit <file>` (`npm run audit-traffic -- <file>`): judges recorded traffic,
 * a HAR 1.2 file or the harness's own raw exchange records, by the run's oracles (the server side)
 * and certify-client's grades (the client side), and writes the reports as a run does. Sends
 * nothing. Exit 0: no violation; 1: a violation; 2: the file or an argument cannot be used;
 * 4: with --require-coverage, rows the traffic never exercised.
 */
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AuditInputError } from '../audit/input/errors.js';
import { runAudit } from '../audit/run.js';
import type { RequirementRow } from '../reporting/model.js';

const usage = 'usage: partner-conformance audit <traffic.har | records.jsonl | recording dir> [--report-dir DIR] [--require-coverage] [--server-only | --client-only] [--token-url URL] [--max-rate N]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'report-dir': { type: 'string' }, 'require-coverage': { type: 'boolean' }, 'server-only': { type: 'boolean' },
        'client-only': { type: 'boolean' }, 'token-url': { type: 'string' }, 'max-rate': { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

const { values, positionals } = options();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) fail(positionals.length ? `give one traffic file, received ${positionals.length}: ${positionals.join(' ')}\n${usage}` : `give the traffic file to audit\n${usage}`);
if (values['server-only'] && values['client-only']) fail('--server-only and --client-only exclude each other: give one, or neither for both sides');
const maxRate = values['max-rate'] === undefined ? undefined : Number(values['max-rate']);
if (maxRate !== undefined && !(Number.isInteger(maxRate) && maxRate > 0)) fail(`--max-rate must be a whole number of requests per second above 0, received ${JSON.stringify(values['max-rate'])}`);
if (values['token-url'] !== undefined && !URL.canParse(values['token-url'])) fail(`--token-url must be an absolute URL such as https://auth.sandbox.partner.example/oauth2/token, received ${JSON.stringify(values['token-url'])}`);

const reportDir = values['report-dir'] ?? join(process.env.REPORT_DIR ?? 'reports', 'audit');
let result: ReturnType<typeof runAudit>;
try {
  result = runAudit({
    file: positionals[0]!, reportDir, requireCoverage: values['require-coverage'] ?? false,
    server: !values['client-only'], client: !values['server-only'],
    ...(values['token-url'] ? { tokenUrl: values['token-url'] } : {}), ...(maxRate ? { maxRate } : {}),
  });
} catch (error) {
  if (error instanceof AuditInputError) fail(error.message);
  throw error;
}

const { summary, facts, exitCode, files } = result;
const c = summary.counts;
const failed = summary.requirements.filter((r) => r.status === 'failed');
const where = (r: RequirementRow) => r.findings[0]?.reproduction?.counterexample ?? '';
console.log([
  `Audit of ${facts.source}: ${facts.entries} entries (${facts.partner} partner call(s), ${facts.token} token request(s), ${facts.other} other${facts.unanswered ? `, ${facts.unanswered} without an answer` : ''}); nothing was sent.`,
  ...facts.notes.map((n) => `Note: ${n}.`),
  `${summary.verdict === 'pass' ? 'NO VIOLATION' : exitCode === 1 ? 'VIOLATION' : 'NOT CONCLUSIVE'} (exit ${exitCode}): ${c.passed} passed, ${c.failed} failed, ${c.notCovered} not seen in this traffic, ${c.notSelected} not judged from recorded traffic, ${c.observed} observed`,
  ...failed.map((r) => `  ${r.id.padEnd(34)}${r.findings[0]?.title ?? r.text}${r.blocking ? '' : ' (advisory)'}\n  ${''.padEnd(34)}${where(r)}`),
  ...summary.verdictReasons.filter((r) => !r.includes('broken')).map((r) => `  ${r}`),
  `Reports: ${files.map((f) => (relative(process.cwd(), f).startsWith('..') ? resolve(f) : relative(process.cwd(), f))).join(', ')}`,
].join('\n'));
process.exit(exitCode);
