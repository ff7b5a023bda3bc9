import type { ReportedFinding, RequirementRow, Summary } from './model.js';
import { reproductionLines } from './reproduction.js';

/** Escapes text and attribute values, dropping characters XML 1.0 cannot carry. */
export function xmlEscape(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const attrs = (a: Record<string, string | number>): string =>
  Object.entries(a).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');

function reproductionText(f: ReportedFinding): string {
  return [`${f.title}: ${f.message}`, ...reproductionLines(f.reproduction)].join('\n');
}

function testcase(r: RequirementRow): string {
  const open = `    <testcase${attrs({ name: `${r.id}: ${r.text}`, classname: r.section })}`;
  const first = r.findings[0];
  const message = first ? `${first.title}: ${first.message}` : r.reasons[0] ?? r.status;
  switch (r.status) {
    case 'passed':
      return `${open}/>`;
    case 'failed':
      return `${open}>\n      <failure${attrs({ message, type: r.blocking ? 'blocking' : 'advisory' })}>${xmlEscape(r.findings.map(reproductionText).join('\n\n') || message)}</failure>\n    </testcase>`;
    case 'broken':
      return `${open}>\n      <error${attrs({ message, type: 'broken' })}>${xmlEscape(r.reasons.join('\n'))}</error>\n    </testcase>`;
    case 'waived':
      return `${open}>\n      <skipped${attrs({ message: `waived until ${r.waiver?.expires} (${r.waiver?.owner}): ${r.waiver?.reason} — ${message}` })}/>\n    </testcase>`;
    default: {
      const why = r.status === 'not-selected' ? 'not selected (CONFORMANCE_ONLY)' : `${r.status}${r.reasons.length ? `: ${r.reasons.join('; ')}` : ''}`;
      return `${open}>\n      <skipped${attrs({ message: why })}/>\n    </testcase>`;
    }
  }
}

/** junit.xml: one testsuite per interface.md section (operations are sections), one testcase per requirement. */
export function renderJunit(s: Summary): string {
  const sections = new Map<string, RequirementRow[]>();
  for (const r of s.requirements) sections.set(r.section, [...(sections.get(r.section) ?? []), r]);
  const count = (rows: readonly RequirementRow[]) => ({
    tests: rows.length,
    failures: rows.filter((r) => r.status === 'failed').length,
    errors: rows.filter((r) => r.status === 'broken').length,
    skipped: rows.filter((r) => r.status !== 'passed' && r.status !== 'failed' && r.status !== 'broken').length,
  });
  const suites = [...sections].map(([name, rows]) =>
    `  <testsuite${attrs({ name, ...count(rows), timestamp: s.startedAt })}>\n${rows.map(testcase).join('\n')}\n  </testsuite>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: 'partner-conformance', ...count(s.requirements), time: (s.durationMs / 1000).toFixed(3) })}>\n${suites.join('\n')}\n</testsuites>\n`;
}
