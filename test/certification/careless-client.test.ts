import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildClientReport, type ClientReport } from '../../certification/report.js';
import { parsePlan } from '../../certification/plan.js';
import { startSandbox } from '../../certification/sandbox.js';
import { clientEnv, fastPlanInput, root } from './fast-plan.js';

/**
 * The careless example client (examples/careless-client.ts) in the sandbox: not certified, and
 * failed on exactly the habits it is written with; what it does right is not failed.
 */
async function certifyExample(name: string): Promise<ClientReport> {
  const plan = parsePlan(JSON.stringify(fastPlanInput()), 'fast plan');
  const sandbox = await startSandbox({ plan, seed: 1 });
  const command = [process.execPath, '--import', 'tsx', `examples/${name}.ts`];
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, ...clientEnv, ...sandbox.details }, stdio: 'ignore' });
    child.on('exit', resolve);
  });
  await sandbox.close();
  return buildClientReport({
    observations: sandbox.observations(), plan, planSource: 'fast plan', planned: sandbox.planned, seed: 1,
    baseUrl: sandbox.details.TARGET_BASE_URL, secrets: sandbox.secrets, startedAt: sandbox.startedAt, finishedAt: new Date(),
    client: { command: command.join(' '), exitCode },
  });
}

describe('certify-client with the careless example client', () => {
  it('fails it (exit 1) on a token per call, no retries and retries on 422, and on nothing it does right', async () => {
    const report = await certifyExample('careless-client');
    const status = Object.fromEntries(report.grades.map((g) => [g.id, g.status]));
    expect(report.exitCode).toBe(1);
    expect(report.verdict).toBe('not certified');
    expect(status).toMatchObject({
      'CLIENT-TOKEN-REUSE': 'failed', // a token per call
      'CLIENT-RETRY-TRANSIENT': 'failed', // no retries of 503, 429, reset
      'CLIENT-NO-RETRY-4XX': 'failed', // 422 retried three times
    });
    expect(status).toMatchObject({
      'CLIENT-SESSION-FIRST': 'passed', 'CLIENT-SESSION-DEVICE': 'passed', 'CLIENT-API-VERSION': 'passed',
      'CLIENT-TLS': 'passed', 'CLIENT-TOKEN-NOT-PAN': 'passed', 'CLIENT-NO-BLIND-RETRY': 'passed',
    });
    // It never retried, so there is no wait to judge: not covered, never passed.
    expect([status['CLIENT-RETRY-AFTER'], status['CLIENT-RETRY-BACKOFF']]).toEqual(['not-covered', 'not-covered']);
    const failedIds = report.grades.filter((g) => g.status === 'failed');
    for (const g of failedIds) expect(g.evidence.length, g.id).toBeGreaterThan(0);
    expect(report.coverage.documented.unhandled).toBeGreaterThan(0);
  }, 90_000);
});
