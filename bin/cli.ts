/**
 * `partner-conformance <command>`: one entry point for every command, whether run from a
 * checkout (`npm run …` aliases) or from an installed package. Each command is the script it has
 * always been (bin/<script>.ts), run in this process with its own arguments, so signals, exit
 * codes and output stay exactly theirs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { variables } from '../contract/profile-variables.js';
import { harnessVersion, packageRoot } from '../reporting/package.js';

interface Command { readonly script: string; readonly args: string; readonly explain: string }

const commands: Readonly<Record<string, Command>> = {
  run: { script: 'conformance.ts', args: '[vitest file filters, -t name, --shard=i/n]', explain: 'run the conformance suites against TARGET_* (or the embedded reference) and write the reports; exit 0 PASS, 1 FAIL (a blocking failure), 2 bad configuration, 3 INCONCLUSIVE (broken or stopped short), 4 INCOMPLETE (documented requirements left unchecked in whole or in part)' },
  reference: { script: 'reference.ts', args: '', explain: 'start the embedded reference service standalone and print the TARGET_* line that points a run at it' },
  report: { script: 'report.ts', args: '[report dir]', explain: 'render <report dir>/allure-results (default REPORT_DIR, else reports/) into one self-contained allure-report/index.html' },
  openapi: { script: 'openapi.ts', args: '', explain: 'write the OpenAPI 3.1 document derived from the contract to REPORT_DIR/openapi.json' },
  'merge-reports': { script: 'merge-reports.ts', args: '<shard report dir>...', explain: 'one verdict and one set of reports from the report directories of sharded runs' },
  sweep: { script: 'sweep.ts', args: '[options]', explain: 'run the suites against the embedded reference under every group of readings and seeds (false-alarm sweep)' },
  'certify-client': { script: 'certify-client.ts', args: '[--port N] [--plan file.json] [--seed N] [--duration S] [--accept-unshown] [--print-plan] [-- <client command...>]', explain: 'start the reference as a certification sandbox, run (or wait for) a partner\'s client, grade how it handled every documented response and write client-* reports; exit 0 certified, 1 a graded requirement failed, 2 bad input, 3 the client stopped short, 4 planned responses left unshown' },
  audit: { script: 'audit.ts', args: '<traffic.har | records.jsonl | dir> [--report-dir DIR] [--require-coverage] [--server-only | --client-only] [--token-url URL] [--max-rate N]', explain: 'judge recorded traffic (a HAR 1.2 file, or the records of a run with CONFORMANCE_RECORD_TRAFFIC) by the conformance oracles and the client grades, sending nothing, and write the reports to REPORT_DIR/audit; exit 0 no violation, 1 a violation, 2 an unreadable file, 4 rows not seen (with --require-coverage)' },
  docs: { script: 'docs-command.ts', args: '[--check]', explain: 'write docs/requirements.md and docs/decisions.md from contract/; --check only reports whether they are out of step' },
};

export function helpText(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length)) + 2;
  const varWidth = Math.max(...Object.keys(variables).map((v) => v.length)) + 2;
  return [
    `partner-conformance ${harnessVersion}: contract conformance harness for the check cashing partner API`,
    '',
    'Usage: partner-conformance <command> [arguments]',
    '       partner-conformance --help | --version',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}${c.explain}${c.args ? `\n  ${''.padEnd(width)}arguments: ${c.args}` : ''}`),
    '',
    'Environment variables (a .env file in the current directory is read too):',
    ...Object.entries(variables).map(([name, v]) => `  ${name.padEnd(varWidth)}${v.explain}`),
    '',
    `Requirement catalogue: ${join(packageRoot, 'docs', 'requirements.md')}`,
    `Decision register:     ${join(packageRoot, 'docs', 'decisions.md')}`,
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(helpText());
    return;
  }
  if (name === '--version' || name === '-v') {
    console.log(harnessVersion);
    return;
  }
  const command = commands[name];
  const script = command && join(packageRoot, 'bin', command.script);
  if (!command || !script || !existsSync(script)) {
    console.error(command ? `partner-conformance ${name} is not part of this build.` : `Unknown command ${JSON.stringify(name)}; one of ${Object.keys(commands).join(', ')} (see --help).`);
    process.exit(2);
  }
  // `run --help` reached vitest as a file filter and ended in an incomplete run: each command
  // answers --help with its own line (sweep has a longer help of its own).
  if ((rest.includes('--help') || rest.includes('-h')) && name !== 'sweep') {
    console.log(`Usage: partner-conformance ${name}${command.args ? ` ${command.args}` : ''}\n\n${command.explain}\n\nEvery command and environment variable: partner-conformance --help`);
    return;
  }
  // The scripts read their own arguments from process.argv, as when run on their own.
  process.argv = [process.argv[0]!, script, ...rest];
  await import(pathToFileURL(script).href);
}

await main(process.argv.slice(2));
