import type { Exchange } from '../../../client/exchange.js';
import { exchangeStep, reproductionLines, reproductionOf } from '../../../reporting/reproduction.js';
import type { Reproduction } from '../../../reporting/result.js';
import type { FailedRequirement, RunFailure } from '../runner/classify.js';
import type { PropertyEnv } from '../runner/property.js';
import type { Journal, Step } from './journal.js';

/** How a model-based failure is told: numbered steps with their redacted exchanges, seed, path and replay. */

/** The story of a sequence: command labels with their redacted exchanges and what each sent. */
export function formatSteps(steps: readonly Step[], env: Pick<PropertyEnv, 'redact' | 'formatExchange' | 'attempts'>, requestBody: (x: Exchange) => string): string[] {
  return steps.map((s) => [
    env.redact(s.label),
    ...s.exchanges.flatMap((x) => {
      const sent = requestBody(x);
      return [`   ${exchangeStep(x, env, '     ')}`, ...(sent ? [`     sent ${sent}`] : [])];
    }),
  ].join('\n'));
}

interface Told { readonly reproduction: Reproduction; readonly lines: readonly string[] }

function tell(env: PropertyEnv, name: string, steps: readonly Step[], path: string | undefined, requestBody: (x: Exchange) => string, heading: string): Told {
  const reproduction = reproductionOf({
    seed: env.runSeed, path, suiteFile: env.suiteFile, test: name,
    counterexample: steps.map((s) => env.redact(s.label)).join(' → '),
    steps: formatSteps(steps, env, requestBody),
  }, env);
  const at = `seed ${env.runSeed}${path ? `, path ${path}` : ''}`;
  return { reproduction, lines: [`  ${heading} (${at}):`, ...reproductionLines(reproduction).map((l) => `  ${l.replace(/\n/g, '\n  ')}`)] };
}

export interface ModelFailure {
  /** The shrunk sequence that broke the model, with fast-check's counts and the path that replays it. */
  readonly shrunk?: { readonly journal: Journal; readonly path: string | undefined; readonly numRuns: number; readonly numShrinks: number };
  /** The first sequence whose reply leaked, as generated (leaks are not shrunk). */
  readonly leak?: { readonly journal: Journal; readonly path: string | undefined };
}

/** A model-based failure, told: the failed requirements with their story, and the console report. */
export function describeModelFailure(env: PropertyEnv, name: string, f: ModelFailure, requestBody: (x: Exchange) => string): RunFailure {
  const failed: FailedRequirement[] = [];
  const report: string[] = [];
  let first: Reproduction | undefined;
  const findingLine = (x: { requirement: string; title: string; message: string }) => `  ✗ [${x.requirement}] ${x.title}: ${env.redact(x.message)}`;
  if (f.shrunk) {
    const { journal } = f.shrunk;
    const told = tell(env, name, journal.story(), f.shrunk.path, requestBody, 'shrunk sequence');
    first = told.reproduction;
    // A requirement that fails with the findings without one of its own carries them all (as runner/property-failure.ts).
    for (const requirement of new Set([...journal.findings.map((x) => x.requirement), ...journal.failsWith])) {
      const own = journal.findings.filter((x) => x.requirement === requirement);
      failed.push({ requirement, findings: own.length ? own : journal.findings, reproduction: told.reproduction });
    }
    report.push(`${name}: failed after ${f.shrunk.numRuns} sequence(s), shrunk ${f.shrunk.numShrinks} time(s)`, ...journal.findings.map(findingLine), ...told.lines);
  }
  if (f.leak) {
    const { journal } = f.leak;
    const told = tell(env, name, journal.leakStory(), f.leak.path, requestBody, 'sequence up to the reply that leaked, as generated');
    first ??= told.reproduction;
    failed.push({ requirement: 'NO-SECRET-ECHO', findings: journal.leaks, reproduction: told.reproduction });
    report.push(...(f.shrunk ? [] : [`${name}: a reply leaked a value the harness sent`]), ...journal.leaks.map(findingLine), ...told.lines);
  }
  return { failed, findings: [...(f.shrunk?.journal.findings ?? []), ...(f.leak?.journal.leaks ?? [])], report: report.join('\n'), ...(first ? { reproduction: first } : {}) };
}
