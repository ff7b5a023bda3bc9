import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BaselineError, compareBaseline, loadBaseline, type PreviousRun } from '../../reporting/baseline.js';
import { summaryOf } from './fixtures.js';

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
      newFailures: ['HISTORY-PAGING'], fixed: ['GEN-NO-5XX'], stillFailing: ['FIND-SSN-LENGTH'], notRechecked: ['TOKEN-SHAPE', 'GONE-1'],
    });
  });

  it('reads a previous summary.json back from a path, as written by this run', () => {
    dir = mkdtempSync(join(tmpdir(), 'baseline-'));
    const file = join(dir, 'summary.json');
    writeFileSync(file, JSON.stringify(summaryOf()));
    return loadBaseline(file).then((run) => {
      expect(compareBaseline(run, summaryOf().requirements)).toMatchObject({ newFailures: [], fixed: [], stillFailing: ['FIND-SSN-LENGTH', 'HISTORY-PAGING'] });
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
});
