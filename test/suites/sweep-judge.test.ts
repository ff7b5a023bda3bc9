import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trafficDir, withAudit } from '../../bin/sweep-audit.js';
import { har } from '../audit/traffic.js';
import type { RequirementRow, RowStatus, Summary } from '../../reporting/model.js';
import { readingCatalogue } from '../../reference/readings.js';
import { judgeRun } from '../../bin/sweep-judge.js';
import { chanceToSee, parseSeeds, rareSeedCount, replayCommand, SweepConfigError, sweepPlan, sweepSettings } from '../../bin/sweep-plan.js';

/** A fabricated summary: only what the judge reads is filled in. */
function summaryOf(rows: ReadonlyArray<Partial<RequirementRow> & { id: string; status: RowStatus }>, verdictReasons: string[] = []): Summary {
  const requirements = rows.map((r) => ({ blocking: true, findings: [], reasons: [], ...r }));
  return { requirements, verdictReasons } as unknown as Summary;
}

const historyGaps = ['HISTORY-ORDER', 'HISTORY-TOTAL'];
const finding = { check: 'statusMatches', requirement: 'FIND-SUCCESS', severity: 'documented', title: 'Status is not the documented one', message: 'Received 201; documented 200', dedupKey: 'k', occurrences: 3, reproduction: { replay: 'CONFORMANCE_SEED=4 CONFORMANCE_PATH=2:0 npm run conformance' } };

describe('judging one sweep run', () => {
  it('calls a run with a failed row a false alarm, naming the row, its first finding and the case replay', () => {
    const judgement = judgeRun(1, summaryOf([{ id: 'ENROLL-SUCCESS', status: 'passed' }, { id: 'FIND-SUCCESS', status: 'failed', findings: [finding] as never }]));
    expect(judgement.clean).toBe(false);
    expect(judgement.rows).toEqual([{ id: 'FIND-SUCCESS', status: 'failed', title: finding.title, message: finding.message, replay: finding.reproduction.replay }]);
    expect(judgement.problems.join(' ')).toMatch(/FIND-SUCCESS/);
  });

  it('calls a failed non-blocking row a false alarm even when the run exits 0', () => {
    expect(judgeRun(0, summaryOf([{ id: 'ERR-SHAPE', status: 'failed', blocking: false }])).clean).toBe(false);
  });

  it('calls broken and waived rows false alarms, quoting a broken row\'s reason when it has no finding', () => {
    const judgement = judgeRun(3, summaryOf([{ id: 'TOKEN-OK', status: 'broken', reasons: ['socket hang up'] }, { id: 'FIND-SUCCESS', status: 'waived' }]));
    expect(judgement.clean).toBe(false);
    expect(judgement.rows.map((r) => [r.id, r.status, r.title])).toEqual([['TOKEN-OK', 'broken', 'socket hang up'], ['FIND-SUCCESS', 'waived', '(no finding recorded)']]);
  });

  it('is clean on exit 0 with every row passed or observed', () => {
    expect(judgeRun(0, summaryOf([{ id: 'A', status: 'passed' }, { id: 'B', status: 'observed' }]))).toEqual({ clean: true, problems: [], rows: [] });
  });

  it('is clean on exit 4 when exactly the group\'s gaps are left unchecked', () => {
    const rows = summaryOf([{ id: 'A', status: 'passed' }, ...historyGaps.map((id) => ({ id, status: 'not-covered' as const }))]);
    expect(judgeRun(4, rows, historyGaps).clean).toBe(true);
  });

  it('is not clean on exit 4 with another gap, or with a gap of the group missing', () => {
    const extra = summaryOf([...historyGaps, 'FIND-SUCCESS'].map((id) => ({ id, status: 'not-covered' as const })));
    expect(judgeRun(4, extra, historyGaps).problems.join(' ')).toMatch(/FIND-SUCCESS/);
    expect(judgeRun(4, summaryOf([{ id: 'FIND-SUCCESS', status: 'not-covered' }])).clean).toBe(false);
    const fewer = summaryOf([{ id: 'HISTORY-ORDER', status: 'not-covered' }, { id: 'HISTORY-TOTAL', status: 'passed' }]);
    expect(judgeRun(4, fewer, historyGaps).problems.join(' ')).toMatch(/HISTORY-TOTAL should read not-covered/);
  });

  it('owes no gap a narrowed run did not select (CONFORMANCE_ONLY), and still calls a selected one that passed blind', () => {
    const narrowed = summaryOf([{ id: 'OWNERSHIP-CARDS', status: 'passed' }, { id: 'HISTORY-ORDER', status: 'not-selected' }, { id: 'HISTORY-TOTAL', status: 'not-selected' }]);
    expect(judgeRun(0, narrowed, historyGaps).clean).toBe(true);
    const blind = summaryOf([{ id: 'HISTORY-ORDER', status: 'not-selected' }, { id: 'HISTORY-TOTAL', status: 'passed' }]);
    const judgement = judgeRun(0, blind, historyGaps);
    expect(judgement.clean).toBe(false);
    expect(judgement.problems.join(' ')).toContain('HISTORY-TOTAL should read not-covered');
    expect(judgeRun(4, summaryOf([{ id: 'HISTORY-ORDER', status: 'not-selected' }, { id: 'HISTORY-TOTAL', status: 'not-covered' }]), historyGaps).clean).toBe(true);
  });

  it('is not clean on exit 1, 3 or a run that wrote no summary', () => {
    expect(judgeRun(1, summaryOf([], ['An expired waiver.'])).problems).toEqual(['exit 1: An expired waiver.']);
    expect(judgeRun(3, summaryOf([])).clean).toBe(false);
    expect(judgeRun(0, undefined).problems[0]).toMatch(/no summary\.json/);
  });
});

describe('planning the sweep', () => {
  it('reads SWEEP_SEEDS as a count from 1, a list, or ranges; refuses anything else with a typed error', () => {
    expect(parseSeeds(undefined)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(parseSeeds('3')).toEqual([1, 2, 3]);
    expect(parseSeeds('3,17,99')).toEqual([3, 17, 99]);
    expect(parseSeeds('42,')).toEqual([42]);
    expect(parseSeeds('11-13,20')).toEqual([11, 12, 13, 20]);
    for (const bad of ['0', 'ten', '5-2', ',', '1;2']) expect(() => parseSeeds(bad), bad).toThrow(SweepConfigError);
  });

  it('switches every catalogued reading on in some run of every seed, next to one run with none and one under chaos', () => {
    const plan = sweepPlan([5, 6]);
    for (const seed of [5, 6]) {
      const runs = plan.filter((p) => p.seed === seed);
      expect(runs.filter((p) => p.readings.length === 0).map((p) => `${p.group} ${p.chaos ?? '-'}`)).toEqual(['defaults -', 'chaos 0.01']);
      expect(new Set(runs.flatMap((p) => p.readings))).toEqual(new Set(readingCatalogue.map((r) => r.name)));
    }
  });

  it('SWEEP_GROUPS runs only the groups it names, and refuses an unknown name naming the known ones', () => {
    const settings = sweepSettings({ SWEEP_SEEDS: '4,', SWEEP_GROUPS: 'history-none, chaos' }, 1);
    expect(sweepPlan(settings.seeds, settings.mode, settings.groups).map((p) => `${p.seed}-${p.group}`)).toEqual(['4-history-none', '4-chaos']);
    expect(() => sweepSettings({ SWEEP_GROUPS: 'defaults,nightly' }, 1)).toThrow(/SWEEP_GROUPS must name groups among defaults, .*chaos, received "defaults,nightly"/);
    expect(sweepSettings({}, 1).groups).toBeUndefined();
  });

  it('writes a replay command with the run\'s readings, seed and the settings it passed on', () => {
    const item = { seed: 7, group: 'history-none', readings: ['history-none'], notCovered: [] };
    expect(replayCommand(item, { runs: 30 }, { CONFORMANCE_SEQUENCES: '5' }))
      .toBe('REFERENCE_READINGS=history-none CONFORMANCE_SEED=7 CONFORMANCE_RUNS=30 CONFORMANCE_SEQUENCES=5 npm run conformance');
    expect(replayCommand({ ...item, group: 'defaults', readings: [] }, {})).toBe('CONFORMANCE_SEED=7 npm run conformance');
    expect(replayCommand({ ...item, group: 'chaos', readings: [], chaos: '0.01' }, {})).toBe('REFERENCE_CHAOS=0.01 CONFORMANCE_SEED=7 npm run conformance');
  });

  it('--rare: plain runs only, 60 random different seeds by default, enough to see a one-in-25 false alarm 9 times in 10', () => {
    const settings = sweepSettings({}, 1, 'rare');
    expect(settings.seeds).toHaveLength(rareSeedCount);
    expect(new Set(settings.seeds).size).toBe(rareSeedCount);
    for (const seed of settings.seeds) expect(seed).toBeGreaterThan(0);
    const plan = sweepPlan(settings.seeds, settings.mode);
    expect(plan.every((p) => p.group === 'defaults' && p.readings.length === 0 && p.chaos === undefined)).toBe(true);
    expect(chanceToSee(1 / 25, plan.length)).toBeGreaterThan(0.9);
    expect(sweepSettings({ SWEEP_SEEDS: '75' }, 1, 'rare').seeds).toHaveLength(75);
    expect(sweepSettings({ SWEEP_SEEDS: '3,17' }, 1, 'rare').seeds).toEqual([3, 17]);
    expect(() => sweepSettings({ SWEEP_SEEDS: 'ten' }, 1, 'rare')).toThrow(SweepConfigError);
  });
});

describe('SWEEP_AUDIT: the audit judges each run\'s traffic', () => {
  it('is on by default, off with 0, and refuses anything else naming the variable', () => {
    expect(sweepSettings({}, 1).audit).toBe(true);
    expect(sweepSettings({ SWEEP_AUDIT: '0' }, 1).audit).toBe(false);
    expect(() => sweepSettings({ SWEEP_AUDIT: 'yes' }, 1)).toThrow(/SWEEP_AUDIT must be 0 \(skip\) or 1 .*received "yes"/);
  });

  it('turns a clean run into a false alarm when the audit of its traffic finds something, and keeps that recording; a clean audit removes it', () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'pc-sweep-audit-'));
    mkdirSync(trafficDir(reportDir));
    // A FindCustomer answered 500: GEN-NO-5XX in the audit, whatever the run's own summary said.
    writeFileSync(join(trafficDir(reportDir), 'traffic.har'), JSON.stringify(har([{ op: 'FindCustomer', at: 0, body: { ssn: '123456789', dateOfBirth: '1990-01-15' }, status: 500 }])));
    const judged = withAudit(judgeRun(0, summaryOf([{ id: 'FIND-SUCCESS', status: 'passed' }])), reportDir);
    expect(judged.clean).toBe(false);
    expect(judged.problems.join('\n')).toMatch(/audit of the run's traffic: GEN-NO-5XX failed/);
    // An audit-only alarm can depend on timing and not come back: its recording is the one way to read it.
    expect(existsSync(join(trafficDir(reportDir), 'traffic.har'))).toBe(true);
    expect(existsSync(join(reportDir, 'audit', 'summary.json'))).toBe(true);
    const cleanDir = mkdtempSync(join(tmpdir(), 'pc-sweep-audit-'));
    mkdirSync(trafficDir(cleanDir));
    writeFileSync(join(trafficDir(cleanDir), 'traffic.har'), JSON.stringify(har([{ op: 'FindCustomer', at: 0, body: { ssn: '123456789', dateOfBirth: '1990-01-15' }, status: 404, reply: { title: 'x' } }])));
    expect(withAudit(judgeRun(0, summaryOf([{ id: 'FIND-SUCCESS', status: 'passed' }])), cleanDir).clean).toBe(true);
    expect(existsSync(trafficDir(cleanDir))).toBe(false);
  });
});
