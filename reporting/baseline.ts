import { readFileSync } from 'node:fs';
import type { BaselineDiff, RowStatus } from './model.js';

/** The part of a previous summary.json the comparison reads. */
export interface PreviousSummary {
  readonly finishedAt?: string;
  readonly requirements: ReadonlyArray<{ readonly id: string; readonly status: string }>;
}

export interface PreviousRun {
  /** The path or URL it was read from, for the report. */
  readonly source: string;
  readonly summary: PreviousSummary;
}

export class BaselineError extends Error {
  readonly code = 'BASELINE_UNREADABLE';
  constructor(readonly source: string, readonly reason: string, options?: { cause?: unknown }) {
    super(`CONFORMANCE_BASELINE ${source} could not be read: ${reason}`, options);
    this.name = 'BaselineError';
  }
}

function asPrevious(source: string, value: unknown): PreviousSummary {
  const v = value as { requirements?: unknown; finishedAt?: unknown } | null;
  if (!v || !Array.isArray(v.requirements) || !v.requirements.every((r) => typeof r?.id === 'string' && typeof r?.status === 'string'))
    throw new BaselineError(source, 'it is not a summary.json (no requirements array of {id, status})');
  return { requirements: v.requirements, ...(typeof v.finishedAt === 'string' ? { finishedAt: v.finishedAt } : {}) };
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

const failing = (status: string | undefined): boolean => status === 'failed' || status === 'waived';

/**
 * New failures, fixed ones and those still failing, by requirement id. A requirement that
 * failed before and was not re-checked now (broken, not covered...) is not called fixed.
 */
export function compareBaseline(previous: PreviousRun, current: ReadonlyArray<{ id: string; status: RowStatus }>): BaselineDiff {
  const before = new Map(previous.summary.requirements.map((r) => [r.id, r.status]));
  const now = new Map(current.map((r) => [r.id, r.status]));
  const newFailures: string[] = [], fixed: string[] = [], stillFailing: string[] = [], notRechecked: string[] = [];
  for (const [id, status] of now) {
    if (failing(status)) (failing(before.get(id)) ? stillFailing : newFailures).push(id);
    else if (failing(before.get(id))) (status === 'passed' ? fixed : notRechecked).push(id);
  }
  for (const [id, status] of before) if (failing(status) && !now.has(id)) notRechecked.push(id);
  return {
    source: previous.source,
    ...(previous.summary.finishedAt ? { previousFinishedAt: previous.summary.finishedAt } : {}),
    newFailures, fixed, stillFailing, notRechecked,
  };
}
