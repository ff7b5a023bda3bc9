import { readFileSync } from 'node:fs';
import type { PreviousRun, PreviousSummary } from './baseline-diff.js';

export { compareBaseline, baselineLine, type PreviousRun, type PreviousSummary } from './baseline-diff.js';

export class BaselineError extends Error {
  readonly code = 'BASELINE_UNREADABLE';
  constructor(readonly source: string, readonly reason: string, options?: { cause?: unknown }) {
    super(`CONFORMANCE_BASELINE ${source} could not be read: ${reason}`, options);
    this.name = 'BaselineError';
  }
}

function asPrevious(source: string, value: unknown): PreviousSummary {
  const v = value as { requirements?: unknown; finishedAt?: unknown; exitCode?: unknown; run?: { seed?: unknown }; observed?: unknown } | null;
  if (!v || !Array.isArray(v.requirements) || !v.requirements.every((r) => typeof r?.id === 'string' && typeof r?.status === 'string'))
    throw new BaselineError(source, 'it is not a summary.json (no requirements array of {id, status})');
  // What older summaries lack is left out: the comparison then says it was not recorded.
  const observed = Array.isArray(v.observed) ? v.observed.filter((o) => typeof o?.requirement === 'string' && typeof o?.observed === 'string') : undefined;
  return {
    requirements: v.requirements,
    ...(typeof v.finishedAt === 'string' ? { finishedAt: v.finishedAt } : {}),
    ...(typeof v.exitCode === 'number' ? { exitCode: v.exitCode } : {}),
    ...(typeof v.run?.seed === 'number' ? { run: { seed: v.run.seed } } : {}),
    ...(observed ? { observed } : {}),
  };
}

/** Reads the previous run's summary.json from a path or an https URL (fetched with global fetch). */
export async function loadBaseline(source: string, fetchImpl: typeof fetch = fetch): Promise<PreviousRun> {
  let text: string;
  try {
    if (/^https:\/\//i.test(source)) {
      const response = await fetchImpl(source, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new BaselineError(source, `HTTP ${response.status}`);
      text = await response.text();
    } else if (/^[a-z]+:\/\//i.test(source)) {
      throw new BaselineError(source, 'only a file path or an https URL is accepted');
    } else {
      text = readFileSync(source, 'utf8');
    }
  } catch (e) {
    if (e instanceof BaselineError) throw e;
    throw new BaselineError(source, (e as Error).message, { cause: e });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new BaselineError(source, 'it is not JSON', { cause: e });
  }
  return { source, summary: asPrevious(source, parsed) };
}
