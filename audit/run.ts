import type { Summary } from '../reporting/model.js';
import { gradeClientSide } from './client-side.js';
import { toAuditEntry, type AuditEntry } from './entries.js';
import { readTraffic } from './input/read.js';
import { clientRecords, serverRecords } from './records.js';
import { trafficRedactor } from './redaction.js';
import { buildAuditSummary, writeAuditReports, type AuditExitCode, type TrafficFacts } from './report.js';
import { judgeServer } from './server/judge-traffic.js';
import { Book } from './state/book.js';

/**
 * `partner-conformance audit`: recorded traffic in, the run's verdicts and reports out, nothing
 * sent. Reads the file, puts the exchanges in the order their requests left, judges the server
 * side with the run's oracles and the client side with certify-client's grades, and writes the
 * reports as a run does (summary.json/.md, junit.xml, certificate.html).
 */
export interface AuditOptions {
  readonly file: string;
  readonly reportDir: string;
  readonly requireCoverage?: boolean;
  readonly server?: boolean;
  readonly client?: boolean;
  /** {auth_url}, when token requests are not recognisable by their form. */
  readonly tokenUrl?: string;
  /** CLIENT-RATE: requests per second the operator allows. */
  readonly maxRate?: number;
}

export interface AuditResult {
  readonly exitCode: AuditExitCode;
  readonly summary: Summary;
  readonly facts: TrafficFacts;
  readonly files: readonly string[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

function notesOf(entries: readonly AuditEntry[], book: Book): string[] {
  const ours = entries.filter((e) => e.recognised.kind !== 'other');
  const bodiless = ours.filter((e) => !e.bodyRecorded).length;
  return [
    ...(ours.length === 0 ? [`no exchange of the partner interface was recognised among the ${entries.length} entries: check the file, or name the token endpoint with --token-url`] : []),
    ...(bodiless ? [`${bodiless} response(s) without their body (the exporter did not keep it): judged by status and headers only`] : []),
    ...(ours.some((e) => e.recognised.kind === 'partner') && !book.authorizationRecorded ? ['no partner call carries an Authorization header (a sanitized export strips it): the bearer rules are not judged'] : []),
  ];
}

function factsOf(source: string, format: string, entries: readonly AuditEntry[], sides: TrafficFacts['sides'], notes: readonly string[]): TrafficFacts {
  const partner = entries.filter((e) => e.recognised.kind === 'partner');
  const times = entries.map((e) => e.startedAt);
  return {
    source, format, entries: entries.length, partner: partner.length,
    token: entries.filter((e) => e.recognised.kind === 'token').length,
    other: entries.filter((e) => e.recognised.kind === 'other').length,
    unanswered: entries.filter((e) => e.recognised.kind !== 'other' && !e.exchange.response).length,
    hosts: [...new Set(partner.map((e) => new URL(e.exchange.request.url).origin))].sort(),
    ...(times.length ? { from: iso(times.reduce((a, b) => Math.min(a, b))), to: iso(times.reduce((a, b) => Math.max(a, b))) } : {}),
    sides, notes,
  };
}

/** Throws AuditInputError when the file cannot be read (exit 2). */
export function runAudit(options: AuditOptions): AuditResult {
  const startedAt = new Date();
  const traffic = readTraffic(options.file);
  const recognise = options.tokenUrl ? { tokenUrl: options.tokenUrl } : {};
  const entries = traffic.entries.map((e, i) => toAuditEntry(e, i, recognise)).sort((a, b) => a.startedAt - b.startedAt || a.index - b.index);
  const book = new Book(entries);
  const redactor = trafficRedactor(entries, book);
  const sides = { server: options.server ?? true, client: options.client ?? true };
  const records = [];
  if (sides.server) records.push(...serverRecords(judgeServer(entries, book), redactor));
  const clientLeftOut: string[] = [];
  if (sides.client) {
    const client = gradeClientSide(entries, options.maxRate ? { maxRate: options.maxRate } : {});
    records.push(...clientRecords(client.grades.filter((g) => g.id !== 'CLIENT-RATE' || options.maxRate), client.observations, entries, redactor, [...book.clientSecrets]));
    if (!options.maxRate) clientLeftOut.push('CLIENT-RATE');
  }
  const format = traffic.format === 'har' ? `HAR${traffic.creator ? ` written by ${traffic.creator}` : ''}` : 'the harness\'s raw exchange records';
  const facts = factsOf(traffic.source, format, entries, sides, notesOf(entries, book));
  const calls = new Set(entries.map((e) => e.exchange.request.operation));
  const { summary, exitCode } = buildAuditSummary({ records, facts, startedAt, finishedAt: new Date(), requireCoverage: options.requireCoverage ?? false, clientLeftOut }, calls);
  const files = writeAuditReports(summary, facts, options.reportDir);
  return { exitCode, summary, facts, files };
}
