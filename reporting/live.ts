import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { UserConsoleLog } from 'vitest';
import { parseProgressMessage, ProgressLine } from './live-progress.js';
import type { Summary } from './model.js';
import { footprintDetail, footprintHeadline } from './footprint-text.js';
import { operatorCoverageLine } from './operator-coverage.js';
import { healthLines } from './health-text.js';
import { causeKey, causeLine } from './causes.js';
import { verdictHeadline, verdictText } from './verdict.js';
import { baselineLine } from './baseline-diff.js';

export interface LiveReporterOptions {
  /** Where lines go; default process.stdout. */
  readonly write?: (line: string) => void;
  /** A progress line per suite at most this often on long runs (default 15 s). */
  readonly progressEveryMs?: number;
  readonly now?: () => number;
  /** A terminal: also a progress line for long properties, rewritten in place (default: stdout is a TTY). CI gets plain lines only. */
  readonly tty?: boolean;
  /** Where the progress line goes (no newline); default process.stdout. */
  readonly writeRaw?: (text: string) => void;
}

interface Progress { done: number; failed: number; skipped: number; startedAt: number; lastPrint: number }

/** Lines of a failure report printed live; the rest is in summary.md. */
const maxFailureLines = 40;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

/**
 * Vitest 4 reporter: one line when a suite (test file) ends, a progress line per suite on
 * long runs, and one report per failing case as it happens. Cases broken for a cause already
 * printed are counted, not printed again: one line per cause at the end (reporting/causes.ts).
 */
export class LiveReporter implements Reporter {
  readonly #write: (line: string) => void;
  readonly #every: number;
  readonly #now: () => number;
  readonly #suites = new Map<string, Progress>();
  readonly #line?: ProgressLine;
  /** Causes of broken cases printed so far: how many cases met each, and the first. */
  readonly #causes = new Map<string, { count: number; first: string; text: string }>();
  #runStart = 0;
  #idle = 0;

  constructor(options: LiveReporterOptions = {}) {
    const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
    const tty = options.tty ?? process.stdout.isTTY === true;
    if (tty) this.#line = new ProgressLine(options.writeRaw ?? ((text) => process.stdout.write(text)));
    this.#write = (line) => { this.#line?.clear(); write(line); };
    this.#every = options.progressEveryMs ?? 15_000;
    this.#now = options.now ?? Date.now;
  }

  /** Progress of a long property (reporting/live-progress.ts); other console output of the suites is not printed. */
  onUserConsoleLog(log: UserConsoleLog): void {
    const progress = parseProgressMessage(log.content);
    if (progress) this.#line?.show(progress);
  }

  onTestRunStart(): void {
    this.#runStart = this.#now();
  }

  #progress(module: TestModule): Progress {
    let p = this.#suites.get(module.moduleId);
    if (!p) this.#suites.set(module.moduleId, (p = { done: 0, failed: 0, skipped: 0, startedAt: this.#now(), lastPrint: this.#now() }));
    return p;
  }

  onTestModuleStart(module: TestModule): void {
    this.#progress(module);
  }

  onTestCaseResult(test: TestCase): void {
    const p = this.#progress(test.module);
    const result = test.result();
    if (result.state === 'skipped') p.skipped += 1;
    else p.done += 1;
    if (result.state === 'failed') {
      p.failed += 1;
      // The whole report: counterexample, steps, replay and curl are what a person acts on. It comes
      // redacted from the worker that built it; this process (vitest's main one) never learnt a secret.
      const error = result.errors[0];
      if (error?.name === 'PropertyBroken' && this.#seenCause(test.fullName, error.message ?? '')) return this.#tick(p, test);
      const lines = (error?.message ?? '').split('\n').slice(0, maxFailureLines);
      this.#write(`  ✗ ${test.fullName}`);
      for (const line of lines) this.#write(`    ${line.slice(0, 2000)}`);
    }
    this.#tick(p, test);
  }

  /** Counts a broken case's cause; true when the cause was printed before (this case is only counted). */
  #seenCause(name: string, message: string): boolean {
    // The report starts with the property's name: the cause is what follows it.
    const text = message.slice(message.indexOf(': ') + 2);
    const key = causeKey(text);
    const cause = this.#causes.get(key);
    if (cause) cause.count += 1;
    else this.#causes.set(key, { count: 1, first: name, text });
    return cause !== undefined;
  }

  #tick(p: Progress, test: TestCase): void {
    const now = this.#now();
    if (now - p.lastPrint >= this.#every) {
      p.lastPrint = now;
      this.#write(`  … ${test.module.relativeModuleId}: ${p.done} done, ${p.failed} failed (${seconds(now - p.startedAt)})`);
    }
  }

  onTestModuleEnd(module: TestModule): void {
    const p = this.#progress(module);
    // A suite the selection or the profile left without a test to run (CONFORMANCE_ONLY=ALLOW-LIST) is counted, not listed.
    if (p.skipped > 0 && p.done === 0 && module.state() !== 'failed') { this.#idle += 1; return; }
    const mark = p.failed > 0 || module.state() === 'failed' ? '✗' : '✓';
    const skipped = p.skipped ? `, ${p.skipped} skipped` : '';
    this.#write(`${mark} ${module.relativeModuleId}: ${p.done} done, ${p.failed} failed${skipped} (${seconds(this.#now() - p.startedAt)})`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    const all = [...this.#suites.values()];
    const sum = (k: 'done' | 'failed') => all.reduce((n, p) => n + p[k], 0);
    const unhandled = errors.length ? `, ${errors.length} unhandled error(s)` : '';
    for (const cause of this.#causes.values()) if (cause.count > 1) this.#write(`  ✗ ${causeLine(cause.count, cause.first, cause.text)}`);
    const idle = this.#idle ? ` (${this.#idle} with every test skipped by the selection or the profile, not listed)` : '';
    this.#write(`${modules.length} suite(s)${idle}, ${sum('done')} cases, ${sum('failed')} failed${unhandled} in ${seconds(this.#now() - this.#runStart)}`);
  }
}

export default LiveReporter;

const pad = (s: string, n: number): string => s.padEnd(n);

/** Documented requirements neither checked nor accepted (exit 4), each with why. */
function uncheckedLines(summary: Summary): string[] {
  if (!summary.unchecked?.length) return [];
  // A run stopped before any suite (the preflight): every row is unchecked for the one reason the verdict gives.
  const c = summary.counts;
  if (summary.incomplete && c.passed + c.failed + c.broken + c.observed + c.waived === 0) return ['', `Unchecked: all ${summary.unchecked.length} documented requirements, for the reason below.`];
  const rows = summary.requirements.filter((r) => summary.unchecked.includes(r.id));
  return ['', 'Unchecked (documented requirements left unchecked, in whole or in part; CONFORMANCE_SKIP=<id> or a waiver accepts a gap):',
    ...rows.slice(0, 20).map((r) => `  ${pad(r.id, 34)}${r.status === 'partly-checked' ? 'partly checked, ' : ''}${r.reasons[0] ?? 'no suite recorded a result'}`),
    ...(rows.length > 20 ? [`  … and ${rows.length - 20} more`] : [])];
}

/** Gaps the user accepted by CONFORMANCE_SKIP or a waiver: shown, never hidden. */
function acceptedGapLines(summary: Summary): string[] {
  const gaps = summary.acceptedGaps ?? [];
  if (!gaps.length) return [];
  const by = (how: 'CONFORMANCE_SKIP' | 'waiver'): string[] => {
    const ids = gaps.filter((g) => g.by === how).map((g) => g.requirement);
    return ids.length ? [`${ids.join(', ')} (${how})`] : [];
  };
  return ['', `Accepted gaps: ${[...by('CONFORMANCE_SKIP'), ...by('waiver')].join('; ')}`];
}

/** The short verdict table bin/conformance.ts prints at the end, with where the report is. */
export function formatVerdictTable(summary: Summary, reportPath?: string): string {
  const c = summary.counts;
  const blocking = summary.requirements.filter((r) => r.status === 'failed' && r.blocking);
  const lines = [
    '',
    `${pad('Verdict', 10)}${verdictHeadline(summary.exitCode)}: ${verdictText(summary.exitCode).meaning}`,
    `${pad('Next', 10)}${summary.nextStep}`,
    `${pad('Target', 10)}${summary.target.baseUrl} (${summary.target.kind})`,
    ...(summary.target.via ? [`${pad('', 10)}${summary.target.via}`] : []),
    ...(summary.run ? [`${pad('Replay', 10)}${summary.run.replay} (partner-conformance ${summary.run.harnessVersion})`] : []),
    `${pad('Checked', 10)}${c.passed} passed, ${c.partlyChecked} partly checked, ${c.failed} failed, ${c.broken} broken, ${c.waived} waived, ${c.observed} observed only`,
    `${pad('Not run', 10)}${c.notCovered} not covered, ${c.skippedByProfile} skipped by profile, ${c.notSelected} not selected`,
    `${pad('Readings', 10)}${summary.observed.length} reading(s) of ambiguous points observed (summary.md lists them)`,
    `${pad('Responses', 10)}${summary.responseCoverage.observed} of ${summary.responseCoverage.documented} documented responses observed`,
    ...(summary.operatorCoverage ? [`${pad('Operators', 10)}${operatorCoverageLine(summary.operatorCoverage)}`] : []),
    ...(summary.footprint ? [`${pad('Footprint', 10)}${footprintHeadline(summary.footprint)}`, ...footprintDetail(summary.footprint).map((l) => `${pad('', 10)}${l}`)] : []),
    ...(summary.health ? healthLines(summary.health).map((l, i) => `${pad(i === 0 ? 'Health' : '', 10)}${l}`) : []),
    ...(summary.baseline ? [`${pad('Nightly', 10)}${baselineLine(summary.baseline)}`] : []),
    ...(summary.baseline?.replayPreviousSeed ? [`${pad('', 10)}replay them under the previous night's seed: ${summary.baseline.replayPreviousSeed}`] : []),
    ...(blocking.length ? ['', 'Blocking failures:', ...blocking.slice(0, 20).map((r) => `  ${pad(r.id, 34)}${r.findings[0]?.title ?? r.text}`), ...(blocking.length > 20 ? [`  … and ${blocking.length - 20} more`] : [])] : []),
    ...uncheckedLines(summary),
    ...acceptedGapLines(summary),
    ...summary.verdictReasons.filter((r) => !r.includes('blocking requirement') && !r.includes('left unchecked')).map((r) => `  ${r}`),
    ...(reportPath ? ['', `Report: ${reportPath}`] : []),
  ];
  return lines.join('\n');
}
