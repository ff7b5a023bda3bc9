import type { ReportedFinding, RequirementRow, Summary } from '../../reporting/model.js';
import { renderJunit } from '../../reporting/junit.js';
import { verdictText } from '../../reporting/verdict.js';
import { harnessVersion } from '../../reporting/package.js';
import type { ClientReport, GradeRow } from '../report.js';

/** A grade as a report row of the conformance model, so the harness's own writers print it. */
export function gradeAsRow(g: GradeRow): RequirementRow {
  const finding: ReportedFinding = {
    check: 'certify-client', requirement: g.id, severity: g.severity, title: 'Client requirement not met',
    message: g.reason, dedupKey: g.id, occurrences: 1, reproduction: { steps: g.evidence },
  };
  return {
    id: g.id, section: g.section, severity: g.severity, text: g.text, status: g.status, blocking: true,
    checks: ['certify-client'], suites: ['certify-client'],
    findings: g.status === 'failed' ? [finding] : [], reasons: g.status === 'not-covered' ? [g.reason] : [],
  };
}

/** client-junit.xml: one testsuite per interface section, one testcase per grade (reporting/junit.ts). */
export function renderClientJunit(r: ClientReport): string {
  const rows = r.grades.map(gradeAsRow);
  const summary: Summary = {
    schemaVersion: 1, verdict: verdictText(r.exitCode).verdict, nextStep: verdictText(r.exitCode).nextStep, exitCode: r.exitCode, verdictReasons: r.verdictReasons,
    startedAt: r.startedAt, finishedAt: r.finishedAt, durationMs: r.durationMs,
    target: { baseUrl: r.sandbox.baseUrl, kind: 'certification sandbox' }, selection: { only: [] },
    run: { harnessVersion, replay: 'npm run certify-client' },
    counts: { passed: r.counts.passed, failed: r.counts.failed, notCovered: r.counts.notCovered, partlyChecked: 0, broken: 0, waived: 0, skippedByProfile: 0, notSelected: 0, observed: 0 },
    requirements: rows, observed: [],
    responseCoverage: {
      documented: r.coverage.documented.total, observed: r.coverage.documented.shown, undocumentedSeen: [],
      rows: r.coverage.rows.filter((x) => x.documented).map((x) => ({ key: x.id, operation: x.operation, status: typeof x.status === 'number' ? x.status : 0, code: x.code, observed: x.shown > 0 })),
    },
    waivers: { applied: [], expired: [], unused: [] }, acceptedGaps: [], unchecked: [], unknownRequirements: [],
  };
  return renderJunit(summary).replace('<testsuites name="partner-conformance"', '<testsuites name="partner-conformance certify-client"');
}
