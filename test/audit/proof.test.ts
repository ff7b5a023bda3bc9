import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditOracles, notJudgedFromTraffic } from '../../audit/coverage.js';
import { runAudit, type AuditResult } from '../../audit/run.js';
import { faultCatalogue } from '../../reference/faults/index.js';
import { readingGroups } from '../../reference/reading-groups.js';
import type { Summary } from '../../reporting/model.js';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';
import { auditSees } from './visibility.js';

/**
 * Issue 23 item 5 and its goal: a run against the embedded reference records its own traffic
 * (CONFORMANCE_RECORD_TRAFFIC), the audit judges the recording, and both reach the same findings
 * for every oracle that needs no knowledge of the generator. Clean traffic gives no finding; on a
 * faulted reference every fault an oracle can see in the exchanges alone fails the same requirement
 * in the audit as in the run, and every row the run failed by an oracle the audit runs fails in the
 * audit too. Groups are the fault self-tests' own (faults that do not hide each other).
 */
interface Recorded { readonly run: ConformanceRun; readonly audit: AuditResult }

async function recordAndAudit(faults: readonly string[], suites: readonly string[], only?: readonly string[], env: Record<string, string> = {}): Promise<Recorded> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-audit-proof-'));
  const traffic = join(dir, 'traffic');
  const run = await runConformance({
    faults, ...(suites.length ? { args: suites.map((s) => `suites/${s}.conformance.ts`) } : {}), ...(only ? { only } : {}),
    runs: null, env: { ...env, CONFORMANCE_RECORD_TRAFFIC: traffic },
  });
  expect(run.stdout).toMatch(/Traffic: \d+ exchanges recorded in .*traffic\.har \(unmasked/);
  return { run, audit: runAudit({ file: traffic, reportDir: join(dir, 'audit'), client: false }) };
}

const failed = (s: Summary | undefined) => new Set((s?.requirements ?? []).filter((r) => r.status === 'failed').map((r) => r.id));
const leftOut = new Set(Object.keys(notJudgedFromTraffic));
const oracles = new Set<string>(auditOracles);

/** Rows the run failed by an oracle the audit runs, on a requirement the audit can judge. */
function auditable(run: ConformanceRun): string[] {
  return (run.summary?.requirements ?? [])
    .filter((r) => r.status === 'failed' && !leftOut.has(r.id) && r.findings.some((f) => oracles.has(f.check)))
    .map((r) => r.id).sort();
}

/** Every fault the exchanges alone show, each in a run with the suites that meet it (faults of one run do not hide each other). */
const groups: ReadonlyArray<{ readonly faults: readonly string[]; readonly suites: readonly string[]; readonly only?: readonly string[] }> = [
  // field rules and the Problem members of their answers
  { faults: ['find-ssn-length-unchecked', 'enroll-zip-format-unchecked', 'card-number-max-off-by-one', 'pagesize-unbounded', 'cattr-value-format-unchecked'], suites: ['find-customer', 'enroll-customer', 'add-or-update-card', 'get-transaction-history', 'add-customer-attributes'] },
  { faults: ['problem-status-mismatch', 'problem-instance-wrong', 'problem-type-wrong-rfc', 'key-wrong-prefix'], suites: ['find-customer'] },
  { faults: ['problem-missing-detail', 'validation-wrong-status', 'token-scope-empty', 'token-error-not-rfc'], suites: ['find-customer', 'token'] },
  { faults: ['validation-missing-list', 'cattr-refused-own-code'], suites: ['find-customer', 'add-customer-attributes'] },
  { faults: ['problem-plain-text', 'enroll-customer-id-not-guid'], suites: ['find-customer', 'enroll-customer'] },
  { faults: ['keys-first-only'], suites: ['find-customer'] },
  { faults: ['token-single-use'], suites: ['token'] },
  { faults: ['keys-blame-valid', 'session-not-required'], suites: ['find-customer', 'sessions'] },
  { faults: ['server-error-on-null', 'device-id-not-required'], suites: ['find-customer', 'sessions'] },
  { faults: ['enroll-title-max-off-by-one', 'find-wrong-title'], suites: ['enroll-customer', 'find-customer'], only: ['GEN-VALID-ACCEPTED', 'ERR-TITLE-CODE'] },
  { faults: ['cattr-value-length-unchecked', 'email-local-part-optional', 'empty-min-zero-rejected'], suites: ['add-customer-attributes', 'enroll-customer'] },
  { faults: ['mmddyyyy-slashes-accepted', 'email-domain-optional', 'cattr-value-max-off-by-one'], suites: ['add-customer-attributes', 'enroll-customer'] },
  { faults: ['mmddyyyy-day-unchecked', 'history-unknown-reference-500'], suites: ['add-customer-attributes', 'history'] },
  { faults: ['mmddyyyy-short-year-accepted', 'state-code-unchecked', 'history-unknown-reference-plain-text'], suites: ['add-customer-attributes', 'enroll-customer', 'history'] },
  { faults: ['true-false-digits-accepted', 'session-device-ignored'], suites: ['add-customer-attributes', 'sessions'] },
  { faults: ['auth-denied-wrong-code'], suites: ['authenticate-partner'] },
  { faults: ['true-false-first-letter', 'email-two-at-accepted', 'token-error-quotes-secret', 'token-cacheable'], suites: ['add-customer-attributes', 'enroll-customer', 'token'] },
  { faults: ['cattr-ssn-attribute-optional'], suites: ['add-customer-attributes'] },
  { faults: ['amount-separators-stripped'], suites: ['add-customer-attributes'] },
  { faults: ['count-sign-accepted'], suites: ['add-customer-attributes'] },
  { faults: ['find-ssn-separators-stripped', 'enroll-phone-country-code-dropped', 'guid-dashes-optional', 'text-apostrophe-500', 'number-overflow-500'], suites: ['find-customer', 'enroll-customer', 'get-registered-cards', 'get-transaction-history'] },
  { faults: ['cattr-customer-id-attribute-optional', 'sattr-detail-names-position'], suites: ['add-customer-attributes', 'business-errors'] },
  // error bodies of the generic contract
  { faults: ['bearer-401-plain-text', 'validation-400-with-error-code'], suites: ['bearer', 'find-customer'] },
  { faults: ['invalid-json-500', 'non-json-500', 'delete-unknown-500'], suites: ['business-errors'] },
  { faults: ['invalid-json-plain-text-400', 'bearer-not-required'], suites: ['business-errors', 'bearer'] },
  { faults: ['token-wrong-expires-in', 'bearer-expiry-unchecked'], suites: ['token', 'bearer'] },
  { faults: ['auth-session-header-missing', 'no-www-authenticate'], suites: ['authenticate-partner'] },
  // business outcomes and session attributes
  { faults: ['tcard-bin-not-denied', 'enroll-duplicate-ssn-accepted', 'card-decline-missing-code', 'find-enrolled-missing', 'obo-no-linked-check', 'sattr-both-filters-accepted'], suites: ['business-errors'] },
  { faults: ['leak-ssn-echo', 'sattr-foreign-card-accepted', 'obo-unknown-customer-wrong-status', 'find-no-match-not-found'], suites: ['business-errors'] },
  { faults: ['sattr-wrong-token-400', 'sattr-missing-token-accepted', 'sattr-unknown-name-accepted'], suites: ['business-errors'] },
  { faults: ['sattr-own-number-refused'], suites: ['business-errors'] },
  { faults: ['sattr-account-filter-unchecked', 'sattr-number-filter-unchecked'], suites: ['business-errors'] },
  // state: the stateful suite's own groups
  { faults: ['card-update-new-id', 'obo-no-linked-check'], suites: ['stateful'] },
  { faults: ['card-update-not-stored', 'sattr-both-filters-accepted'], suites: ['stateful'] },
  { faults: ['readd-same-id', 'sattr-foreign-card-accepted'], suites: ['stateful'] },
  { faults: ['card-identical-new-id', 'sattr-before-obo-accepted'], suites: ['stateful'] },
  { faults: ['find-enrolled-missing', 'tcard-update-not-stored', 'obo-tokenized-not-linked'], suites: ['stateful'] },
  { faults: ['cattr-cardless-customer-refused'], suites: ['stateful'] },
  { faults: ['enroll-customer-id-lowercase'], suites: ['business-errors'] },
  { faults: ['delete-card-kept', 'leak-card-number'], suites: ['stateful'] },
  { faults: ['cards-bad-expiration-format'], suites: ['stateful'] },
  { faults: ['cards-stars-for-number-card', 'card-art-not-base64'], suites: ['stateful'] },
  { faults: ['find-customer-id-not-guid', 'card-update-keeps-nickname', 'obo-sso-token-empty'], suites: ['stateful'] },
  // issue 27: a retried or concurrent delete answered 500, and the deviceId of another open session accepted
  { faults: ['delete-deleted-500', 'session-device-any-session'], suites: ['ownership', 'sessions'] },
  { faults: ['delete-check-then-remove'], suites: ['concurrency'] },
  // history pages (the walks need the history suite's own knowledge: not visible)
  { faults: ['history-oldest-first', 'history-page-size-ignored', 'history-paging-gap', 'history-timestamp-offset'], suites: ['history'] },
];

describe('an audit of a run\'s own traffic reaches the run\'s findings', () => {
  it('knows of every fault of the catalogue whether the exchanges alone show it, and proves each it sees below', () => {
    expect(Object.keys(auditSees).sort()).toEqual(faultCatalogue.map((f) => f.name).sort());
    const proven = new Set(groups.flatMap((g) => g.faults));
    expect(Object.keys(auditSees).filter((f) => auditSees[f] === true && !proven.has(f))).toEqual([]);
  });

  it('clean traffic of a default run: no finding, and every row the run passed is passed or left out as not judgeable from traffic', async () => {
    const { run, audit } = await recordAndAudit([], []);
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    const bad = audit.summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.findings[0]?.message} at ${r.findings[0]?.reproduction?.counterexample}`);
    expect(bad).toEqual([]);
    expect(audit.exitCode).toBe(0);
    const passedByRun = (run.summary?.requirements ?? []).filter((r) => r.status === 'passed').map((r) => r.id);
    const auditStatus = new Map(audit.summary.requirements.map((r) => [r.id, r.status]));
    expect(passedByRun.filter((id) => auditStatus.get(id) !== 'passed' && !leftOut.has(id))).toEqual([]);
  }, 300_000);

  // reference/readings.ts: another choice the register allows is never a finding (the sweep's rule, for the audit).
  it.each(readingGroups.map((g) => [g.name, g.readings] as const))('no finding on the conformant readings of %s', async (_name, readings) => {
    const { audit } = await recordAndAudit([], [], undefined, { REFERENCE_READINGS: readings.join(',') });
    expect(audit.summary.requirements.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.findings[0]?.message} at ${r.findings[0]?.reproduction?.counterexample}`)).toEqual([]);
  }, 300_000);

  it.each(groups.map((g) => [g.faults.join(' + '), g] as const))('%s', async (_name, group) => {
    const { run, audit } = await recordAndAudit(group.faults, group.suites, group.only);
    const byRun = failed(run.summary);
    const byAudit = failed(audit.summary);
    for (const fault of group.faults.filter((f) => auditSees[f] === true)) {
      const requirement = faultCatalogue.find((f) => f.name === fault)!.requirement;
      expect([fault, byRun.has(requirement), byAudit.has(requirement)]).toEqual([fault, true, true]);
    }
    expect(auditable(run).filter((id) => !byAudit.has(id))).toEqual([]);
  }, 240_000);
});
