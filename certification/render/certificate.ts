import { certificateCss } from '../../reporting/certificate-style.js';
import { esc, evidenceAnchor, section, statusBadge, table, type Html } from '../../reporting/certificate-html.js';
import { coverageLine, type ClientReport } from '../report.js';
import { gradeAsRow } from './junit.js';

/** Exit codes of certify-client in words, for a reader who never saw the command line. */
export const clientExitWords: Readonly<Record<number, string>> = {
  0: 'Certified: every graded requirement held, and the client was shown every planned response.',
  1: 'Not certified: the client broke a graded requirement.',
  3: 'Not conclusive: the client stopped short (it ended with an error or a signal).',
  4: 'Not conclusive: the client was not shown every planned response, and no one accepted the gap.',
};

export interface ClientCertificateRun {
  readonly harnessVersion: string;
  readonly requirementLink: (id: string) => string;
}

function grades(r: ClientReport, run: ClientCertificateRun): Html {
  return table(['Requirement', 'What is graded', 'Rests on', 'Status', 'Why'], r.grades.map((g) => [
    `<a href="${esc(run.requirementLink(g.id))}">${esc(g.id)}</a>`, esc(g.text), esc(g.basis), statusBadge(gradeAsRow(g)),
    g.evidence.length ? `${esc(g.reason)} <a href="#${evidenceAnchor(g.id)}">evidence</a>` : esc(g.reason),
  ]), ['id', '', '', '', '']);
}

function evidence(r: ClientReport): Html {
  const rows = r.grades.filter((g) => g.evidence.length > 0);
  if (rows.length === 0) return '<p>No exchange to show.</p>';
  return rows.map((g) => `<div class="evidence" id="${evidenceAnchor(g.id)}"><h3>${esc(g.id)} ${statusBadge(gradeAsRow(g))}</h3><p>${esc(g.reason)}</p><pre>${esc(g.evidence.join('\n'))}</pre></div>`).join('\n');
}

function responses(r: ClientReport): Html {
  const state = (x: ClientReport['coverage']['rows'][number]): Html =>
    x.shown === 0 ? (x.accepted ? 'not shown (accepted)' : '<strong>not shown</strong>') : x.handled ? 'handled' : '<strong>not handled</strong>';
  return table(['Response', 'Class', 'Times shown', 'Handled'], r.coverage.rows.map((x) => [esc(x.id), esc(x.class), String(x.shown), state(x)])) +
    (r.coverage.notCalled.length ? `<p class="muted">Operations the client never called (not counted): ${esc(r.coverage.notCalled.join(', '))}.</p>` : '') +
    '<h3>What "handled" means</h3>' + table(['Class', 'Handled when'], Object.entries(r.coverage.handledMeans).map(([k, v]) => [esc(k), esc(v)]));
}

/** client-certificate.html: one self-contained page, in the style of the conformance certificate. */
export function renderClientCertificate(r: ClientReport, run: ClientCertificateRun): string {
  const pass = r.exitCode === 0;
  const facts: Array<[string, string]> = [
    ['Sandbox', r.sandbox.baseUrl], ['Client', r.client ? `${r.client.command} (ended ${r.client.signal ? `by ${r.client.signal}` : `with exit code ${r.client.exitCode}`})` : 'run outside the sandbox'],
    ['Date', `${r.startedAt} to ${r.finishedAt}`], ['Seed', String(r.seed)],
    ['Plan', `${r.plan.source}: ${r.plan.description ?? ''} (${r.plan.answeredCalls} answered calls)`],
    ['Exchanges observed', String(r.exchanges)], ['Harness version', `partner-conformance ${run.harnessVersion}`],
  ];
  const body = [
    `<h1>Partner client certificate</h1><p class="subtitle">How a partner's client handled every documented response of the check cashing partner API, judged by partner-conformance ${esc(run.harnessVersion)}</p>`,
    `<div class="verdict ${pass ? 'pass' : 'fail'}" id="verdict"><div class="word">${pass ? 'CERTIFIED' : 'NOT CERTIFIED'} <span class="words">(exit code ${r.exitCode})</span></div>` +
      `<div class="words">${esc(clientExitWords[r.exitCode] ?? `Exit code ${r.exitCode}.`)}</div>` +
      `<div class="words">${esc(coverageLine(r.coverage))}.</div>` +
      (r.verdictReasons.length ? `<ul>${r.verdictReasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '') + '</div>',
    table(['', ''], facts.map(([k, v]) => [`<strong>${esc(k)}</strong>`, esc(v)]), [], 'facts', false),
    table(['passed', 'failed', 'not covered'], [[r.counts.passed, r.counts.failed, r.counts.notCovered].map(String)], [], 'counts'),
    section('Graded requirements', grades(r, run)),
    section('Evidence (exchanges as the sandbox saw them, secrets and personal data masked)', evidence(r)),
    section(`Responses shown: ${coverageLine(r.coverage)}`, responses(r)),
    `<footer>Generated ${esc(r.finishedAt)} from the sandbox's observations. A grade the client gave no occasion for is "not covered", never passed.</footer>`,
  ];
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Client certificate: ${pass ? 'CERTIFIED' : 'NOT CERTIFIED'} (exit ${r.exitCode})</title><style>${certificateCss}</style></head>\n<body>\n${body.join('\n')}\n</body></html>\n`;
}
