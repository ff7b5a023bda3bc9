import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { renderJunit } from '../../reporting/junit.js';
import { renderMarkdown } from '../../reporting/markdown.js';
import { exchangeStep, reproductionLines, reproductionOf, reproductionParts } from '../../reporting/reproduction.js';
import { summaryOf } from './fixtures.js';

/** One reproduction, rendered the same way by the console, summary.md and junit.xml (reporting/reproduction.ts). */
const exchange = { request: { method: 'POST', url: 'https://t/x' }, attempts: [{}, {}] } as unknown as Exchange;
const text = {
  formatExchange: () => 'POST /x → 200',
  curl: () => "curl -X POST 'https://t/x'",
  attempts: () => ['attempt 1: 503 retry-after 1 after 12 ms'],
};

describe('reproduction', () => {
  const rep = reproductionOf({ seed: 4, path: '2:0', suiteFile: 'suites/find-customer.conformance.ts', test: 'a "quoted" name', counterexample: 'ssn length 10', steps: [exchangeStep(exchange, text), 'GET /y → 404'], last: exchange }, text);

  it('replays by seed and path, and keeps the earlier attempts of a retried exchange under its step', () => {
    expect(rep.replay).toBe('CONFORMANCE_SEED=4 CONFORMANCE_PATH=2:0 npm run conformance -- suites/find-customer.conformance.ts -t "a \\"quoted\\" name"');
    expect(rep.curl).toBe("curl -X POST 'https://t/x'");
    expect(rep.steps?.[0]).toBe('POST /x → 200\n   attempt 1: 503 retry-after 1 after 12 ms');
    expect(reproductionParts(rep).map((p) => p.name)).toEqual(['replay', 'curl', 'counterexample', 'steps']);
  });

  it('console and junit.xml show the same lines; summary.md the same parts, fenced', () => {
    const lines = reproductionLines(rep);
    expect(lines).toEqual([
      `replay: ${rep.replay}`, `curl: ${rep.curl}`, 'counterexample: ssn length 10',
      '1. POST /x → 200\n   attempt 1: 503 retry-after 1 after 12 ms', '2. GET /y → 404',
    ]);
    const summary = summaryOf();
    const row = summary.requirements.find((r) => r.findings.length)!;
    const withRep = { ...summary, requirements: summary.requirements.map((r) => (r === row ? { ...r, status: 'failed' as const, findings: [{ ...r.findings[0]!, reproduction: rep }] } : r)) };
    const junit = renderJunit(withRep);
    for (const l of lines) expect(junit).toContain(l.replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/>/g, '&gt;'));
    const md = renderMarkdown(withRep);
    expect(md).toContain(`  Replay:\n\n  \`\`\`\n  ${rep.replay}\n  \`\`\``);
    expect(md).toContain('  Counterexample: `ssn length 10`');
    expect(md).toContain('  Steps:\n\n  1. POST /x → 200\n        attempt 1: 503 retry-after 1 after 12 ms\n  2. GET /y → 404');
  });
});
