/**
 * `partner-conformance certify-client`: the embedded reference as a certification sandbox. It
 * prints the TARGET_* connection details, runs the client given after `--` with them (or serves
 * an outside client until SIGINT or --duration), then grades what it observed and writes
 * client-summary.json/.md, client-junit.xml and client-certificate.html to REPORT_DIR.
 * Exit: 0 certified, 1 a graded requirement failed, 2 bad input, 3 the client stopped short,
 * 4 planned responses left unshown (unless --accept-unshown or the plan's acceptUnshown).
 */
import { spawn } from 'node:child_process';
import { parseCertifyArgs, usage, type CertifyArgs } from '../certification/cli-args.js';
import { redactorFor } from '../certification/evidence.js';
import { PlanError } from '../certification/plan.js';
import { buildClientReport, coverageLine, type ClientReport } from '../certification/report.js';
import { startSandbox, type Sandbox } from '../certification/sandbox.js';
import { writeClientReports } from '../certification/write.js';

function readArgs(): CertifyArgs {
  try {
    return parseCertifyArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    console.error(`certify-client: ${error.message}`);
    process.exit(2);
  }
}

/** Runs the client with the sandbox's details in its environment; resolves with how it ended. */
function runClient(command: readonly string[], sandbox: Sandbox): Promise<NonNullable<ClientReport['client']>> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...sandbox.details }, stdio: 'inherit' });
    child.on('error', (error: NodeJS.ErrnoException) => {
      console.error(`certify-client: the client command ${JSON.stringify(command[0])} could not be started (${error.code ?? error.message})`);
      process.exit(2);
    });
    // Ctrl-C reaches the client too (same process group): the sandbox waits for it, then grades.
    process.on('SIGINT', () => undefined);
    child.on('exit', (code, signal) => resolve({ command: command.join(' '), exitCode: code, ...(signal ? { signal } : {}) }));
  });
}

function serveUntilStopped(seconds: number | undefined): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (seconds !== undefined) setTimeout(stop, seconds * 1000).unref();
  });
}

async function main(): Promise<void> {
  const args = readArgs();
  if (args.printPlan) {
    console.log(JSON.stringify(args.plan, null, 2));
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ plan: args.plan, seed: args.seed, port: args.port, ...(args.host ? { host: args.host } : {}) });
  } catch (error) {
    console.error(`certify-client: the sandbox could not start on port ${args.port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    process.exit(2);
  }
  console.log(`Certification sandbox listening (${args.planSource}; ${sandbox.planned.length} answered calls; seed ${args.seed}, replay with --seed ${args.seed})`);
  for (const [name, value] of Object.entries(sandbox.details)) console.log(`  ${name}=${value}`);
  if (args.command.length === 0) console.log(`Point the client at it; press Ctrl-C${args.durationSeconds ? ` or wait ${args.durationSeconds} s` : ''} to grade. (${usage})`);
  const client = args.command.length ? await runClient(args.command, sandbox) : (await serveUntilStopped(args.durationSeconds), undefined);
  await sandbox.close();
  const observations = sandbox.observations();
  const report = buildClientReport({
    observations, plan: args.plan, planSource: args.planSource, planned: sandbox.planned, seed: args.seed,
    baseUrl: sandbox.details.TARGET_BASE_URL, secrets: sandbox.secrets, startedAt: sandbox.startedAt, finishedAt: new Date(),
    acceptUnshown: args.acceptUnshown, ...(client ? { client } : {}),
  });
  const redactor = redactorFor(observations, sandbox.secrets);
  const written = writeClientReports(report, process.env.REPORT_DIR || 'reports', (text) => redactor.redact(text));
  console.log(`${report.verdict.toUpperCase()} (exit ${report.exitCode}): ${report.counts.passed} passed, ${report.counts.failed} failed, ${report.counts.notCovered} not covered`);
  console.log(`  ${coverageLine(report.coverage)}`);
  for (const reason of report.verdictReasons) console.log(`  - ${reason}`);
  console.log(`Reports: ${written.join(', ')}`);
  process.exit(report.exitCode);
}

await main();
