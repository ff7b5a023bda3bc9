import type { ReportedFinding, RequirementRow, Summary } from './model.js';
import { reproductionLines } from './reproduction.js';
import { verdictHeadline } from './verdict.js';

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

/** A documented row the gate counts as a gap (exit 4): nothing or only part of it checked, and no one accepted it. */
const isGap = (s: Summary, r: RequirementRow): boolean => s.unchecked.includes(r.id);

/**
 * One requirement as JUnit says it, the way the gate does: a blocking failure or a gap the gate
 * counts is a failure, a broken row an error; what does not move the exit code (an advisory
 * failure, an accepted gap, a waiver, a row not selected) is skipped, with why.
 */
function testcase(s: Summary, r: RequirementRow): string {
  const open = `    <testcase${attrs({ name: `${r.id}: ${r.text}`, classname: r.section })}`;
  const first = r.findings[0];
  const message = first ? `${first.title}: ${first.message}` : r.reasons[0] ?? r.status;
  const skipped = (why: string) => `${open}>\n      <skipped${attrs({ message: why })}/>\n    </testcase>`;
  if (isGap(s, r)) {
    const what = r.status === 'partly-checked' ? 'partly checked, the rest left unchecked' : 'left unchecked';
    const why = r.reasons.join('\n') || 'no suite recorded a result';
    return `${open}>\n      <failure${attrs({ message: `${what} (exit 4): ${r.reasons[0] ?? 'no suite recorded a result'}`, type: 'unchecked' })}>${xmlEscape(why)}</failure>\n    </testcase>`;
  }
  switch (r.status) {
    case 'passed':
      return `${open}/>`;
    case 'failed':
      if (!r.blocking) return skipped(`failed (advisory: does not fail the run): ${message}`);
      return `${open}>\n      <failure${attrs({ message, type: 'blocking' })}>${xmlEscape(r.findings.map(reproductionText).join('\n\n') || message)}</failure>\n    </testcase>`;
    case 'broken':
      return `${open}>\n      <error${attrs({ message, type: 'broken' })}>${xmlEscape(r.reasons.join('\n'))}</error>\n    </testcase>`;
    case 'waived':
      return skipped(`waived until ${r.waiver?.expires} (${r.waiver?.owner}): ${r.waiver?.reason} — ${message}`);
    case 'partly-checked':
      return r.acceptedGap ? skipped(`partly checked, the rest an accepted gap (${r.acceptedGap}): ${r.reasons.join('; ')}`)
        : `${open}>\n      <system-out>${xmlEscape(`partly checked (advisory row, does not move the exit code): ${r.reasons.join('; ')}`)}</system-out>\n    </testcase>`;
    default: {
      const why = r.status === 'not-selected' ? (r.acceptedGap ? `accepted gap (${r.acceptedGap})` : 'not selected (CONFORMANCE_ONLY)')
        : `${r.status}${r.acceptedGap ? ` (accepted gap: ${r.acceptedGap})` : ''}${r.reasons.length ? `: ${r.reasons.join('; ')}` : ''}`;
      return skipped(why);
    }
  }
}

/** The gate as a test case of its own: it fails whenever the exit code is not 0, so JUnit is red exactly when the run is. */
function verdictCase(s: Summary): string {
  const name = `verdict: ${verdictHeadline(s.exitCode)}`;
  const open = `    <testcase${attrs({ name, classname: 'verdict' })}`;
  if (s.exitCode === 0) return `${open}/>`;
  const body = [...s.verdictReasons, s.nextStep].join('\n');
  return `${open}>\n      <failure${attrs({ message: `${verdictHeadline(s.exitCode)}: ${s.nextStep}`, type: s.verdict })}>${xmlEscape(body)}</failure>\n    </testcase>`;
}

/** What replays the run, as JUnit properties of the verdict suite. */
function properties(s: Summary): string {
  const facts: Array<[string, string | number | undefined]> = [
    ['seed', s.run?.seed], ['harnessVersion', s.run?.harnessVersion], ['profile', s.run?.profile],
    ['target', s.target.baseUrl], ['replay', s.run?.replay],
  ];
  const present = facts.filter((f): f is [string, string | number] => f[1] !== undefined);
  return `    <properties>\n${present.map(([name, value]) => `      <property${attrs({ name, value })}/>`).join('\n')}\n    </properties>\n`;
}

/** junit.xml: a verdict testsuite, then one testsuite per interface.md section (operations are sections), one testcase per requirement. */
export function renderJunit(s: Summary): string {
  const sections = new Map<string, RequirementRow[]>();
  for (const r of s.requirements) sections.set(r.section, [...(sections.get(r.section) ?? []), r]);
  const failing = (r: RequirementRow) => isGap(s, r) || (r.status === 'failed' && r.blocking);
  const count = (rows: readonly RequirementRow[]) => ({
    tests: rows.length,
    failures: rows.filter(failing).length,
    errors: rows.filter((r) => r.status === 'broken').length,
    skipped: rows.filter((r) => !failing(r) && r.status !== 'passed' && r.status !== 'broken' && !(r.status === 'partly-checked' && !r.acceptedGap)).length,
  });
  const verdictFails = s.exitCode === 0 ? 0 : 1;
  const suites = [
    `  <testsuite${attrs({ name: 'verdict', tests: 1, failures: verdictFails, errors: 0, skipped: 0, timestamp: s.startedAt })}>\n${properties(s)}${verdictCase(s)}\n  </testsuite>`,
    ...[...sections].map(([name, rows]) =>
      `  <testsuite${attrs({ name, ...count(rows), timestamp: s.startedAt })}>\n${rows.map((r) => testcase(s, r)).join('\n')}\n  </testsuite>`),
  ];
  const total = count(s.requirements);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: 'partner-conformance', ...total, tests: total.tests + 1, failures: total.failures + verdictFails, time: (s.durationMs / 1000).toFixed(3) })}>\n${suites.join('\n')}\n</testsuites>\n`;
}
