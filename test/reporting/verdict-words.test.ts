import { describe, expect, it } from 'vitest';
import type { ResultRecord } from '../../reporting/result.js';
import type { Summary } from '../../reporting/model.js';
import { formatVerdictTable } from '../../reporting/live.js';
import { renderCertificate, renderJunit, renderMarkdown } from '../../reporting/write.js';
import { reqs, summaryOf } from './fixtures.js';

/** Issue 30, items 1-3: the verdict words, partly checked rows and JUnit all say what the exit code says. */

const rec = (requirement: string, status: ResultRecord['status'], reason?: string): ResultRecord =>
  ({ requirement, status, suite: 's', property: 'p', ...(reason ? { reason } : {}) });
const noExpiredToken = 'not covered: no expired token: set TARGET_EXPIRED_TOKEN to an access token of this client that has expired; or accept the gap with CONFORMANCE_SKIP=GEN-NO-5XX';
const everyRowPassed = ['GEN-NO-5XX', 'TOKEN-SHAPE'].map((id) => rec(id, 'passed'));
const only = (ids: readonly string[]) => ({ requirements: reqs.filter((q) => ids.includes(q.id)) });

/** One run of each exit code over two rows: GEN-NO-5XX and TOKEN-SHAPE. */
const runs: Record<0 | 1 | 3 | 4, Summary> = {
  0: summaryOf({ ...only(['GEN-NO-5XX', 'TOKEN-SHAPE']), records: everyRowPassed }),
  1: summaryOf({ ...only(['GEN-NO-5XX', 'TOKEN-SHAPE']), records: [rec('GEN-NO-5XX', 'passed'), rec('TOKEN-SHAPE', 'failed')] }),
  3: summaryOf({ ...only(['GEN-NO-5XX', 'TOKEN-SHAPE']), records: [rec('GEN-NO-5XX', 'passed'), rec('TOKEN-SHAPE', 'broken', 'connection reset')] }),
  4: summaryOf({ ...only(['GEN-NO-5XX', 'TOKEN-SHAPE']), records: [rec('GEN-NO-5XX', 'passed'), rec('GEN-NO-5XX', 'not-covered', noExpiredToken), rec('TOKEN-SHAPE', 'passed')] }),
};

const unescape = (html: string) => html.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const certificate = (s: Summary) => renderCertificate(s, { harnessVersion: '0.0.0', requirementLink: (id) => `#${id}` });
const testcases = (xml: string) => [...xml.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>\s*<(failure|error|skipped|system-out))/g)].map((m) => [m[1]!.split(':')[0], m[3] ?? 'passed']);

describe('the verdict in words', () => {
  it('names each exit code with one word and one next step, the same in every report', () => {
    const heads = Object.entries(runs).map(([code, s]) => {
      const word = { 0: 'PASS', 1: 'FAIL', 3: 'INCONCLUSIVE', 4: 'INCOMPLETE' }[code]!;
      expect(s.exitCode).toBe(Number(code));
      expect(s.verdict).toBe(word.toLowerCase());
      expect(renderMarkdown(s).split('\n')[0]).toBe(`# Conformance report: ${word} (exit ${code})`);
      expect(formatVerdictTable(s)).toContain(`Verdict   ${word} (exit ${code})`);
      expect(certificate(s)).toContain(`<div class="word">${word} <span class="words">(exit code ${code})`);
      expect(renderJunit(s)).toContain(`<testcase name="verdict: ${word} (exit ${code})"`);
      for (const text of [renderMarkdown(s), formatVerdictTable(s), unescape(certificate(s))]) expect(text).toContain(s.nextStep);
      return `${word} (exit ${code}): ${s.nextStep}`;
    });
    expect(heads).toMatchInlineSnapshot(`
      [
        "PASS (exit 0): Nothing to do: keep the reports as evidence, and read the observed readings of the ambiguous points.",
        "FAIL (exit 1): Send the partner each failure with its replay and curl command, or renew the expired waiver.",
        "INCONCLUSIVE (exit 3): Fix what the broken rows name (address, CA, credentials, the target's availability) and run again; this is no verdict on the partner.",
        "INCOMPLETE (exit 4): Set the variable each gap names and run again, or accept the gap with CONFORMANCE_SKIP=<id> (or a waiver); this is no failure of the partner.",
      ]
    `);
  });

  it('never calls an incomplete run FAIL: the exit-4 console', () => {
    expect(formatVerdictTable(runs[4])).not.toMatch(/FAIL/);
    expect(formatVerdictTable(runs[4])).toMatchInlineSnapshot(`
      "
      Verdict   INCOMPLETE (exit 4): Nothing failed, but documented requirements were left unchecked, in whole or in part, and no one accepted the gap.
      Next      Set the variable each gap names and run again, or accept the gap with CONFORMANCE_SKIP=<id> (or a waiver); this is no failure of the partner.
      Target    https://127.0.0.1:8443 (reference)
      Replay    npm run conformance (partner-conformance 0.1.0)
      Checked   1 passed, 1 partly checked, 0 failed, 0 broken, 0 waived, 0 observed only
      Not run   0 not covered, 0 skipped by profile, 0 not selected
      Readings  0 reading(s) of ambiguous points observed (summary.md lists them)
      Responses 0 of 3 documented responses observed

      Unchecked (documented requirements left unchecked, in whole or in part; CONFORMANCE_SKIP=<id> or a waiver accepts a gap):
        GEN-NO-5XX                        partly checked, not covered: no expired token: set TARGET_EXPIRED_TOKEN to an access token of this client that has expired; or accept the gap with CONFORMANCE_SKIP=GEN-NO-5XX"
    `);
  });
});

describe('a row partly checked', () => {
  it('reads partly checked, not passed, is a gap with its variable, and makes the run exit 4', () => {
    const s = runs[4];
    const row = s.requirements.find((r) => r.id === 'GEN-NO-5XX')!;
    expect(row).toMatchObject({ status: 'partly-checked', reasons: [noExpiredToken] });
    expect(s).toMatchObject({ exitCode: 4, unchecked: ['GEN-NO-5XX'], counts: { passed: 1, partlyChecked: 1 } });
    expect(s.requirements.filter((r) => r.status === 'passed' && r.reasons.some((x) => x.startsWith('not covered')))).toEqual([]);
    const md = renderMarkdown(s);
    expect(md).toContain('| GEN-NO-5XX | Errors | part of it (the rest passed) | not covered: no expired token: set TARGET_EXPIRED_TOKEN');
    expect(md).toContain('| GEN-NO-5XX | Errors | unspecified | partly checked (unchecked part: exit 4) |');
    expect(certificate(s)).toContain('<span class="status partly-checked">partly checked</span>');
    expect(certificate(s)).toContain('GEN-NO-5XX (partly checked)');
  });

  it('is accepted by CONFORMANCE_SKIP like any gap, and still shown as partly checked', () => {
    const s = summaryOf({ ...only(['GEN-NO-5XX', 'TOKEN-SHAPE']), records: [rec('GEN-NO-5XX', 'passed'), rec('GEN-NO-5XX', 'not-covered', noExpiredToken), rec('TOKEN-SHAPE', 'passed')], selection: { only: [], skip: ['GEN-NO-5XX'] } });
    expect(s).toMatchObject({ exitCode: 0, unchecked: [], acceptedGaps: [{ requirement: 'GEN-NO-5XX', by: 'CONFORMANCE_SKIP', reasons: [noExpiredToken] }] });
    expect(s.requirements[0]).toMatchObject({ status: 'partly-checked', acceptedGap: 'CONFORMANCE_SKIP' });
    expect(certificate(s)).toContain('partly checked (accepted gap)');
  });
});

describe('junit.xml tells the story of the gate', () => {
  it('fails the verdict case whenever the exit code is not 0, and counts gaps as failures and broken rows as errors', () => {
    expect(Object.fromEntries(Object.entries(runs).map(([code, s]) => [code, testcases(renderJunit(s))]))).toEqual({
      0: [['verdict', 'passed'], ['GEN-NO-5XX', 'passed'], ['TOKEN-SHAPE', 'passed']],
      1: [['verdict', 'failure'], ['GEN-NO-5XX', 'passed'], ['TOKEN-SHAPE', 'failure']],
      3: [['verdict', 'failure'], ['GEN-NO-5XX', 'passed'], ['TOKEN-SHAPE', 'error']],
      4: [['verdict', 'failure'], ['GEN-NO-5XX', 'failure'], ['TOKEN-SHAPE', 'passed']],
    });
    // A run that never reached the target: every documented row a failure, none skipped.
    const unreachable = renderJunit(summaryOf({ ...only(['TOKEN-SHAPE']), records: [], incomplete: 'target unreachable' }));
    expect(unreachable).toMatch(/<testsuites name="partner-conformance" tests="2" failures="2" errors="0" skipped="0"/);
  });
});
