import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { describeAttempts, formatExchange, formatExchangeDetail, Redactor, toCurl, type Exchange } from '../../client/index.js';
import { operations, requirements } from '../../contract/index.js';
import { formatVerdictTable, LiveReporter } from '../../reporting/live.js';
import { rawDir, readResults, ResultSink } from '../../reporting/recorder.js';
import { reproductionLines } from '../../reporting/reproduction.js';
import { buildSummary } from '../../reporting/summary.js';
import { writeReports } from '../../reporting/write.js';
import { runProperty, type PropertyEnv, type PropertyResult } from '../../suites/lib/runner/property.js';

/**
 * Issue 10, item 3: each text is redacted once. A target echoes the client secret, the access token
 * and the SSN it was sent in an error detail; a check quotes that detail in its finding, and the
 * model notes it as observed behaviour. Only the worker's redactor learnt those values, so the
 * worker masks them (ResultSink for records, the runner for the failing test's message) and the
 * parent writes every report from that text without a redactor of its own.
 */
const clientSecret = 'cs-Zq8vL2mK9pX4w';
const accessToken = 'tok-A1b2C3d4E5f6G7h8';
const ssn = '223456789';
const secrets = [clientSecret, accessToken, ssn];
const detail = `client ${clientSecret} with token ${accessToken} may not look up ssn ${ssn}`;

const redactor = new Redactor();
const exchange = {
  request: {
    operation: 'FindCustomer', method: 'POST', url: 'https://t/api/v1/partners/find-customer', query: {},
    headers: { Authorization: `Bearer ${accessToken}` }, body: { ssn }, correlationId: 'c1',
  },
  response: { status: 400, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify({ detail }), json: { detail } },
  durationMs: 3, attempts: [{ status: 400, headers: {}, startedAtMs: 0, durationMs: 3 }],
} as Exchange;

let dir: string;
let result: PropertyResult;
const printed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'redaction-'));
  // What the client learns on the way (suites/lib/runner/context.ts, client/partner.ts).
  redactor.learn(clientSecret, 'clientSecret');
  redactor.learn(accessToken, 'accessToken');
  redactor.learnJson(exchange.request.body);
  const sink = new ResultSink({ reportDir: dir, redact: (t) => redactor.redact(t) });
  const env: PropertyEnv = {
    runSeed: 5, replayPath: undefined, suiteFile: 'suites/find.conformance.ts', record: (r) => sink.record(r),
    redact: (t) => redactor.redact(t), curl: (x) => toCurl(x.request, redactor),
    formatExchange: (x) => formatExchange(x, redactor), attempts: (x) => describeAttempts(x, redactor),
    formatDetail: (x) => formatExchangeDetail(x, redactor),
  };
  result = await runProperty(env, {
    area: 'find-customer', name: 'echo', operation: 'FindCustomer', arbitrary: fc.constant(0), numRuns: 1,
    describe: () => `ssn ${ssn}`, requirements: ['NO-SECRET-ECHO', 'FIND-NOT-FOUND'],
    run: async () => ({
      exchanges: [exchange], checked: ['NO-SECRET-ECHO', 'FIND-NOT-FOUND'],
      observed: { 'FIND-NOT-FOUND': `400 "${detail}"` },
      findings: [{
        check: 'noSecretEcho', requirement: 'NO-SECRET-ECHO', severity: 'documented', title: 'Sensitive value echoed',
        message: `Received detail "${detail}"; documented no value sent`, evidence: { detail, [ssn]: 'as a member name' }, dedupKey: 'echo',
      }],
    }),
  });
  // The parent: reads the raw records back, renders every report, prints the verdict; vitest's
  // main process prints the failing test's message.
  const summary = buildSummary({
    records: readResults(dir), requirements, operations, selection: { only: [] }, waivers: [],
    startedAt: new Date(0), finishedAt: new Date(1000), target: { baseUrl: 'https://t', kind: 'sandbox' },
  });
  writeReports(summary, { reportDir: dir });
  printed.push(formatVerdictTable(summary));
  const live = new LiveReporter({ write: (l) => printed.push(l), tty: false });
  const module = { moduleId: 'm', relativeModuleId: 'suites/find.conformance.ts', state: () => 'failed' } as unknown as TestModule;
  live.onTestCaseResult({ module, fullName: 'echo', result: () => ({ state: 'failed', errors: [{ message: result.report }] }) } as unknown as TestCase);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leaksIn = (text: string) => secrets.filter((s) => text.includes(s));

describe('a secret the worker learnt, quoted in a finding, an observation and a reproduction', () => {
  it.each(['summary.json', 'summary.md', 'junit.xml', 'certificate.html'])('is masked in %s', (name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    expect({ leaks: leaksIn(text), finding: text.includes('Sensitive value echoed'), masked: text.includes('[clientSecret:***]') })
      .toEqual({ leaks: [], finding: true, masked: true });
  });

  it('is masked in raw/, finding, evidence and observation alike', () => {
    const raw = readdirSync(rawDir(dir)).map((f) => readFileSync(join(rawDir(dir), f), 'utf8')).join('');
    expect({ leaks: leaksIn(raw), masked: raw.includes('[ssn:***]') }).toEqual({ leaks: [], masked: true });
    expect(readResults(dir).find((r) => r.status === 'observed')?.reason).toBe(`400 "${redactor.redact(detail)}"`);
  });

  it('is masked on the console and in what Allure attaches', () => {
    expect(result.failed).toBe(true);
    const allure = [result.report, result.detail ?? '', ...reproductionLines(result.reproduction)].join('\n');
    expect({ leaks: leaksIn(allure), masked: allure.includes('[accessToken:***]') }).toEqual({ leaks: [], masked: true });
    const console = printed.join('\n');
    expect({ leaks: leaksIn(console), masked: console.includes('[clientSecret:***]') }).toEqual({ leaks: [], masked: true });
  });
});
