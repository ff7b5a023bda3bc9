import type { Finding } from '../checks/finding.js';
import { clientRequirement } from '../contract/client-requirements.js';
import type { Redactor } from '../client/redaction.js';
import { formatExchangeDetail } from '../client/exchange-text.js';
import type { Grade } from '../certification/grades/index.js';
import { evidenceWriter } from '../certification/evidence.js';
import type { Observation } from '../certification/observations.js';
import type { RecordedFinding, ResultRecord } from '../reporting/result.js';
import { redactStrings } from '../reporting/recorder.js';
import type { AuditEntry } from './entries.js';
import type { JudgedEntry } from './server/judge-traffic.js';

/**
 * The audit's verdicts as the result records a run writes (reporting/result.ts), so the run's
 * summary, junit and certificate render them. A failure names the entry that shows it: its index
 * in the file, its time, its method and URL; the first exchange of each distinct finding is shown
 * in full (redacted). Passes are counted per requirement and operation, not recorded per exchange.
 */
export const serverSuite = 'audit: server';
export const clientSuite = 'audit: client';

/** `log.entries[12] (2026-11-25T13:47:59.188Z POST /api/v1/partners/find-customer → 400)` */
export function pointer(e: AuditEntry, redactor: Redactor): string {
  const { request, response, transportError } = e.exchange;
  const url = new URL(request.url);
  const query = Object.keys(request.query).length ? `?${new URLSearchParams(request.query)}` : '';
  const answer = response ? String(response.status) : transportError ? transportError.code : 'no answer';
  return redactor.redact(`log.entries[${e.index}] (${new Date(e.startedAt).toISOString()} ${request.method} ${url.pathname}${query} → ${answer})`);
}

const clean = (findings: readonly Finding[], redactor: Redactor): RecordedFinding[] =>
  redactStrings([...new Map(findings.map((f) => [f.dedupKey, f])).values()], (t) => redactor.redact(t)) as RecordedFinding[];

/** Every entry a finding (by dedupKey) was raised on, in order. */
function entriesByFinding(judged: readonly JudgedEntry[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const { entry, outcome } of judged)
    for (const f of outcome.findings) {
      const list = out.get(f.dedupKey);
      if (!list) out.set(f.dedupKey, [entry.index]);
      else if (list[list.length - 1] !== entry.index) list.push(entry.index);
    }
  return out;
}

/** `the same finding in 14 entries: log.entries[3], [17], ... and 4 more` */
function alsoIn(findings: readonly RecordedFinding[], seenIn: ReadonlyMap<string, number[]>, entry: AuditEntry): string[] {
  const shownAt = 10;
  const indexes = [...new Set(findings.flatMap((f) => seenIn.get(f.dedupKey) ?? []))].sort((a, b) => a - b);
  if (indexes.length <= 1) return [];
  const list = indexes.slice(0, shownAt).map((i) => (i === entry.index ? `[${i}] (this one)` : `[${i}]`)).join(', ');
  return [`the same finding in ${indexes.length} entries: log.entries${list}${indexes.length > shownAt ? ` and ${indexes.length - shownAt} more` : ''}`];
}

export function serverRecords(judged: readonly JudgedEntry[], redactor: Redactor): ResultRecord[] {
  const records: ResultRecord[] = [];
  const passes = new Map<string, { requirement: string; operation: string; check: string; count: number; responses: Set<string> }>();
  const observed = new Map<string, ResultRecord>();
  const shown = new Set<string>();
  const seenIn = entriesByFinding(judged);
  for (const { entry, outcome, checks } of judged) {
    if (outcome.broken) continue;
    const operation = entry.exchange.request.operation;
    const failing = new Set<string>([...outcome.findings.map((f) => f.requirement), ...(outcome.findings.length ? outcome.failsWith ?? [] : [])]);
    for (const requirement of outcome.checked) {
      if (failing.has(requirement)) continue;
      const check = [...(checks.get(requirement) ?? [])].sort().join(', ');
      const key = `${requirement}|${operation}|${check}`;
      const pass = passes.get(key) ?? { requirement, operation, check, count: 0, responses: new Set<string>() };
      pass.count += 1;
      for (const r of outcome.responsesSeen ?? []) pass.responses.add(r);
      passes.set(key, pass);
    }
    for (const requirement of failing) {
      const own = outcome.findings.filter((f) => f.requirement === requirement);
      const findings = clean(own.length ? own : outcome.findings, redactor);
      const first = findings.some((f) => !shown.has(f.dedupKey));
      findings.forEach((f) => shown.add(f.dedupKey));
      records.push({
        requirement, status: 'failed', suite: serverSuite, property: operation, operation, findings,
        reproduction: { counterexample: pointer(entry, redactor), ...(first ? { steps: [formatExchangeDetail(entry.exchange, redactor), ...alsoIn(findings, seenIn, entry)] } : {}) },
        ...(outcome.responsesSeen ? { responsesSeen: outcome.responsesSeen } : {}),
      });
    }
    for (const [requirement, note] of Object.entries(outcome.observed ?? {})) {
      if (!note) continue;
      const reason = redactor.redact(note.replace(/ \(D37: observed, not failed\)$/, ' (observed, not failed: the recording cannot show the target state)'));
      observed.set(`${requirement}|${reason}`, { requirement, status: 'observed', suite: serverSuite, property: operation, operation, reason });
    }
  }
  for (const p of passes.values())
    records.push({ requirement: p.requirement, status: 'passed', suite: serverSuite, property: `${p.operation}: ${p.count} exchange(s)`, operation: p.operation, ...(p.check ? { check: p.check } : {}), responsesSeen: [...p.responses] });
  return [...records, ...observed.values()];
}

/** The grades of certify-client's code as records: a failure with the exchanges that show it, a row no exchange gave occasion for not seen. */
export function clientRecords(grades: readonly Grade[], observations: readonly Observation[], entries: readonly AuditEntry[], redactor: Redactor, secrets: readonly string[]): ResultRecord[] {
  const writer = evidenceWriter(observations, secrets, observations[0]?.at ?? 0);
  // Observations are numbered in the order the requests left; the report names entries of the file.
  const recognised = entries.filter((e) => e.recognised.kind !== 'other');
  const line = (o: Observation) => {
    const e = recognised[o.seq]!;
    // The sandbox's words for a planned answer mean nothing in recorded traffic.
    return writer.line(o).replace(/^#\d+ \+[0-9.]+s /, `${pointer(e, redactor)}: `).replace(/ \(planned: [A-Z_]+\)$/, '').replace(/ → (\d{3}) NONE/, ' → $1');
  };
  return grades.map((g): ResultRecord => {
    const base = { requirement: g.id, suite: clientSuite, property: g.id };
    if (g.status === 'not-covered') return { ...base, status: 'not-covered', reason: `not seen in this traffic: ${redactor.redact(g.reason)}` };
    if (g.status === 'passed') return { ...base, status: 'passed' };
    const q = clientRequirement(g.id);
    const reason = redactor.redact(g.reason);
    const evidence = [...new Map(g.evidence.map((o) => [o.seq, o])).values()].sort((a, b) => a.seq - b.seq);
    const finding: RecordedFinding = {
      check: 'gradeClient', requirement: g.id, severity: q.severity, title: q.text,
      message: `Received: ${reason}; documented: ${q.text} (${q.basis})`, dedupKey: `gradeClient|${g.id}|${reason}`,
    };
    const first = evidence[0];
    return {
      ...base, status: 'failed', findings: [finding],
      reproduction: { ...(first ? { counterexample: pointer(recognised[first.seq]!, redactor) } : {}), steps: evidence.map(line) },
    };
  });
}
