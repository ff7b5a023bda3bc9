import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expiredReferenceToken, referenceProbeSource, referenceTargetEnv } from '../../bin/target.js';
import { loadProfile } from '../../contract/profile.js';
import { packageRoot } from '../../reporting/package.js';
import { startReference, type RunningReference } from '../../reference/server.js';

/**
 * Issue 30, item 5: the shipped nightly workflow is green on a conformant sandbox. Its own `run:`
 * commands, read from the YAML, run against the embedded reference given a secret for every value
 * of the partner checklist: the shards (in parallel, as a matrix does), then the verdict job, which
 * must exit 0 and write PASS to the job summary. Not run: `npm ci` (installed already, and shared),
 * the previous night's baseline (it asks GitHub's API); artifacts are copied as the actions would.
 */

interface Step { readonly name?: string; readonly uses?: string; readonly run?: string; readonly env?: Record<string, string>; readonly 'continue-on-error'?: boolean }
interface Job { readonly steps: readonly Step[]; readonly strategy?: { readonly matrix?: { readonly shard?: readonly number[] } } }
interface Workflow { readonly env: Record<string, string | number>; readonly jobs: { readonly shard: Job; readonly verdict: Job } }

const workflowFile = join(packageRoot, '.github', 'workflows', 'nightly.yml');
const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow;
const extras = ['TARGET_CA_PEM', 'TARGET_DENIED_CLIENT_ID', 'TARGET_DENIED_CLIENT_SECRET', 'TARGET_EXPIRED_TOKEN', 'TARGET_DECLINED_CARD_NUMBER', 'TARGET_DENIED_CARD_BIN', 'TARGET_PROBE_SOURCE_ADDRESS'];

let reference: RunningReference | undefined;
let work: string | undefined;
afterAll(async () => {
  await reference?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `${{ ... }}` as GitHub would expand it here; an expression this test does not know fails it. */
function expand(text: string, context: { secrets: Record<string, string>; shard?: number }): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    const [scope, name] = expr.split('.');
    if (scope === 'secrets') return context.secrets[name!] ?? '';
    if (scope === 'vars') return '';
    if (expr === 'matrix.shard' && context.shard !== undefined) return String(context.shard);
    if (expr === 'env.SHARDS') return String(workflow.env.SHARDS);
    if (expr === 'github.run_id') return '20261126';
    if (expr === 'github.token') return '';
    throw new Error(`the workflow uses an expression this test does not expand: ${expr}`);
  });
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** One job's steps: its own `run:` commands in order, with GITHUB_ENV carried from step to step. */
async function runJob(job: Job, secrets: Record<string, string>, shard?: number): Promise<Array<{ step: string; code: number | null; out: string }>> {
  const runnerTemp = mkdtempSync(join(work!, `runner-${shard ?? 'verdict'}-`));
  const githubEnv = join(runnerTemp, 'github-env');
  const summary = join(work!, `step-summary-${shard ?? 'verdict'}.md`);
  writeFileSync(githubEnv, '');
  const results = [];
  for (const step of job.steps) {
    if (!step.run || step.run.trim() === 'npm ci' || /\bgh /.test(step.run)) continue;
    const carried = Object.fromEntries(readFileSync(githubEnv, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const own = Object.fromEntries(Object.entries({ ...workflow.env, ...(step.env ?? {}) }).map(([k, v]) => [k, expand(String(v), { secrets, ...(shard ? { shard } : {}) })]));
    // One suite worker per shard (as test/support/seal.ts gives every self-test run): against a target URL a run
    // starts a worker per permit, and three shards' twelve workers loading the harness on two cores were most of
    // this test's minute and a half. The workflow's own variables are unchanged; a runner has the cores for them.
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), VITEST_MAX_WORKERS: '1', RUNNER_TEMP: runnerTemp, GITHUB_ENV: githubEnv, GITHUB_STEP_SUMMARY: summary, ...carried, ...own };
    const result = await bash(expand(step.run, { secrets, ...(shard ? { shard } : {}) }), work!, env);
    results.push({ step: step.name ?? step.run, ...result });
    if (result.code !== 0 && !step['continue-on-error']) break;
  }
  return results;
}

describe('the shipped nightly workflow', () => {
  it('takes a secret for every extra of the partner checklist, and says what an allow-listed sandbox needs', () => {
    const text = readFileSync(workflowFile, 'utf8');
    for (const name of extras) expect(text, name).toContain(`secrets.${name}`);
    expect(text).toMatch(/GitHub-hosted runner has none/);
    expect(text).toContain('CONFORMANCE_SKIP: ${{ vars.CONFORMANCE_SKIP }}');
    expect(text).toContain('GITHUB_STEP_SUMMARY');
  });

  it('is green on a conformant sandbox (its own commands against the reference)', async () => {
    reference = await startReference();
    const { TARGET_CA_FILE: _ca, ...target } = referenceTargetEnv(reference);
    const defaults = loadProfile({});
    const secrets: Record<string, string> = {
      ...target, TARGET_CA_PEM: reference.caPem, TARGET_EXPIRED_TOKEN: (await expiredReferenceToken(reference)) ?? '',
      TARGET_PROBE_SOURCE_ADDRESS: referenceProbeSource, TARGET_DECLINED_CARD_NUMBER: defaults.declinedCardNumber, TARGET_DENIED_CARD_BIN: defaults.deniedCardBin,
    };
    expect(secrets.TARGET_EXPIRED_TOKEN).not.toBe('');
    // A working directory like a checkout: the package's files, reports of its own.
    work = mkdtempSync(join(tmpdir(), 'nightly-'));
    for (const entry of readdirSync(packageRoot)) if (entry !== 'reports' && entry !== '.git') symlinkSync(join(packageRoot, entry), join(work, entry));

    const shards = workflow.jobs.shard.strategy?.matrix?.shard ?? [];
    expect(shards).toEqual([1, 2, 3]);
    const shardRuns = await Promise.all(shards.map((n) => runJob(workflow.jobs.shard, secrets, n)));
    for (const [i, steps] of shardRuns.entries()) {
      expect(steps.map((s) => s.code), steps.map((s) => s.out.slice(-1500)).join('\n')).toEqual(steps.map(() => 0));
      // actions/upload-artifact then actions/download-artifact: reports/shard-N arrives as shards/conformance-shard-N.
      mkdirSync(join(work, 'shards'), { recursive: true });
      cpSync(join(work, 'reports', `shard-${i + 1}`), join(work, 'shards', `conformance-shard-${i + 1}`), { recursive: true });
    }

    const verdict = await runJob(workflow.jobs.verdict, secrets);
    const merge = verdict.find((s) => s.step.startsWith('Merge'))!;
    expect(merge.code, merge.out.slice(-4000)).toBe(0);
    expect(merge.out).toMatch(/Verdict {3}PASS \(exit 0\)/);
    expect(verdict.map((s) => s.code)).toEqual(verdict.map(() => 0));
    expect(readFileSync(join(work, 'step-summary-verdict.md'), 'utf8')).toMatch(/^# Conformance report: PASS \(exit 0\)/);
    expect(existsSync(join(work, 'reports', 'merged', 'allure-report', 'index.html'))).toBe(true);
  }, 900_000);
});
