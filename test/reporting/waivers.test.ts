import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isExpired, loadWaivers, parseWaivers, WaiversError, type Waiver } from '../../reporting/waivers.js';
import { summaryOf } from './fixtures.js';

const waiver: Waiver = { requirement: 'FIND-SSN-LENGTH', reason: 'partner fix in release 4.2', owner: 'api-team', expires: '2030-01-31' };
const problemsOf = (content: unknown): string[] => {
  try {
    parseWaivers(content);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(WaiversError);
    expect((e as WaiversError).code).toBe('WAIVERS_INVALID');
    return (e as WaiversError).problems.map((p) => `${p.path} ${p.message}${p.received ? ` ${p.received}` : ''}`);
  }
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('waivers', () => {
  it('accepts the checked-in waivers.json', () => {
    expect(loadWaivers({})).toEqual([]);
  });

  it('lists every problem of a bad file at once', () => {
    expect(problemsOf({ waivers: [{ ...waiver, requirement: 'NOPE', expires: '2030-02-30' }, { ...waiver, owner: ' ' }, waiver, { requirement: 'TOKEN-SHAPE' }] })).toMatchInlineSnapshot(`
      [
        "waivers[0].requirement must name a requirement id of contract/requirements.ts "NOPE"",
        "waivers[0].expires must be a real calendar date "2030-02-30"",
        "waivers[1].owner must name who owns the fix """,
        "waivers[3].reason is required",
        "waivers[3].owner is required",
        "waivers[3].expires is required",
      ]
    `);
    expect(problemsOf({ waivers: [waiver, waiver] })).toEqual(['waivers[1].requirement is waived twice "FIND-SSN-LENGTH"']);
    expect(problemsOf([])).toHaveLength(1);
  });

  it('fails loading when WAIVERS_FILE names a missing or non-JSON file', () => {
    const d = (dir = mkdtempSync(join(tmpdir(), 'waivers-')));
    expect(() => loadWaivers({ WAIVERS_FILE: join(d, 'none.json') })).toThrow(/does not exist/);
    writeFileSync(join(d, 'bad.json'), '{');
    expect(() => loadWaivers({ WAIVERS_FILE: join(d, 'bad.json') })).toThrow(WaiversError);
    writeFileSync(join(d, 'ok.json'), JSON.stringify({ waivers: [waiver] }));
    expect(loadWaivers({ WAIVERS_FILE: join(d, 'ok.json') })).toEqual([waiver]);
  });

  it('holds through its expires day (UTC) and expires the day after', () => {
    expect(isExpired(waiver, new Date('2030-01-31T23:59:59Z'))).toBe(false);
    expect(isExpired(waiver, new Date('2030-02-01T00:00:00Z'))).toBe(true);
  });

  it('reports a waived failure as waived, neither passed nor failed', () => {
    // The fixture's rows no record covers are accepted as gaps: only the waiver decides the verdict here.
    const s = summaryOf({ waivers: [waiver], selection: { only: [], skip: ['FIND-SSN-FORMAT', 'TOKEN-SHAPE'] } });
    expect(s.requirements.find((r) => r.id === 'FIND-SSN-LENGTH')).toMatchObject({ status: 'waived', waiver });
    expect(s).toMatchObject({ verdict: 'pass', exitCode: 0, counts: { waived: 1, failed: 1 } });
    expect(s.waivers.applied).toEqual([waiver]);
  });

  it('accepts a not-covered gap as well: the row stays not covered and is listed as an accepted gap', () => {
    const s = summaryOf({ records: [], waivers: [{ ...waiver, requirement: 'TOKEN-SHAPE' }], selection: { only: [], skip: ['FindCustomer', 'ENROLL-SUCCESS', 'GEN-NO-5XX'] } });
    expect(s.requirements.find((r) => r.id === 'TOKEN-SHAPE')).toMatchObject({ status: 'not-covered', acceptedGap: 'waiver' });
    expect(s).toMatchObject({ exitCode: 0, acceptedGaps: expect.arrayContaining([{ requirement: 'TOKEN-SHAPE', by: 'waiver', reasons: [] }]) });
    expect(s.waivers.unused).toEqual([]);
  });

  it('fails the run on an expired waiver and says which one', () => {
    const s = summaryOf({ waivers: [waiver], now: new Date('2030-02-01T08:00:00Z') });
    expect(s.requirements.find((r) => r.id === 'FIND-SSN-LENGTH')?.status).toBe('failed');
    const unused = summaryOf({ records: [], waivers: [waiver], now: new Date('2030-02-01T08:00:00Z') });
    expect(unused).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(unused.verdictReasons[0]).toBe('The waiver for FIND-SSN-LENGTH (owner api-team) expired on 2030-01-31.');
    expect(unused.waivers.expired).toEqual([waiver]);
  });
});
