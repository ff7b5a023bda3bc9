import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../client/redaction.js';
import { readResults, ResultSink } from '../../reporting/recorder.js';
import type { ResultRecord } from '../../reporting/result.js';

/**
 * ResultSink.record is the one place a record's text is redacted (DESIGN.md "Redaction"): every
 * string of the record, member names of evidence included, but not the reproduction, which the
 * client's formatters and the runner built redacted.
 */
const ssn = '323456789';
const token = 'tok-9f8e7d6c5b4a';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function sinkWith(redact: (text: string) => string): ResultSink {
  dir = mkdtempSync(join(tmpdir(), 'sink-'));
  return new ResultSink({ reportDir: dir, redact });
}

const failed: ResultRecord = {
  requirement: 'NO-SECRET-ECHO', status: 'failed', suite: 's', property: 'p', check: 'noSecretEcho',
  findings: [{
    check: 'noSecretEcho', requirement: 'NO-SECRET-ECHO', severity: 'documented', title: `Echoed ${token}`,
    message: `Received "${ssn}" in x-ssn`, evidence: { header: { [ssn]: [token] }, length: 9 }, dedupKey: `k|${ssn}`,
  }],
  reproduction: { seed: Number(ssn), replay: 'CONFORMANCE_SEED=1 npm run conformance', curl: "curl --data-raw '{\"ssn\":\"[ssn:***]\"}'", steps: ['POST /x → 400'] },
};

describe('ResultSink redacts a record once, with the worker\'s redactor', () => {
  it('masks every string of the record it learnt, member names included; numbers stay numbers', () => {
    const redactor = new Redactor();
    redactor.learn(ssn, 'ssn');
    redactor.learn(token, 'accessToken');
    const sink = sinkWith((t) => redactor.redact(t));
    sink.record(failed);
    sink.record({ requirement: 'FIND-NOT-FOUND', status: 'observed', suite: 's', property: 'p', reason: `422 for ${ssn}` });
    const line = readFileSync(sink.file, 'utf8');
    expect(line).not.toContain(token);
    // Once, as the seed's number: nowhere as text.
    expect(line.match(/(?<!\d)323456789(?!\d)/g)).toHaveLength(1);
    const [f, observed] = readResults(dir!);
    expect(f?.findings?.[0]).toMatchObject({
      title: 'Echoed [accessToken:***]', message: 'Received "[ssn:***]" in x-ssn',
      evidence: { header: { '[ssn:***]': ['[accessToken:***]'] }, length: 9 }, dedupKey: 'k|[ssn:***]',
    });
    expect(f?.reproduction?.seed).toBe(323456789);
    expect(observed?.reason).toBe('422 for [ssn:***]');
  });

  it('keeps member names that are plain words even when such a word was learnt as a value (the record stays readable)', () => {
    const redactor = new Redactor();
    // A value the harness sent in a sensitive member that happens to be a schema word (seed 36, group blind-a).
    redactor.learn('property', 'cardNumber');
    const sink = sinkWith((t) => redactor.redact(t));
    sink.record({ requirement: 'FIND-SUCCESS', status: 'passed', suite: 's', property: 'a property named property' });
    const [record] = readResults(dir!);
    expect(record).toMatchObject({ requirement: 'FIND-SUCCESS', status: 'passed', property: 'a [cardNumber:***] named [cardNumber:***]' });
  });

  it('never passes the reproduction through a second time', () => {
    const seen: string[] = [];
    const sink = sinkWith((t) => (seen.push(t), t));
    sink.record(failed);
    expect(seen).toEqual(expect.arrayContaining([failed.findings![0]!.message, 'noSecretEcho']));
    const reproductionText = [failed.reproduction!.replay!, failed.reproduction!.curl!, ...failed.reproduction!.steps!];
    expect(seen.filter((t) => reproductionText.some((r) => t.includes(r)))).toEqual([]);
    expect(readResults(dir!)[0]?.reproduction).toEqual(failed.reproduction);
  });
});
