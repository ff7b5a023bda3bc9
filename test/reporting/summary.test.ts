import { describe, expect, it } from 'vitest';
import { requirements } from '../../contract/requirements.js';
import { operations } from '../../contract/operations.js';
import { buildSummary } from '../../reporting/summary.js';
import { responseKey } from '../../reporting/coverage.js';
import { fixedInput, records, summaryOf } from './fixtures.js';

const statusOf = (s: ReturnType<typeof summaryOf>, id: string) => s.requirements.find((r) => r.id === id)?.status;

describe('buildSummary', () => {
  it('gives each requirement one row with the status its records earn', () => {
    const s = summaryOf();
    expect(Object.fromEntries(s.requirements.map((r) => [r.id, r.status]))).toEqual({
      'GEN-NO-5XX': 'passed', 'FIND-SSN-LENGTH': 'failed', 'FIND-SSN-FORMAT': 'not-covered', 'FIND-NOT-FOUND': 'observed',
      'HISTORY-PAGING': 'failed', 'FIND-SUCCESS': 'passed', 'ENROLL-SUCCESS': 'skipped-by-profile', 'TOKEN-SHAPE': 'not-covered',
    });
    expect(s.counts).toEqual({ passed: 2, failed: 2, broken: 0, waived: 0, skippedByProfile: 1, partlyChecked: 0, notCovered: 2, notSelected: 0, observed: 1 });
    expect(Object.values(s.counts).reduce((a, b) => a + b, 0)).toBe(s.requirements.length);
  });

  it('never shows a requirement without records as passed, over the whole contract', () => {
    const s = buildSummary({ ...fixedInput(), records: [], requirements, operations });
    expect(s.requirements).toHaveLength(requirements.length);
    expect(new Set(s.requirements.map((r) => r.status))).toEqual(new Set(['not-covered']));
    expect(s.counts.passed).toBe(0);
    // A gate never passes what it did not check: documented rows left unchecked end the run with 4.
    expect(s).toMatchObject({ verdict: 'incomplete', exitCode: 4 });
  });

  it('fails on a documented failure with exit 1, but not on an ambiguous one', () => {
    expect(summaryOf()).toMatchObject({ verdict: 'fail', exitCode: 1 });
    // The documented rows no record covers are accepted as gaps, so only the ambiguous failure is left.
    const onlyAmbiguous = summaryOf({ records: records.filter((r) => r.requirement !== 'FIND-SSN-LENGTH'), selection: { only: [], skip: ['FIND-SSN-LENGTH', 'FIND-SSN-FORMAT', 'TOKEN-SHAPE'] } });
    expect(onlyAmbiguous).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(statusOf(onlyAmbiguous, 'HISTORY-PAGING')).toBe('failed');
  });

  it('blocks on the generic GEN-NO-5XX although its severity is unspecified', () => {
    const s = summaryOf({ records: [{ requirement: 'GEN-NO-5XX', status: 'failed', suite: 's', property: 'p' }] });
    expect(s.requirements[0]).toMatchObject({ status: 'failed', blocking: true });
    expect(s.exitCode).toBe(1);
  });

  it('ranks failed over broken over passed, and a broken run exits 3', () => {
    const rec = (status: 'passed' | 'broken' | 'failed') => ({ requirement: 'TOKEN-SHAPE', status, suite: 's', property: 'p', reason: `${status} here` });
    expect(statusOf(summaryOf({ records: [rec('passed'), rec('broken')] }), 'TOKEN-SHAPE')).toBe('broken');
    expect(statusOf(summaryOf({ records: [rec('broken'), rec('failed')] }), 'TOKEN-SHAPE')).toBe('failed');
    const broken = summaryOf({ records: [rec('passed'), rec('broken')] });
    expect(broken).toMatchObject({ verdict: 'inconclusive', exitCode: 3 });
    expect(broken.requirements.find((r) => r.id === 'TOKEN-SHAPE')?.reasons).toEqual(['broken here']);
    expect(summaryOf({ records: [], incomplete: 'target unreachable' }).exitCode).toBe(3);
  });

  it('deduplicates findings by dedupKey and keeps the first reproduction', () => {
    const row = summaryOf().requirements.find((r) => r.id === 'FIND-SSN-LENGTH');
    expect(row?.findings).toHaveLength(1);
    expect(row?.findings[0]).toMatchObject({ occurrences: 2, reproduction: { path: '3:0' } });
    expect(row?.checks).toEqual(['statusMatches', 'validationKeyNamesField']);
  });

  it('marks requirements outside CONFORMANCE_ONLY as not selected, unless something recorded them', () => {
    const s = summaryOf({ selection: { only: ['FindCustomer'] } });
    expect(statusOf(s, 'TOKEN-SHAPE')).toBe('not-selected');
    expect(statusOf(s, 'FIND-SSN-FORMAT')).toBe('not-covered');
    expect(statusOf(s, 'GEN-NO-5XX')).toBe('passed');
  });

  it('lists observed behaviour with its decision', () => {
    expect(summaryOf().observed).toEqual([{ requirement: 'FIND-NOT-FOUND', decisions: ['D8'], observed: '422 CUSTOMER_NOT_FOUND', suite: 'find-customer' }]);
  });

  it('lists a reading once, however many cases noted it (issue 30: FIND-NOT-FOUND twice, one sentence repeated)', () => {
    const note = (reason: string) => ({ requirement: 'FIND-NOT-FOUND', status: 'observed' as const, suite: 'business-errors', property: 'p', reason });
    const s = summaryOf({ records: [note('no match answers 422'), note('no match answers 422; no match answers 422')] });
    expect(s.observed).toEqual([{ requirement: 'FIND-NOT-FOUND', decisions: ['D8'], observed: 'no match answers 422', suite: 'business-errors' }]);
  });

  it('fills the checks column from the catalogue of the checks that judge each requirement', () => {
    const s = summaryOf({ checksOf: (id) => (id === 'TOKEN-SHAPE' ? ['tokenShape'] : []) });
    expect(s.requirements.find((r) => r.id === 'TOKEN-SHAPE')?.checks).toEqual(['tokenShape']);
    expect(s.requirements.find((r) => r.id === 'FIND-SSN-LENGTH')?.checks).toEqual(['statusMatches', 'validationKeyNamesField']);
  });

  it('marks each documented response observed or not, and names undocumented ones', () => {
    const c = summaryOf().responseCoverage;
    expect(c.rows.map((r) => [r.key, r.observed])).toEqual([
      ['FindCustomer 200 success', true], ['FindCustomer 422 CUSTOMER_NOT_FOUND', false], ['FindCustomer 400 VALIDATION', true],
    ]);
    expect(c).toMatchObject({ documented: 3, observed: 2, undocumentedSeen: ['FindCustomer 500 NONE'] });
    expect([responseKey('FindCustomer', 200), responseKey('FindCustomer', 400), responseKey('FindCustomer', 422, 'CUSTOMER_NOT_FOUND')])
      .toEqual(['FindCustomer 200 success', 'FindCustomer 400 VALIDATION', 'FindCustomer 422 CUSTOMER_NOT_FOUND']);
  });

  it('reports a record naming a requirement the contract lacks', () => {
    const s = summaryOf({ records: [{ requirement: 'NOPE-1', status: 'passed', suite: 's', property: 'p' }] });
    expect(s.unknownRequirements).toEqual(['NOPE-1']);
    expect(s.requirements.at(-1)).toMatchObject({ id: 'NOPE-1', section: 'Not in contract' });
  });
});
