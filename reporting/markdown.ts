import type { ReportedFinding, RequirementRow, Summary } from './model.js';
import { numberedSteps, reproductionParts, type ReproductionPart } from './reproduction.js';
import { footprintDetail, footprintHeadline } from './footprint-text.js';
import { leftOutByReason, operatorCoverageLine, type OperatorCoverage } from './operator-coverage.js';

/** Operator coverage (issue 27): pairs sent of those that apply, per family, and what was left out with why. */
function operatorSection(c: OperatorCoverage): string[] {
  return [
    `## Operator coverage: ${operatorCoverageLine(c)}`, '',
    ...table(['family', 'pairs sent', 'pairs that apply'], c.families.map((f) => [f.family, String(f.sent), String(f.applicable)])), '',
    ...(c.leftOut.length
      ? leftOutByReason(c).flatMap((g) => [`Left out (${g.why}): ${g.pairs.map((p) => `${p.operator} in ${p.cell}`).join(', ')}.`, ''])
      : ['Every applicable operator x cell pair was sent.', '']),
  ];
}
import { healthHeader, healthLines, healthRows } from './health-text.js';
import { groupByCause } from './causes.js';
import { verdictHeadline, verdictText } from './verdict.js';

/** Table cells: one line, pipes escaped. */
const cell = (s: string): string => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const table = (head: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
const fence = (s: string): string[] => ['```', s.replace(/```/g, "'''"), '```'];

/** How a report other than a run's names itself and its gaps (partner-conformance audit); a run's report leaves them unset. */
export interface MarkdownOptions {
  /** Turns each requirement id into a link to its catalogue entry (docs/requirements.md). */
  readonly requirementLink?: (id: string) => string;
  /** The heading before the verdict; default `Conformance report`. */
  readonly title?: string;
  /** Lines after the verdict reasons: what was judged. */
  readonly preface?: readonly string[];
  /** Why a row nothing selected was left out; default the run's (CONFORMANCE_ONLY or suite filters). */
  readonly leftOut?: string;
  /** The status label of a blocking row left unchecked; default `not-covered (unchecked)`. */
  readonly notCovered?: string;
}

const statusWord = (r: RequirementRow): string => (r.status === 'partly-checked' ? 'partly checked' : r.status);
const statusLabel = (r: RequirementRow, o: MarkdownOptions = {}): string =>
  r.status === 'failed' && !r.blocking ? 'failed (advisory)'
    : r.acceptedGap ? `${statusWord(r)} (accepted gap: ${r.acceptedGap})`
    : r.status === 'partly-checked' && r.blocking ? 'partly checked (unchecked part: exit 4)'
    : r.status === 'not-covered' && r.blocking ? o.notCovered ?? 'not-covered (unchecked)' : statusWord(r);

/** Why a row was left out of the run, when no record says. */
const leftOutBecause = (s: Summary, r: RequirementRow, o: MarkdownOptions = {}): string =>
  r.acceptedGap === 'CONFORMANCE_SKIP' ? 'named by CONFORMANCE_SKIP'
    : r.status !== 'not-selected' ? ''
    : o.leftOut ?? (s.selection.filters?.length ? `outside the suites this run was narrowed to (${s.selection.filters.join(' ')})` : 'outside CONFORMANCE_ONLY');

/** Rows that make the run exit 4, and the gaps the user accepted. */
function gaps(s: Summary, idCell: (id: string) => string): string[] {
  const rows = (ids: readonly string[]) => s.requirements.filter((r) => ids.includes(r.id));
  return [
    ...(s.unchecked.length
      ? ['## Unchecked documented requirements (exit 4)', '',
        'Neither checked in full nor accepted. Give the run what the reason names, or accept the gap with CONFORMANCE_SKIP=<id> or a waiver.', '',
        ...table(['requirement', 'section', 'what was left unchecked', 'why not checked'], rows(s.unchecked).map((r) => [idCell(r.id), r.section, r.status === 'partly-checked' ? 'part of it (the rest passed)' : 'all of it', r.reasons.join('; ') || 'no suite recorded a result'])), '']
      : []),
    ...(s.acceptedGaps.length
      ? ['## Accepted gaps', '',
        ...table(['requirement', 'accepted by', 'why not checked'], s.acceptedGaps.map((g) => {
          const w = s.requirements.find((r) => r.id === g.requirement)?.waiver;
          return [idCell(g.requirement), g.by === 'waiver' && w ? `waiver of ${w.owner} until ${w.expires}: ${w.reason}` : g.by, g.reasons.join('; ') || 'not run'];
        })), '']
      : []),
  ];
}

function reproduction(part: ReproductionPart): string[] {
  switch (part.name) {
    case 'replay': case 'curl': return ['', `  ${part.name === 'replay' ? 'Replay' : 'curl'}:`, '', ...fence(part.command).map((l) => `  ${l}`)];
    case 'counterexample': return ['', `  Counterexample: \`${cell(part.text)}\``];
    case 'steps': return ['', '  Steps:', '', ...numberedSteps(part.steps, '     ').map((s) => `  ${s}`)];
  }
}

function finding(f: ReportedFinding): string[] {
  return [
    `- **${f.title}** (\`${f.check}\`, ${f.severity}${f.occurrences > 1 ? `, ${f.occurrences} occurrences` : ''})`,
    `  ${f.message}`,
    ...reproductionParts(f.reproduction).flatMap(reproduction),
  ];
}

function failures(s: Summary, idCell: (id: string) => string, options: MarkdownOptions): string[] {
  const failed = s.requirements.filter((r) => r.status === 'failed' || r.status === 'broken' || r.status === 'waived');
  if (failed.length === 0) return ['No failures.'];
  // Rows broken for one cause are said once, with the count and the first row (reporting/causes.ts).
  const shared = groupByCause(failed.filter((r) => r.status === 'broken' && r.reasons.length > 0), (r) => r.reasons[0]!).filter((c) => c.count > 1);
  const grouped = new Set(shared.flatMap((c) => c.items));
  return [...shared.flatMap((c) => [
    `### ${c.count} requirements broken for one cause (first: ${idCell(c.first.id)})`, '',
    `- ${c.text}`, '', `Broken with it: ${c.items.map((r) => idCell(r.id)).join(', ')}.`, '',
  ]), ...failed.filter((r) => !grouped.has(r)).flatMap((r) => [
    `### ${idCell(r.id)} — ${statusLabel(r, options)}`, '',
    `${r.text} (interface.md § ${r.section}, ${r.severity}${r.blocking ? ', blocking' : ''})`, '',
    ...(r.waiver ? [`Waived until ${r.waiver.expires} by ${r.waiver.owner}: ${r.waiver.reason}`, ''] : []),
    ...r.reasons.map((x) => `- ${x}`),
    ...r.findings.flatMap(finding), '',
  ])];
}

const list = (ids: readonly string[]) => (ids.length ? ids.join(', ') : 'none');

/** The nightly comparison: the verdicts, the seeds and every kind of change, each list named even when empty. */
function baselineSection(b: NonNullable<Summary['baseline']>): string[] {
  return [
    `Baseline ${b.source}${b.previousFinishedAt ? ` (finished ${b.previousFinishedAt})` : ''}: ${b.previousVerdict ?? 'verdict not recorded'} then, ${b.verdict} now; seed ${b.seeds.previous ?? 'not recorded'} then, ${b.seeds.now ?? 'not recorded'} now.`, '',
    `- New failures: ${list(b.newFailures)}${b.newFailuresCame ? ` (they came ${b.newFailuresCame})` : ''}`,
    ...(b.replayPreviousSeed ? [`- Replay them under the previous night's seed: \`${b.replayPreviousSeed}\``] : []),
    `- Fixed: ${list(b.fixed)}`, `- Still failing: ${list(b.stillFailing)}`,
    ...(b.notRechecked.length ? [`- Failing before, not re-checked now: ${list(b.notRechecked)}`] : []),
    `- Newly broken: ${list(b.newlyBroken)}`,
    `- Newly unchecked or partly checked: ${list(b.newlyUnchecked)}`,
    `- Newly checked in full: ${list(b.newlyChecked)}`,
    `- Other status changes: ${b.otherChanges.length ? b.otherChanges.map((c) => `${c.id} ${c.before} → ${c.now}`).join(', ') : 'none'}`,
    `- Readings of ambiguous points that changed: ${b.readingsChanged.length ? b.readingsChanged.map((r) => `${r.requirement} (${r.before.join('; ') || 'none'} → ${r.now.join('; ') || 'none'})`).join(', ') : 'none'}`,
  ];
}

/** summary.md: what a person reads first. */
export function renderMarkdown(s: Summary, options: MarkdownOptions = {}): string {
  const idCell = (id: string): string => (options.requirementLink ? `[${id}](${options.requirementLink(id)})` : id);
  const c = s.counts;
  const left = s.requirements.filter((r) => r.status === 'not-selected' || r.status === 'skipped-by-profile');
  const b = s.baseline;
  const lines = [
    `# ${options.title ?? 'Conformance report'}: ${verdictHeadline(s.exitCode)}`, '',
    `${verdictText(s.exitCode).meaning} ${s.nextStep}`, '',
    `Target ${s.target.baseUrl} (${s.target.kind}${s.target.via ? `; ${s.target.via}` : ''}); ${s.startedAt} to ${s.finishedAt}; selection: ${s.selection.only.length ? s.selection.only.join(', ') : 'everything'}${s.selection.skip?.length ? `, skipping ${s.selection.skip.join(', ')}` : ''}${s.selection.filters?.length ? `, suites narrowed by ${s.selection.filters.join(' ')}` : ''}.`, '',
    ...(s.run ? [`Run: seed ${s.run.seed ?? 'not recorded'}, partner-conformance ${s.run.harnessVersion}, profile ${s.run.profile ?? 'not recorded'}. Replay with the same TARGET_* variables: \`${s.run.replay}\``, ''] : []),
    ...s.verdictReasons.map((r) => `- ${r}`), ...(s.verdictReasons.length ? [''] : []),
    ...(options.preface?.length ? [...options.preface, ''] : []),
    '## Counts', '',
    ...table(['passed', 'partly checked', 'failed', 'broken', 'waived', 'skipped by profile', 'not covered', 'not selected', 'observed only'],
      [[c.passed, c.partlyChecked, c.failed, c.broken, c.waived, c.skippedByProfile, c.notCovered, c.notSelected, c.observed].map(String)]), '',
    `Readings of ambiguous points observed: ${s.observed.length} (listed below; a row checked by other rules as well counts under its status above).`, '',
    ...(s.footprint ? [`Footprint on the target: ${footprintHeadline(s.footprint)}.`, ...footprintDetail(s.footprint).map((l) => `\n${l}`), ''] : []),
    ...(s.health ? ['## Target health', '', ...healthLines(s.health).flatMap((l) => [l, '']), ...(s.health.rows.length ? [...table([...healthHeader], healthRows(s.health)), ''] : [])] : []),
    '## Failures', '', ...failures(s, idCell, options), '',
    ...gaps(s, idCell),
    '## Requirements', '',
    ...table(['requirement', 'section', 'severity', 'status', 'checks'],
      s.requirements.map((r) => [idCell(r.id), r.section, r.severity, statusLabel(r, options), r.checks.join(', ') || (r.suites.length ? "the suite's model or case oracle" : '-')])), '',
    `## Observed behaviour (ambiguous points): ${s.observed.length}`, '',
    ...(s.observed.length
      ? table(['requirement', 'decisions', 'the target showed'], s.observed.map((o) => [idCell(o.requirement), o.decisions.join(', '), o.observed]))
      : ['None recorded.']), '',
    `## Response coverage: ${s.responseCoverage.observed} of ${s.responseCoverage.documented} documented responses observed`, '',
    ...table(['operation', 'status', 'code', 'observed'], s.responseCoverage.rows.map((r) => [r.operation, String(r.status), r.code, r.observed ? 'yes' : 'no'])),
    ...(s.responseCoverage.undocumentedSeen.length ? ['', `Responses seen that the contract does not list: ${s.responseCoverage.undocumentedSeen.join(', ')}.`] : []), '',
    ...(s.operatorCoverage ? operatorSection(s.operatorCoverage) : []),
    '## Left out', '',
    ...(left.length ? table(['requirement', 'status', 'why'], left.map((r) => [idCell(r.id), r.status, [leftOutBecause(s, r, options), ...r.reasons].filter(Boolean).join('; ')])) : ['Nothing was left out by selection or profile.']), '',
    ...(s.waivers.unused.length ? [`Waivers not needed by this run: ${s.waivers.unused.map((w) => w.requirement).join(', ')}.`, ''] : []),
    ...(s.unknownRequirements.length ? [`Records named requirements the contract does not have (harness bug): ${s.unknownRequirements.join(', ')}.`, ''] : []),
    '## Compared with the previous run', '',
    ...(b ? baselineSection(b) : ['No baseline given (CONFORMANCE_BASELINE).']),
  ];
  return `${lines.join('\n')}\n`;
}
