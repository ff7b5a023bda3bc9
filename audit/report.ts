import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientRequirements } from '../contract/client-requirements.js';
import { operations, requirements, type Requirement } from '../contract/index.js';
import { clientRequirementLinker } from '../certification/write.js';
import type { RequirementRow, Summary } from '../reporting/model.js';
import { harnessVersion, requirementLinker } from '../reporting/package.js';
import type { ResultRecord } from '../reporting/result.js';
import { buildSummary } from '../reporting/summary.js';
import { verdictText } from '../reporting/verdict.js';
import { renderCertificate, renderJunit, renderMarkdown } from '../reporting/write.js';
import { clientNeeds, notJudgedFromTraffic } from './coverage.js';

/** Exit codes of an audit: 0 no violation, 1 a violation, 2 an unreadable file (decided before), 4 rows not seen with --require-coverage. */
export type AuditExitCode = 0 | 1 | 4;

/** What the reports say about the recording itself. */
export interface TrafficFacts {
  readonly source: string;
  readonly format: string;
  readonly entries: number;
  readonly partner: number;
  readonly token: number;
  readonly other: number;
  /** Entries with no answer (status 0): not judged. */
  readonly unanswered: number;
  readonly hosts: readonly string[];
  /** What the recording lacks that limits the judging (bodies left out, Authorization stripped, nothing of this interface). */
  readonly notes: readonly string[];
  readonly from?: string;
  readonly to?: string;
  readonly sides: { readonly server: boolean; readonly client: boolean };
}

export interface AuditReportInput {
  readonly records: readonly ResultRecord[];
  readonly facts: TrafficFacts;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  /** --require-coverage: rows the traffic never exercised make the audit exit 4. */
  readonly requireCoverage: boolean;
  /** Client rows left out for want of a setting (CLIENT-RATE without --max-rate). */
  readonly clientLeftOut: readonly string[];
}

export const exitWords: Readonly<Record<number, string>> = {
  0: 'No violation: every row the traffic exercised held. Rows it never exercised are listed as not seen, never passed.',
  1: 'Violation: the recorded traffic shows a blocking requirement broken.',
  4: 'Not conclusive: rows the traffic could show were never exercised, and complete coverage was asked for (--require-coverage).',
};

const notSeen = 'not seen in this traffic';

/** The rows of this audit: the contract's for the server side, certify-client's for the client side. */
function rowsOf(sides: TrafficFacts['sides']): Requirement[] {
  return [...(sides.server ? requirements : []), ...(sides.client ? clientRequirements : [])];
}

function leftOutReason(id: string): string | undefined {
  return (notJudgedFromTraffic as Record<string, string | undefined>)[id] ?? clientNeeds[id];
}

/** Why a row nothing exercised: the operation never called, else the occasion never arose. */
function unseenReason(row: RequirementRow, calls: ReadonlySet<string>): string {
  if (row.operation && !calls.has(row.operation)) return `${notSeen}: no ${row.operation} call`;
  return `${notSeen}: no exchange gave occasion to judge it`;
}

export function buildAuditSummary(input: AuditReportInput, calls: ReadonlySet<string>): { summary: Summary; exitCode: AuditExitCode } {
  const rows = rowsOf(input.facts.sides);
  const leftOut = new Set([...rows.filter((q) => leftOutReason(q.id)).map((q) => q.id), ...input.clientLeftOut]);
  const built = buildSummary({
    records: input.records, requirements: rows, operations,
    selection: { only: rows.filter((q) => !leftOut.has(q.id)).map((q) => q.id) },
    startedAt: input.startedAt, finishedAt: input.finishedAt,
    target: { baseUrl: input.facts.hosts.join(', ') || '(no partner call)', kind: `recorded traffic, ${input.facts.source}` },
    waivers: [],
  });
  const requirementsOut = built.requirements.map((r): RequirementRow => {
    if (r.status === 'not-selected') return { ...r, reasons: [`not judged from recorded traffic: ${leftOutReason(r.id) ?? 'needs a setting of the audit'}`] };
    if (r.status === 'not-covered' && r.reasons.length === 0) return { ...r, reasons: [unseenReason(r, calls)] };
    return r;
  });
  const failed = requirementsOut.filter((r) => r.status === 'failed' && r.blocking);
  const advisory = requirementsOut.filter((r) => r.status === 'failed' && !r.blocking);
  const unseen = requirementsOut.filter((r) => r.status === 'not-covered');
  const unchecked = input.requireCoverage ? unseen.filter((r) => r.blocking).map((r) => r.id) : [];
  const exitCode: AuditExitCode = failed.length ? 1 : unchecked.length ? 4 : 0;
  const verdictReasons = [
    ...(failed.length ? [`${failed.length} blocking requirement(s) broken in the recorded traffic: ${failed.map((r) => r.id).join(', ')}.`] : []),
    ...(advisory.length ? [`${advisory.length} advisory requirement(s) broken (they do not fail the audit): ${advisory.map((r) => r.id).join(', ')}.`] : []),
    ...(unseen.length ? [`${unseen.length} requirement(s) ${notSeen}${input.requireCoverage ? ` (${unchecked.length} of them documented or standard, so the audit exits 4: --require-coverage)` : ' (listed in the report; --require-coverage makes the documented and standard ones exit 4)'}.`] : []),
  ];
  const summary: Summary = {
    ...built, requirements: requirementsOut, exitCode: exitCode as Summary['exitCode'], verdict: verdictText(exitCode).verdict, nextStep: verdictText(exitCode).nextStep,
    verdictReasons, unchecked, selection: { only: [], skip: [], filters: [] },
    run: { harnessVersion, replay: `npm run audit-traffic -- ${input.facts.source}` },
  };
  return { summary, exitCode };
}

function preface(f: TrafficFacts, s: Summary): string[] {
  const unseen = s.requirements.filter((r) => r.status === 'not-covered').map((r) => r.id);
  const sides = [f.sides.server ? 'the server side (the target\'s answers, the requests against the field rules, the state rules where the traffic shows the sequence)' : '', f.sides.client ? 'the client side (certify-client\'s grades)' : ''].filter(Boolean).join(' and ');
  return [
    '## Audited traffic', '',
    `${f.source} (${f.format}): ${f.entries} entries${f.from ? ` from ${f.from} to ${f.to}` : ''}: ${f.partner} partner call(s), ${f.token} token request(s), ${f.other} other (not this interface, not judged)${f.unanswered ? `, ${f.unanswered} without an answer (not judged)` : ''}. Nothing was sent.`, '',
    ...f.notes.flatMap((n) => [`Note: ${n}`, '']),
    `Judged: ${sides}. Every finding names the entry that shows it (log.entries[i], its time, method and URL). Rows no exchange gave occasion to judge are "${notSeen}", never passed; rows a recording cannot decide are left out, with what would decide them.`,
    ...(unseen.length ? ['', `Not seen in this traffic (${unseen.length}): ${unseen.join(', ')}.`] : []),
  ];
}

/** The link of a requirement id to its catalogue: the contract's, or certify-client's for CLIENT-* rows. */
function linker(reportDir: string): (id: string) => string {
  const contract = requirementLinker(reportDir);
  const client = clientRequirementLinker(reportDir);
  return (id) => (id.startsWith('CLIENT-') ? client(id) : contract(id));
}

/** summary.json/.md, junit.xml and certificate.html of the audit; returns the paths. Every text came redacted. */
export function writeAuditReports(summary: Summary, facts: TrafficFacts, reportDir: string): string[] {
  mkdirSync(reportDir, { recursive: true });
  const requirementLink = linker(reportDir);
  const files: Array<[string, string]> = [
    ['summary.json', `${JSON.stringify({ ...summary, traffic: facts }, null, 2)}\n`],
    ['summary.md', renderMarkdown(summary, { requirementLink, title: 'Traffic audit', preface: preface(facts, summary), leftOut: '', notCovered: notSeen })],
    ['junit.xml', renderJunit(summary)],
    ['certificate.html', renderCertificate(summary, {
      harnessVersion, requirementLink, title: 'Traffic audit certificate', exitWords,
      subtitle: `Recorded traffic of the check cashing partner API, judged by partner-conformance ${harnessVersion}; nothing was sent`,
      facts: [
        ['Traffic', `${facts.source} (${facts.format})`], ['Entries', `${facts.entries}: ${facts.partner} partner call(s), ${facts.token} token request(s), ${facts.other} other`],
        ['Recorded', facts.from ? `${facts.from} to ${facts.to}` : 'no time recorded'], ['Target', summary.target.baseUrl],
        ['Judged', [facts.sides.server ? 'server side' : '', facts.sides.client ? 'client side' : ''].filter(Boolean).join(' and ')],
        ['Harness version', `partner-conformance ${harnessVersion}`],
      ],
      footer: `Generated ${summary.finishedAt} from recorded traffic; not seen means the traffic gave no occasion, never passed.`,
    })],
  ];
  return files.map(([name, content]) => {
    const path = join(reportDir, name);
    writeFileSync(path, content, 'utf8');
    return path;
  });
}
