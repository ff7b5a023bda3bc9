import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BaselineError, compareBaseline, loadBaseline, type PreviousRun } from '../../reporting/baseline.js';
import { reqs, summaryOf } from './fixtures.js';
import type { ResultRecord } from '../../reporting/result.js';
import { formatVerdictTable } from '../../reporting/live.js';
import { renderCertificate, renderJunit, renderMarkdown } from '../../reporting/write.js';

const previous: PreviousRun = {
  source: 'reports/previous/summary.json',
  summary: {
    finishedAt: '2030-01-01T03:04:05.000Z',
    requirements: [
      { id: 'GEN-NO-5XX', status: 'failed' },        // passes now: fixed
      { id: 'FIND-SSN-LENGTH', status: 'failed' },   // still failing
      { id: 'HISTORY-PAGING', status: 'passed' },    // fails now: new
      { id: 'TOKEN-SHAPE', status: 'waived' },       // not covered now: not re-checked, not fixed
      { id: 'GONE-1', status: 'failed' },            // no longer in the contract
    ],
  },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('baseline comparison', () => {
  it('names new failures, fixed ones and those still failing', () => {
    expect(summaryOf({ baseline: previous }).baseline).toEqual({
      source: 'reports/previous/summary.json', previousFinishedAt: '2030-01-01T03:04:05.000Z',
      verdict: 'FAIL (exit 1)', seeds: {},
      newFailures: ['HISTORY-PAGING'], fixed: ['GEN-NO-5XX'], stillFailing: ['FIND-SSN-LENGTH'], notRechecked: ['TOKEN-SHAPE', 'GONE-1'],
      newlyBroken: [], newlyUnchecked: ['FIND-SSN-FORMAT'], newlyChecked: [], readingsChanged: [{ requirement: 'FIND-NOT-FOUND', before: [], now: ['422 CUSTOMER_NOT_FOUND'] }],
      otherChanges: [
        { id: 'FIND-NOT-FOUND', before: 'not in the previous run', now: 'observed' }, { id: 'FIND-SUCCESS', before: 'not in the previous run', now: 'passed' },
        { id: 'ENROLL-SUCCESS', before: 'not in the previous run', now: 'skipped-by-profile' },
      ],
      newFailuresCame: 'the previous night recorded no seed: replay under this seed on the previous version to tell',
    });
  });

  it('reads a previous summary.json back from a path, as written by this run', () => {
    dir = mkdtempSync(join(tmpdir(), 'baseline-'));
    const file = join(dir, 'summary.json');
    writeFileSync(file, JSON.stringify(summaryOf()));
    return loadBaseline(file).then((run) => {
      expect(compareBaseline(run, { rows: summaryOf().requirements, exitCode: 1, observed: [] })).toMatchObject({ newFailures: [], fixed: [], stillFailing: ['FIND-SSN-LENGTH', 'HISTORY-PAGING'] });
    });
  });

  it('fetches an https URL, and refuses other schemes and non-summaries with a typed error', async () => {
    const fake = (async (url: string | URL | Request) =>
      new Response(String(url).endsWith('/ok') ? JSON.stringify(previous.summary) : 'nope', { status: String(url).endsWith('/ok') ? 200 : 404 })) as typeof fetch;
    expect((await loadBaseline('https://ci.example/ok', fake)).summary.requirements).toHaveLength(5);
    await expect(loadBaseline('https://ci.example/missing', fake)).rejects.toThrow('CONFORMANCE_BASELINE https://ci.example/missing could not be read: HTTP 404');
    await expect(loadBaseline('http://ci.example/ok', fake)).rejects.toBeInstanceOf(BaselineError);
    dir = mkdtempSync(join(tmpdir(), 'baseline-'));
    writeFileSync(join(dir, 'x.json'), '{"requirements": 3}');
    await expect(loadBaseline(join(dir, 'x.json'))).rejects.toMatchObject({ code: 'BASELINE_UNREADABLE' });
  });

  describe('every status and the verdict (issue 30)', () => {
    const rec = (requirement: string, status: ResultRecord['status'], reason?: string): ResultRecord => ({ requirement, status, suite: 's', property: 'p', ...(reason ? { reason } : {}) });
    const two = { requirements: reqs.filter((q) => ['GEN-NO-5XX', 'TOKEN-SHAPE', 'FIND-NOT-FOUND'].includes(q.id)) };
    const night = (records: ResultRecord[], seed: number, baseline?: PreviousRun) => summaryOf({ ...two, records, run: { seed, profile: 'sandbox' }, ...(baseline ? { baseline } : {}) });
    const asBaseline = (s: ReturnType<typeof summaryOf>): PreviousRun => ({ source: 'last-night/summary.json', summary: JSON.parse(JSON.stringify(s)) as PreviousRun['summary'] });
    const clean = [rec('GEN-NO-5XX', 'passed'), rec('TOKEN-SHAPE', 'passed'), rec('FIND-NOT-FOUND', 'observed', 'empty customerId')];

    it('sees rows newly broken against a clean night, and says so in the verdicts', () => {
      const b = night([rec('GEN-NO-5XX', 'broken', 'connection reset'), rec('TOKEN-SHAPE', 'broken', 'connection reset'), rec('FIND-NOT-FOUND', 'observed', 'empty customerId')], 8, asBaseline(night(clean, 7))).baseline!;
      expect(b).toMatchObject({ previousVerdict: 'PASS (exit 0)', verdict: 'INCONCLUSIVE (exit 3)', newlyBroken: ['GEN-NO-5XX', 'TOKEN-SHAPE'], newFailures: [], readingsChanged: [] });
    });

    it('sees rows that became checked from an exit-4 night to an exit-0 night, and a reading that changed', () => {
      const before = night([rec('GEN-NO-5XX', 'passed'), rec('GEN-NO-5XX', 'not-covered', 'not covered: no expired token: set TARGET_EXPIRED_TOKEN'), rec('FIND-NOT-FOUND', 'observed', '422 CUSTOMER_NOT_FOUND')], 7);
      expect(before.exitCode).toBe(4);
      const b = night(clean, 8, asBaseline(before)).baseline!;
      expect(b).toMatchObject({ previousVerdict: 'INCOMPLETE (exit 4)', verdict: 'PASS (exit 0)', newlyChecked: ['GEN-NO-5XX', 'TOKEN-SHAPE'], newlyUnchecked: [] });
      expect(b.readingsChanged).toEqual([{ requirement: 'FIND-NOT-FOUND', before: ['422 CUSTOMER_NOT_FOUND'], now: ['empty customerId'] }]);
      // And back: a row partly checked again is newly unchecked.
      const partlyAgain = [rec('GEN-NO-5XX', 'passed'), rec('GEN-NO-5XX', 'not-covered', 'x'), rec('TOKEN-SHAPE', 'passed'), rec('FIND-NOT-FOUND', 'observed', 'empty customerId')];
      expect(night(partlyAgain, 9, asBaseline(night(clean, 8))).baseline?.newlyUnchecked).toEqual(['GEN-NO-5XX']);
    });

    it('says whether a new failure came with a new seed or under the previous night\'s seed', () => {
      const failing = [rec('GEN-NO-5XX', 'passed'), rec('TOKEN-SHAPE', 'failed'), rec('FIND-NOT-FOUND', 'observed', 'empty customerId')];
      const same = night(failing, 7, asBaseline(night(clean, 7))).baseline!;
      expect(same).toMatchObject({ newFailures: ['TOKEN-SHAPE'], seeds: { previous: 7, now: 7 }, newFailuresCame: "under the previous night's seed: a change of the target" });
      expect(same.replayPreviousSeed).toBeUndefined();
      const fresh = night(failing, 8, asBaseline(night(clean, 7))).baseline!;
      expect(fresh).toMatchObject({ seeds: { previous: 7, now: 8 }, replayPreviousSeed: 'CONFORMANCE_SEED=7 CONFORMANCE_ONLY=TOKEN-SHAPE npm run conformance' });
      expect(fresh.newFailuresCame).toMatch(/^with a new seed: exploration/);
      const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
      expect(formatVerdictTable(night(failing, 8, asBaseline(night(clean, 7)))).replace(version, '<version>')).toMatchInlineSnapshot(`
        "
        Verdict   FAIL (exit 1): A blocking requirement failed, or a waiver expired.
        Next      Send the partner each failure with its replay and curl command, or renew the expired waiver.
        Target    https://127.0.0.1:8443 (reference)
        Replay    CONFORMANCE_SEED=8 npm run conformance (partner-conformance <version>)
        Checked   1 passed, 0 partly checked, 1 failed, 0 broken, 0 waived, 1 observed only
        Not run   0 not covered, 0 skipped by profile, 0 not selected
        Readings  1 reading(s) of ambiguous points observed (summary.md lists them)
        Responses 0 of 3 documented responses observed
        Nightly   PASS (exit 0) → FAIL (exit 1), 1 new failure(s), 0 fixed, 0 still failing, 0 newly broken, 0 newly unchecked or partly checked, 0 newly checked, 0 other change(s), 0 reading(s) changed; the new failures came with a new seed: exploration, unless the replay under the previous night's seed fails too (then a change of the target)
                  replay them under the previous night's seed: CONFORMANCE_SEED=7 CONFORMANCE_ONLY=TOKEN-SHAPE npm run conformance

        Blocking failures:
          TOKEN-SHAPE                       access_token, expires_in 3600"
      `);
    });

    it('carries seed, harness version, target, profile and selection in every report, so a night replays from its own summary.json', () => {
      const s = summaryOf({ ...two, records: clean, run: { seed: 42, profile: 'sandbox' }, selection: { only: ['Errors'], skip: ['ALLOW-LIST'] } });
      const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
      const json = JSON.parse(JSON.stringify(s)) as typeof s;
      expect(json.run).toEqual({ seed: 42, harnessVersion: version, profile: 'sandbox', replay: 'CONFORMANCE_SEED=42 CONFORMANCE_ONLY=Errors CONFORMANCE_SKIP=ALLOW-LIST npm run conformance' });
      expect(json).toMatchObject({ target: { baseUrl: 'https://127.0.0.1:8443' }, selection: { only: ['Errors'], skip: ['ALLOW-LIST'] } });
      expect(renderMarkdown(s)).toContain(`Run: seed 42, partner-conformance ${version}, profile sandbox. Replay with the same TARGET_* variables: \`CONFORMANCE_SEED=42 CONFORMANCE_ONLY=Errors CONFORMANCE_SKIP=ALLOW-LIST npm run conformance\``);
      expect(renderJunit(s)).toContain('<property name="seed" value="42"/>');
      expect(renderCertificate(s, { harnessVersion: version, requirementLink: (id) => id })).toContain('<td>CONFORMANCE_SEED=42 CONFORMANCE_ONLY=Errors CONFORMANCE_SKIP=ALLOW-LIST npm run conformance</td>');
    });
  });
});
