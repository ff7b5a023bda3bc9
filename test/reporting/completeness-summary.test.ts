import { describe, expect, it } from 'vitest';
import type { ResultRecord } from '../../reporting/result.js';
import { renderMarkdown } from '../../reporting/markdown.js';
import { formatVerdictTable } from '../../reporting/live.js';
import { summaryOf } from './fixtures.js';

/**
 * Issue 11: exit 0 means every selected documented requirement was checked and passed (or is
 * waived). A documented row left not covered ends the run with 4 unless CONFORMANCE_SKIP, a
 * waiver, the production profile or a narrowed run (suite files) accepted it.
 */
const rec = (requirement: string, status: ResultRecord['status'], reason?: string): ResultRecord =>
  ({ requirement, status, suite: 's', property: 'p', ...(reason ? { reason } : {}) });
/** Every row of the fixture contract slice checked and passed, but `over`. */
const clean = (...over: ResultRecord[]): ResultRecord[] => {
  const ids = ['GEN-NO-5XX', 'FIND-SSN-LENGTH', 'FIND-SSN-FORMAT', 'FIND-NOT-FOUND', 'HISTORY-PAGING', 'FIND-SUCCESS', 'ENROLL-SUCCESS', 'TOKEN-SHAPE'];
  return [...ids.filter((id) => !over.some((o) => o.requirement === id)).map((id) => rec(id, 'passed')), ...over];
};
const gap = rec('TOKEN-SHAPE', 'not-covered', 'no denied client is configured: set TARGET_DENIED_CLIENT_ID');
const waiver = { requirement: 'TOKEN-SHAPE', reason: 'no denied client in this sandbox yet', owner: 'partner-api-team', expires: '2099-12-31' };
const row = (s: ReturnType<typeof summaryOf>, id: string) => s.requirements.find((r) => r.id === id)!;

describe('completeness in the verdict', () => {
  it('passes (0) when every row was checked', () => {
    expect(summaryOf({ records: clean() })).toMatchObject({ verdict: 'pass', exitCode: 0, unchecked: [], acceptedGaps: [] });
  });

  it('ends 4 on a documented row left not covered, naming it and why', () => {
    const s = summaryOf({ records: clean(gap) });
    expect(s).toMatchObject({ verdict: 'incomplete', exitCode: 4, unchecked: ['TOKEN-SHAPE'] });
    expect(s.verdictReasons.join(' ')).toMatch(/1 documented requirement\(s\) left unchecked: TOKEN-SHAPE/);
    const md = renderMarkdown(s);
    expect(md).toContain('## Unchecked documented requirements (exit 4)');
    expect(md).toContain('| TOKEN-SHAPE | Authentication | all of it | no denied client is configured: set TARGET_DENIED_CLIENT_ID |');
    expect(formatVerdictTable(s)).toMatch(/INCOMPLETE \(exit 4\)[\s\S]*Unchecked[\s\S]*TOKEN-SHAPE\s+no denied client is configured/);
  });

  it('ends 4 on a row that was only observed where a property could not check it (D37: every valid case refused)', () => {
    const s = summaryOf({ records: clean(rec('TOKEN-SHAPE', 'observed', 'every valid case refused with 422 X'), gap) });
    expect(s).toMatchObject({ exitCode: 4, unchecked: ['TOKEN-SHAPE'] });
    expect(row(s, 'TOKEN-SHAPE').status).toBe('not-covered');
  });

  it('ends 4 on a selected documented row nothing recorded, but not on an ambiguous one', () => {
    expect(summaryOf({ records: clean().filter((r) => r.requirement !== 'FIND-SSN-FORMAT') })).toMatchObject({ exitCode: 4, unchecked: ['FIND-SSN-FORMAT'] });
    expect(summaryOf({ records: clean().filter((r) => r.requirement !== 'HISTORY-PAGING') })).toMatchObject({ exitCode: 0, unchecked: [] });
  });

  it('ranks 1 (blocking failure or expired waiver) over 3 (broken, incomplete) over 4 (unchecked)', () => {
    const failed = rec('FIND-SSN-LENGTH', 'failed');
    const broken = rec('FIND-SUCCESS', 'broken', 'TARGET_UNREACHABLE: connect ECONNREFUSED');
    expect(summaryOf({ records: clean(gap, broken, failed) }).exitCode).toBe(1);
    expect(summaryOf({ records: clean(gap, broken) }).exitCode).toBe(3);
    expect(summaryOf({ records: clean(gap), incomplete: 'interrupted by a signal' }).exitCode).toBe(3);
    expect(summaryOf({ records: clean(gap), waivers: [{ ...waiver, requirement: 'FIND-SUCCESS', expires: '2020-01-01' }] }).exitCode).toBe(1);
  });

  it('accepts a gap named by CONFORMANCE_SKIP: 0, listed as an accepted gap with its reason', () => {
    const s = summaryOf({ records: clean(gap), selection: { only: [], skip: ['token-shape'] } });
    expect(s).toMatchObject({ verdict: 'pass', exitCode: 0, unchecked: [] });
    expect(row(s, 'TOKEN-SHAPE')).toMatchObject({ status: 'not-selected', acceptedGap: 'CONFORMANCE_SKIP' });
    expect(s.acceptedGaps).toEqual([{ requirement: 'TOKEN-SHAPE', by: 'CONFORMANCE_SKIP', reasons: [gap.reason] }]);
    expect(renderMarkdown(s)).toMatch(/## Accepted gaps[\s\S]*\| TOKEN-SHAPE \| CONFORMANCE_SKIP \| no denied client/);
    expect(formatVerdictTable(s)).toContain('Accepted gaps: TOKEN-SHAPE (CONFORMANCE_SKIP)');
  });

  it('skips by operation or section too, and never hides a failure (that takes a waiver)', () => {
    expect(summaryOf({ records: clean(rec('FIND-SSN-FORMAT', 'not-covered', 'x')), selection: { only: [], skip: ['FindCustomer'] } }).exitCode).toBe(0);
    const failed = summaryOf({ records: clean(rec('FIND-SSN-LENGTH', 'failed')), selection: { only: [], skip: ['FIND-SSN-LENGTH'] } });
    expect(failed.exitCode).toBe(1);
    expect(row(failed, 'FIND-SSN-LENGTH').acceptedGap).toBeUndefined();
  });

  it('lets a waiver accept a not-covered gap: 0, the row stays not covered and names the waiver', () => {
    const s = summaryOf({ records: clean(gap), waivers: [waiver] });
    expect(s).toMatchObject({ verdict: 'pass', exitCode: 0, unchecked: [] });
    expect(row(s, 'TOKEN-SHAPE')).toMatchObject({ status: 'not-covered', acceptedGap: 'waiver', waiver });
    expect(s.waivers.applied).toEqual([waiver]);
    expect(s.waivers.unused).toEqual([]);
    expect(renderMarkdown(s)).toContain('| TOKEN-SHAPE | waiver of partner-api-team until 2099-12-31: no denied client in this sandbox yet |');
    expect(formatVerdictTable(s)).toContain('Accepted gaps: TOKEN-SHAPE (waiver)');
  });

  it('takes the production profile\'s skip as consent, not a gap', () => {
    expect(summaryOf({ records: clean(rec('ENROLL-SUCCESS', 'skipped-by-profile', 'TARGET_PROFILE=production')) }).exitCode).toBe(0);
  });

  it('treats what a narrowed run (suite files, -t, --shard) never recorded as not selected; a recorded gap still counts', () => {
    const narrowed = { only: [], filters: ['suites/find-customer.conformance.ts'] };
    const s = summaryOf({ records: clean().filter((r) => r.requirement !== 'TOKEN-SHAPE'), selection: narrowed });
    expect(s).toMatchObject({ exitCode: 0 });
    expect(row(s, 'TOKEN-SHAPE').status).toBe('not-selected');
    expect(renderMarkdown(s)).toContain('| TOKEN-SHAPE | not-selected | outside the suites this run was narrowed to (suites/find-customer.conformance.ts) |');
    expect(summaryOf({ records: clean(gap), selection: narrowed }).exitCode).toBe(4);
  });
});
