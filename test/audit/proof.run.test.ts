import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultCatalogue } from '../../reference/faults/index.js';
import { switchedFaults, type TestSource } from '../reference/switched-faults.js';
import { expectAuditClean, runRecorded } from '../support/audited-run.js';
import { auditSees } from './visibility.js';

/**
 * Issue 23 item 5 and its goal: a run against the embedded reference records its own traffic
 * (CONFORMANCE_RECORD_TRAFFIC), the audit judges the recording, and both reach the same findings
 * for every oracle that needs no knowledge of the generator. Since issue 28 the fault self-tests'
 * own runs are the recorded runs: test/support/audited-run.ts proves the audit on each (every fault
 * the exchanges alone show fails the same requirement in the audit as in the run, every row the
 * run failed by an oracle the audit runs fails in the audit too), and readings.run.test.ts proves
 * the audit finds nothing on every reading group. What is left here: that every fault is known,
 * that each one the audit sees is switched on where a run is audited, and a clean default run.
 */
const auditingHelpers = /from '(\.\.\/support\/(audited-run|fault-proof)|\.\/stateful-support)\.js'/;
const sourcesIn = (dirs: readonly string[], keep: (text: string) => boolean = () => true): TestSource[] =>
  dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.ts')).map((f) => ({ fileName: join(d, f), text: readFileSync(join(d, f), 'utf8') })))
    .filter((s) => keep(s.text));

describe('an audit of a run\'s own traffic reaches the run\'s findings', () => {
  it('knows of every fault of the catalogue whether the exchanges alone show it', () => {
    expect(Object.keys(auditSees).sort()).toEqual(faultCatalogue.map((f) => f.name).sort());
  });

  it('switches every fault the exchanges show on in a self-test whose runs are audited', () => {
    const audited = sourcesIn(['test/suites', 'test/resilience', 'test/reporting'], (text) => auditingHelpers.test(text))
      .filter((s) => s.fileName.endsWith('.test.ts'));
    const helpers = sourcesIn(['test/support', 'test/suites'], (text) => !/\bdescribe\(/.test(text));
    const switched = switchedFaults(audited, new Set(faultCatalogue.map((f) => f.name)), helpers);
    expect(Object.keys(auditSees).filter((f) => auditSees[f] === true && !switched.has(f))).toEqual([]);
  });

  it('clean traffic of a default run: no finding, and every row the run passed is passed or left out as not judgeable from traffic', async () => {
    const run = await runRecorded({ runs: null });
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    expectAuditClean(run, true);
  }, 300_000);
});
