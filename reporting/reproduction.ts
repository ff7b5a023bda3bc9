import type { Exchange } from '../client/exchange.js';
import type { Reproduction } from './result.js';

/**
 * A failure's reproduction, built once by the runners and rendered from here by every medium:
 * the console (the failing test's message), summary.md, junit.xml and the Allure attachments.
 * Building takes exchanges through `EvidenceText`, whose functions are the client's redacting
 * formatters: what reaches a Reproduction is redacted there and nowhere else.
 */

/** Exchanges as redacted text (client/exchange-text.ts, client/curl.ts behind each). */
export interface EvidenceText {
  readonly formatExchange: (exchange: Exchange) => string;
  readonly curl: (exchange: Exchange) => string;
  /** One line per attempt before the last (client/attempts.ts describeAttempts). */
  readonly attempts?: (exchange: Exchange) => readonly string[];
}

/** The command that replays one vitest test by seed and fast-check path. */
export function replayCommand(seed: number, path: string | undefined, suiteFile: string, test: string): string {
  return `CONFORMANCE_SEED=${seed}${path ? ` CONFORMANCE_PATH=${path}` : ''} npm run conformance -- ${suiteFile} -t ${JSON.stringify(test)}`;
}

/** One exchange as a step: its line, then the earlier attempts of a retried request (a 429 or 503 stays evidence). */
export function exchangeStep(exchange: Exchange, text: Pick<EvidenceText, 'formatExchange' | 'attempts'>, indent = '   '): string {
  return [text.formatExchange(exchange), ...(text.attempts?.(exchange) ?? []).map((a) => `${indent}${a}`)].join('\n');
}

export interface ReproductionOf {
  readonly seed: number;
  readonly path?: string | undefined;
  readonly suiteFile: string;
  readonly test: string;
  /** Already redacted. */
  readonly counterexample: string;
  /** Already redacted, unnumbered: renderers number them. */
  readonly steps: readonly string[];
  /** The exchange a curl command reproduces (the failing case's last). */
  readonly last?: Exchange;
}

export function reproductionOf(r: ReproductionOf, text: EvidenceText): Reproduction {
  return {
    seed: r.seed, ...(r.path ? { path: r.path } : {}),
    replay: replayCommand(r.seed, r.path, r.suiteFile, r.test),
    counterexample: r.counterexample, steps: r.steps,
    ...(r.last ? { curl: text.curl(r.last) } : {}),
  };
}

/** The parts of a reproduction, in the one order every medium shows them. */
export type ReproductionPart =
  | { readonly name: 'replay' | 'curl'; readonly command: string }
  | { readonly name: 'counterexample'; readonly text: string }
  | { readonly name: 'steps'; readonly steps: readonly string[] };

export function reproductionParts(r: Reproduction | undefined): ReproductionPart[] {
  if (!r) return [];
  return [
    ...(r.replay ? [{ name: 'replay' as const, command: r.replay }] : []),
    ...(r.curl ? [{ name: 'curl' as const, command: r.curl }] : []),
    ...(r.counterexample ? [{ name: 'counterexample' as const, text: r.counterexample }] : []),
    ...(r.steps?.length ? [{ name: 'steps' as const, steps: r.steps }] : []),
  ];
}

/** Steps numbered from 1; a step's later lines indented by `continuation`. */
export const numberedSteps = (steps: readonly string[], continuation = ''): string[] =>
  steps.map((s, i) => `${i + 1}. ${s.replace(/\n/g, `\n${continuation}`)}`);

/** Plain text (console, junit.xml, attachments): `replay: …`, `curl: …`, `counterexample: …`, numbered steps. */
export function reproductionLines(r: Reproduction | undefined): string[] {
  return reproductionParts(r).flatMap((p) =>
    p.name === 'steps' ? numberedSteps(p.steps) : [`${p.name}: ${p.name === 'counterexample' ? p.text : p.command}`]);
}
