import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trafficDirVariable, trafficHarName } from '../client/traffic-log.js';
import { variables } from '../contract/profile-variables.js';
import { packageRoot } from '../reporting/package.js';

/**
 * (e) of `npm run bench`: `partner-conformance audit` on 10,000 recorded exchanges (issue 23,
 * goal under 10 s). The traffic is a conformance run's own against the embedded reference, with a
 * CONFORMANCE_RUNS large enough to send that many (CONFORMANCE_RECORD_TRAFFIC), cut to its first 10,000
 * entries. The figure is the command's wall time, from starting the process to its exit.
 */
export const auditedExchanges = 10_000;

function run(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: packageRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.on('exit', (code) => resolve({ code, seconds: (performance.now() - started) / 1000, stdout }));
  });
}

export interface AuditFigure {
  readonly entries: number;
  readonly seconds: number;
  readonly exitCode: number | null;
  readonly verdict: string;
}

/** Records a large run's traffic, keeps its first 10,000 entries, and times the audit of them (server and client side). */
export async function auditFigure(): Promise<AuditFigure | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-audit-'));
  try {
    const blank = Object.fromEntries(Object.keys(variables).map((name) => [name, '']));
    const recorded = await run(['bin/conformance.ts'], { ...blank, REPORT_DIR: join(dir, 'run'), CONFORMANCE_RUNS: '150', [trafficDirVariable]: join(dir, 'traffic') });
    const har = JSON.parse(readFileSync(join(dir, 'traffic', trafficHarName), 'utf8')) as { log: { entries: unknown[] } };
    if (har.log.entries.length < auditedExchanges) {
      console.log(`  the recorded run sent ${har.log.entries.length} exchanges (exit ${recorded.code}), fewer than ${auditedExchanges}`);
      return undefined;
    }
    const file = join(dir, 'ten-thousand.har');
    writeFileSync(file, JSON.stringify({ log: { ...har.log, entries: har.log.entries.slice(0, auditedExchanges) } }));
    const audit = await run(['bin/cli.ts', 'audit', file, '--report-dir', join(dir, 'audit')], {});
    return { entries: auditedExchanges, seconds: audit.seconds, exitCode: audit.code, verdict: audit.stdout.split('\n')[1] ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
