import { sectionOrder } from '../contract/catalogue.js';
import { certificateCss } from './certificate-style.js';
import { esc, evidenceAnchor, section, statusBadge, table, type Html } from './certificate-html.js';
import type { ReportedFinding, RequirementRow, Summary } from './model.js';
import { footprintDetail, footprintHeadline } from './footprint-text.js';
import { leftOutByReason, operatorCoverageLine } from './operator-coverage.js';
import { healthHeader, healthLines, healthRows } from './health-text.js';
import { verdictHeadline, verdictText } from './verdict.js';

/** What the certificate says about the run beyond the summary: who ran what, with which seed. */
export interface CertificateRun {
  readonly seed?: number;
  readonly profile?: string;
  readonly harnessVersion: string;
  /** Link from the certificate to a requirement's catalogue entry (docs/requirements.md). */
  readonly requirementLink: (id: string) => string;
  /** A page other than a run's (partner-conformance audit): its heading, facts and words for the exit codes. */
  readonly title?: string;
  readonly subtitle?: string;
  readonly facts?: ReadonlyArray<readonly [string, string]>;
  readonly exitWords?: Readonly<Record<number, string>>;
  readonly footer?: string;
}

/** Exit codes in words, for a reader who never saw the command line (reporting/verdict.ts). */
export const exitCodeWords: Readonly<Record<number, string>> = {
  ...Object.fromEntries(([0, 1, 3, 4] as const).map((code) => [code, `${verdictText(code).word}: ${verdictText(code).meaning} ${verdictText(code).nextStep}`])),
  2: 'NOT RUN: the configuration was invalid; nothing was sent.',
};

const evidenceCell = (r: RequirementRow): Html =>
  r.findings.length ? `<a href="#${evidenceAnchor(r.id)}">${r.findings.length} finding${r.findings.length > 1 ? 's' : ''}</a>`
    : r.reasons.length ? `<span class="muted">${r.status === 'partly-checked' ? 'Unchecked part: ' : ''}${esc(r.reasons.join('; '))}</span>` : '';

function sectionTables(s: Summary, run: CertificateRun): Html {
  const sections = [...new Set(s.requirements.map((r) => r.section))].sort(sectionOrder);
  return sections.map((name) => {
    const rows = s.requirements.filter((r) => r.section === name);
    const failing = rows.filter((r) => r.status === 'failed' || r.status === 'broken').length;
    return `<h3>${esc(name)} <span class="muted">(${rows.length} requirement${rows.length > 1 ? 's' : ''}${failing ? `, ${failing} failing` : ''})</span></h3>` +
      table(['Requirement', 'What is checked', 'Severity', 'Status', 'Evidence'], rows.map((r) => [
        `<a href="${esc(run.requirementLink(r.id))}">${esc(r.id)}</a>`, esc(r.text), esc(r.severity), statusBadge(r), evidenceCell(r),
      ]), ['id', '', '', '', '']);
  }).join('\n');
}

function findingHtml(f: ReportedFinding): Html {
  const rep = f.reproduction;
  return `<p><strong>${esc(f.title)}</strong> <span class="muted">(${esc(f.check)}, ${esc(f.severity)}${f.occurrences > 1 ? `, ${f.occurrences} occurrences` : ''})</span><br>${esc(f.message)}</p>` +
    (rep?.counterexample ? `<p>Counterexample: <code>${esc(rep.counterexample)}</code></p>` : '') +
    (rep?.replay ? `<p>Replay:</p><pre>${esc(rep.replay)}</pre>` : '') +
    (rep?.curl ? `<p>curl:</p><pre>${esc(rep.curl)}</pre>` : '');
}

function evidence(s: Summary, run: CertificateRun): Html {
  const rows = s.requirements.filter((r) => r.findings.length > 0);
  if (rows.length === 0) return '<p>No finding was raised.</p>';
  return rows.map((r) => `<div class="evidence" id="${evidenceAnchor(r.id)}"><h3><a href="${esc(run.requirementLink(r.id))}">${esc(r.id)}</a> ${statusBadge(r)}</h3><p class="muted">${esc(r.text)}</p>${r.findings.map(findingHtml).join('')}</div>`).join('\n');
}

function gapsAndWaivers(s: Summary): Html {
  const gaps = s.acceptedGaps;
  const waivers = [...s.waivers.applied.map((w) => ({ ...w, state: 'applied' })), ...s.waivers.expired.map((w) => ({ ...w, state: 'EXPIRED' })), ...s.waivers.unused.map((w) => ({ ...w, state: 'not needed' }))];
  return (waivers.length ? table(['Requirement', 'Owner', 'Expires', 'State', 'Reason'], waivers.map((w) => [esc(w.requirement), esc(w.owner), esc(w.expires), esc(w.state), esc(w.reason)])) : '<p>No waiver.</p>') +
    (s.unchecked.length ? `<p><strong>Documented requirements left unchecked, in whole or in part, that no one accepted (exit 4):</strong> ${s.unchecked.map((id) => `${esc(id)}${s.requirements.find((r) => r.id === id)?.status === 'partly-checked' ? ' (partly checked)' : ''}`).join(', ')}.</p>` : '') +
    (gaps.length ? `<p>Documented requirements left unchecked with the user's consent:</p>${table(['Requirement', 'Accepted by', 'Why not checked'], gaps.map((g) => [esc(g.requirement), esc(g.by), esc(g.reasons.join('; ') || 'not run')]))}` : '<p>No accepted gap.</p>');
}

/** reports/certificate.html: one self-contained page a go-live board can read, print or save as PDF. */
export function renderCertificate(s: Summary, run: CertificateRun): string {
  const c = s.counts;
  const cov = s.responseCoverage;
  const facts: ReadonlyArray<readonly [string, string]> = run.facts ?? [
    ['Target', `${s.target.baseUrl} (${s.target.kind})${s.target.via ? `; ${s.target.via}` : ''}`], ['Profile', run.profile ?? 'not recorded'],
    ['Date', `${s.startedAt} to ${s.finishedAt}`], ['Seed', run.seed === undefined ? 'not recorded' : String(run.seed)],
    ['Harness version', `partner-conformance ${run.harnessVersion}`],
    ...(s.run ? [['Replay', s.run.replay] as const] : []),
    ['Selection', [s.selection.only.length ? s.selection.only.join(', ') : 'everything',
      ...(s.selection.skip?.length ? [`skipping ${s.selection.skip.join(', ')}`] : []),
      ...(s.selection.filters?.length ? [`suites narrowed by ${s.selection.filters.join(' ')}`] : [])].join('; ')],
  ];
  const body = [
    `<h1>${esc(run.title ?? 'Go-live conformance certificate')}</h1><p class="subtitle">${esc(run.subtitle ?? `Check cashing partner API, judged by partner-conformance ${run.harnessVersion}`)}</p>`,
    `<div class="verdict ${s.verdict}" id="verdict"><div class="word">${verdictText(s.exitCode).word} <span class="words">(exit code ${s.exitCode})</span></div>` +
      `<div class="words">${esc((run.exitWords ?? exitCodeWords)[s.exitCode] ?? `Exit code ${s.exitCode}.`)}</div>` +
      (s.verdictReasons.length ? `<ul>${s.verdictReasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '') + '</div>',
    table(['', ''], facts.map(([k, v]) => [`<strong>${esc(k)}</strong>`, esc(v)]), [], 'facts', false),
    table(['passed', 'partly checked', 'failed', 'broken', 'waived', 'observed only', 'not covered', 'skipped by profile', 'not selected'],
      [[c.passed, c.partlyChecked, c.failed, c.broken, c.waived, c.observed, c.notCovered, c.skippedByProfile, c.notSelected].map(String)], [], 'counts'),
    section('Requirements by interface section', sectionTables(s, run)),
    section('Evidence of failures', evidence(s, run)),
    section(`Ambiguous points: the reading the target showed (${s.observed.length})`, s.observed.length
      ? table(['Requirement', 'Decisions', 'The target showed'], s.observed.map((o) => [`<a href="${esc(run.requirementLink(o.requirement))}">${esc(o.requirement)}</a>`, esc(o.decisions.join(', ')), esc(o.observed)]))
      : '<p>None recorded.</p>'),
    section(`Documented responses observed: ${cov.observed} of ${cov.documented}`,
      table(['Operation', 'Status', 'Code', 'Observed'], cov.rows.map((r) => [esc(r.operation), String(r.status), esc(r.code), r.observed ? 'yes' : '<strong>no</strong>']))),
    ...(s.operatorCoverage ? [section(`Operator coverage: ${operatorCoverageLine(s.operatorCoverage)}`,
      table(['Family', 'Pairs sent', 'Pairs that apply'], s.operatorCoverage.families.map((f) => [esc(f.family), String(f.sent), String(f.applicable)])) +
      (s.operatorCoverage.leftOut.length
        ? leftOutByReason(s.operatorCoverage).map((g) => `<p>Left out (${esc(g.why)}): ${esc(g.pairs.map((p) => `${p.operator} in ${p.cell}`).join(', '))}.</p>`).join('')
        : '<p>Every applicable operator x cell pair was sent.</p>'))] : []),
    section('Accepted gaps and waivers', gapsAndWaivers(s)),
    section('Target health: transient faults', s.health
      ? `${healthLines(s.health).map((l) => `<p>${esc(l)}</p>`).join('')}${s.health.rows.length ? table([...healthHeader], healthRows(s.health).map((r) => r.map(esc))) : ''}`
      : '<p>The target showed no transient fault (no 429, 503, connection cut off or timeout).</p>'),
    section('Footprint on the target', s.footprint
      ? `<p>${esc(footprintHeadline(s.footprint))}.</p>${footprintDetail(s.footprint).map((l) => `<p>${esc(l)}</p>`).join('')}`
      : '<p>Not recorded (nothing was written, or the run stopped before the suites).</p>'),
    `<footer>${run.footer ? esc(run.footer) : `Generated ${esc(s.finishedAt)} from the run's result records.`} Requirement ids link to the requirement catalogue of the harness, copied beside this page (docs/requirements.md), so the links hold wherever the reports are moved.</footer>`,
  ];
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(run.title ?? 'Conformance certificate')}: ${verdictHeadline(s.exitCode)}</title><style>${certificateCss}</style></head>\n<body>\n${body.join('\n')}\n</body></html>\n`;
}
