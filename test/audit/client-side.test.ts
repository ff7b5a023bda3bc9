import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClientReport } from '../../certification/report.js';
import { parsePlan } from '../../certification/plan.js';
import { startSandbox } from '../../certification/sandbox.js';
import type { ObservedExchange } from '../../reference/interception.js';
import { runAudit } from '../../audit/run.js';
import { clientEnv, clientRate, fastPlanInput, root } from '../certification/fast-plan.js';

/**
 * Issue 23 item 3: the client side of an audit is certify-client's own grading. An example client
 * runs in the certification sandbox; what the sandbox saw is written as HAR (as a proxy in front of
 * the service would record it) and audited: every grade the audit gives is the one certify-client
 * gave, without the plan (a 503, 429 or reset is known by itself in recorded traffic).
 */
const flat = (headers: Readonly<Record<string, unknown>>) =>
  Object.entries(headers).flatMap(([name, v]) => (v === undefined ? [] : [{ name, value: Array.isArray(v) ? v.join(', ') : String(v) }]));

/** One exchange as a recording proxy writes it: a reset is status 0 with _error, as a browser export has it. */
function harEntry(e: ObservedExchange, baseUrl: string, tokenPath: string): object {
  const url = new URL(`${baseUrl}${e.path}`);
  for (const [k, v] of Object.entries(e.query)) url.searchParams.append(k, String(v));
  const text = e.body === undefined ? undefined : e.path === tokenPath ? new URLSearchParams(e.body as Record<string, string>).toString() : JSON.stringify(e.body);
  const answered = e.outcome === 'answered';
  return {
    startedDateTime: new Date(e.receivedAt).toISOString(), time: e.finishedAt - e.receivedAt,
    request: { method: e.method, url: url.toString(), headers: flat(e.headers), ...(text === undefined ? {} : { postData: { mimeType: String(e.headers['content-type'] ?? ''), text } }) },
    response: answered
      ? { status: e.status, headers: flat(e.replyHeaders ?? {}), content: { mimeType: String(e.replyHeaders?.['content-type'] ?? ''), text: e.replyBody ?? '' } }
      : { status: 0, headers: [], content: {}, _error: e.outcome === 'reset' ? 'net::ERR_CONNECTION_RESET' : 'net::ERR_ABORTED' },
    _securityDetails: { protocol: e.tlsProtocol.replace(/^TLSv/, 'TLS ') },
  };
}

async function certifyAndAudit(name: string) {
  const plan = parsePlan(JSON.stringify(fastPlanInput()), 'fast plan');
  const sandbox = await startSandbox({ plan, seed: 1 });
  const exchanges: ObservedExchange[] = [];
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `examples/${name}.ts`], { cwd: root, env: { ...process.env, ...clientEnv, ...sandbox.details }, stdio: 'ignore' });
    child.on('exit', () => resolve());
  });
  await sandbox.close();
  const observations = sandbox.observations();
  exchanges.push(...observations.map((o) => o.exchange));
  const report = buildClientReport({
    observations, plan, planSource: 'fast plan', planned: sandbox.planned, seed: 1, baseUrl: sandbox.details.TARGET_BASE_URL,
    secrets: sandbox.secrets, startedAt: sandbox.startedAt, finishedAt: new Date(),
  });
  const dir = mkdtempSync(join(tmpdir(), 'pc-audit-client-'));
  const file = join(dir, 'proxy.har');
  const tokenPath = new URL(sandbox.details.TARGET_AUTH_URL).pathname;
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'recording proxy', version: '1' }, entries: exchanges.map((e) => harEntry(e, sandbox.details.TARGET_BASE_URL, tokenPath)) } }));
  const audit = runAudit({ file, reportDir: join(dir, 'audit'), server: false, maxRate: clientRate });
  const status = (rows: ReadonlyArray<{ id: string; status: string }>) => Object.fromEntries(rows.map((r) => [r.id, r.status === 'not-covered' ? 'not-covered' : r.status]));
  return { certified: status(report.grades), audited: status(audit.summary.requirements), audit };
}

describe('the client side of an audit grades as certify-client does', () => {
  it.each(['careless-client', 'careful-client'])('%s: the same grade for every client requirement', async (name) => {
    const { certified, audited, audit } = await certifyAndAudit(name);
    expect(audited).toEqual(certified);
    if (name === 'careless-client') {
      expect(audit.exitCode).toBe(1);
      expect(audited).toMatchObject({ 'CLIENT-TOKEN-REUSE': 'failed', 'CLIENT-RETRY-TRANSIENT': 'failed', 'CLIENT-NO-RETRY-4XX': 'failed' });
      const reuse = audit.summary.requirements.find((r) => r.id === 'CLIENT-TOKEN-REUSE')!;
      expect(reuse.findings[0]?.reproduction?.steps?.[0]).toMatch(/^log\.entries\[\d+\] \(\S+Z POST \/oauth2\/token → 200\): token request/);
    } else {
      expect(audit.exitCode).toBe(0);
    }
  }, 120_000);
});
