import type { Observation } from '../observations.js';
import { nextPartnerCall, transientOf } from '../observations.js';

export type GradeStatus = 'passed' | 'failed' | 'not-covered';

/** One requirement's verdict, with the exchanges that show it (at most a few). */
export interface Grade {
  readonly id: string;
  readonly status: GradeStatus;
  readonly reason: string;
  readonly evidence: readonly Observation[];
}

/** One occasion the client had to show a rule, and how it did. */
export interface Instance {
  readonly ok: boolean;
  readonly note: string;
  readonly evidence: readonly Observation[];
}

/**
 * The verdict from the occasions: failed when any went wrong, passed when at least one went
 * right, not covered when the client was given none (never passed for want of a chance).
 */
export function judge(id: string, instances: readonly Instance[], noOccasion: string): Grade {
  const bad = instances.filter((i) => !i.ok);
  if (bad.length > 0) {
    const more = bad.length > 1 ? ` (${bad.length} occasions; the first ${Math.min(3, bad.length)} shown)` : '';
    return { id, status: 'failed', reason: `${bad[0]!.note}${more}`, evidence: bad.slice(0, 3).flatMap((i) => i.evidence) };
  }
  if (instances.length > 0) {
    const n = instances.length;
    return { id, status: 'passed', reason: `${instances[0]!.note}${n > 1 ? ` (${n} occasions, all held)` : ''}`, evidence: instances[0]!.evidence };
  }
  return { id, status: 'not-covered', reason: noOccasion, evidence: [] };
}

/** The next partner call when it repeats the request at index `i` (same method, path, query and body). */
export function resentNext(list: readonly Observation[], i: number): Observation | undefined {
  const next = nextPartnerCall(list, i);
  return next && next.key === list[i]!.key ? next : undefined;
}

/** Milliseconds between the answer (or reset) at index `i` and the next request. */
export const waitedMs = (before: Observation, after: Observation): number => after.at - before.end;

/** How many failed attempts of this request came in a row up to index `i` (1: this is the first). */
export function attemptInRow(list: readonly Observation[], i: number): number {
  let k = 1;
  for (let j = i - 1; j >= 0; j -= 1) {
    const o = list[j]!;
    if (o.kind !== 'partner') continue;
    if (o.key !== list[i]!.key || !transientOf(o)) break;
    k += 1;
  }
  return k;
}

/** Retry-After of an answer in milliseconds (delay-seconds), if it carried one. */
export function retryAfterMs(o: Observation): number | undefined {
  const v = o.exchange.replyHeaders?.['retry-after'];
  return typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) * 1000 : undefined;
}

export const partnerIndexes = (list: readonly Observation[]): number[] =>
  list.flatMap((o, i) => (o.kind === 'partner' ? [i] : []));
