import type { TargetHealth } from './model.js';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * The target's health in words, for people (summary.md, the console, the certificate): the
 * transient faults met, how many the client's retry and a re-run of the case recovered, and what
 * stayed broken. A flaky sandbox reads differently from a broken one, and neither is a contract failure.
 */
export function healthLines(h: TargetHealth): string[] {
  const t = h.totals;
  const c = h.cases;
  const lines = [
    t.met
      ? `Transient faults met: ${n(t.met)} (429, 503, connections cut off, timeouts); ${n(t.recoveredByRetry)} recovered by the client's retry, ${n(t.recoveredByRerun)} by running their case again, ${n(t.notRecovered)} not recovered.`
      : 'Transient faults met: none.',
  ];
  if (c.rerun || c.stayedBroken) {
    lines.push(`Cases run again from the start with fresh state: ${n(c.rerun)}; ${n(c.recovered)} recovered, ${n(c.stayedBroken)} stayed broken`
      + `${c.lostWrites ? `; ${n(c.lostWrites)} broken by a write whose reply was lost (never resent)` : ''}`
      + `${c.refusedAfterLostWrite ? `; ${n(c.refusedAfterLostWrite)} re-run(s) refused because the lost write had taken effect (recognised, not counted as the target's own refusal)` : ''}.`);
  }
  lines.push(h.broken.length
    ? `Still broken after their re-runs: ${h.broken.map((b) => `${b.property} (${b.reason})`).join('; ')}; of their rows, those no other case checked read broken.`
    : 'Still broken after their re-runs: nothing.');
  if (h.slowReplies) lines.push(`Slow replies: ${n(h.slowReplies.count)} took a second or more (the longest ${n(h.slowReplies.longestMs)} ms).`);
  return lines;
}

/** One row per fault kind and operation: met, recovered by retry, recovered by re-run, not recovered. */
export const healthHeader = ['fault', 'operation', 'met', 'recovered by retry', 'recovered by re-run', 'not recovered'] as const;

export function healthRows(h: TargetHealth): string[][] {
  return h.rows.map((r) => [r.kind, r.operation, n(r.met), n(r.recoveredByRetry), n(r.recoveredByRerun), n(r.notRecovered)]);
}
