import { coverageLine, type ClientReport } from '../report.js';

const cell = (s: string): string => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const table = (head: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];

/** client-summary.md: what the partner's engineers read first. */
export function renderClientMarkdown(r: ClientReport, link: (id: string) => string = (id) => id): string {
  const idCell = (id: string) => `[${id}](${link(id)})`;
  const shown = r.coverage.rows;
  const lines = [
    `# Client certification: ${r.verdict.toUpperCase()} (exit ${r.exitCode})`, '',
    `Sandbox ${r.sandbox.baseUrl}; ${r.startedAt} to ${r.finishedAt}; seed ${r.seed}; plan ${r.plan.source} (${r.plan.answeredCalls} answered calls); ${r.exchanges} exchanges observed.`,
    ...(r.client ? ['', `Client: \`${r.client.command}\`, ended ${r.client.signal ? `by signal ${r.client.signal}` : `with exit code ${r.client.exitCode}`}.`] : []), '',
    ...r.verdictReasons.map((x) => `- ${x}`), ...(r.verdictReasons.length ? [''] : []),
    `**${coverageLine(r.coverage)}.**`, '',
    '## Grades', '',
    ...table(['requirement', 'status', 'what is graded', 'why'], r.grades.map((g) => [idCell(g.id), g.status, g.text, g.reason])), '',
    '## Evidence', '',
    ...r.grades.filter((g) => g.evidence.length).flatMap((g) => [`### ${g.id}: ${g.status}`, '', g.reason, '', '```', ...g.evidence, '```', '']),
    '## Responses shown to the client', '',
    ...table(['response', 'class', 'shown', 'handled'], shown.map((x) => [x.id, x.class, String(x.shown), x.shown === 0 ? (x.accepted ? 'not shown (accepted)' : 'not shown') : x.handled ? 'yes' : '**no**'])), '',
    ...(r.coverage.notCalled.length ? [`Operations the client never called (their responses are not counted): ${r.coverage.notCalled.join(', ')}.`, ''] : []),
    '### What "handled" means', '',
    ...table(['class', 'handled when'], Object.entries(r.coverage.handledMeans)),
  ];
  return `${lines.join('\n')}\n`;
}
