/**
 * The figures of issue 12 for `npm run bench`: what a full default run costs a target, next to the
 * figures before the request budget and the customer pool (commit 2b52bd5, measured the same way:
 * the embedded reference, TARGET_RATE_LIMIT=200, seeds 1 and 2; customers counted by the reference's
 * own store, since that version's footprint missed the field-rule enrolments).
 * Detections per 1,000 requests: catalogue faults a default run catches, per 1,000 of its requests.
 * Before: every fault of the catalogue was caught (the fault self-tests), so the catalogue size over
 * the requests. Now: a fixed sample of faults, one default run each, scaled to the catalogue.
 */
import type { Summary } from '../reporting/model.js';

export const before = { requests: 11_419, customers: 332, seconds: 90, detectionsPer1000: 9.0 } as const;

/** One fault per area (field rules, bodies, business, history, stateful, access): each needs a default run. */
export const sampleFaults = ['find-wrong-title', 'readd-same-id', 'history-oldest-first', 'enroll-duplicate-ssn-accepted', 'card-update-not-stored', 'sattr-both-filters-accepted'] as const;

export interface RunFigures { readonly requests: number; readonly customers: number; readonly seconds: number }

export function figuresOf(summary: Summary, seconds: number): RunFigures {
  const requests = Object.values(summary.footprint?.requests ?? {}).reduce((n, v) => n + v, 0);
  return { requests, customers: summary.footprint?.customersEnrolled ?? 0, seconds };
}

/** caught / sample × catalogue, per 1,000 requests of a clean default run. */
export function detectionsPer1000(caught: number, sample: number, catalogue: number, requests: number): number {
  return requests > 0 && sample > 0 ? ((caught / sample) * catalogue * 1000) / requests : 0;
}

export function figureLines(now: RunFigures, detections: number | undefined, sample: string): string[] {
  const row = (label: string, was: string, is: string) => `  ${label.padEnd(34)}${was.padStart(10)}  ${is.padStart(10)}`;
  const n = (v: number) => v.toLocaleString('en-US');
  return [
    row('', 'before', 'now'),
    row('requests per full default run', n(before.requests), n(now.requests)),
    row('customers enrolled', n(before.customers), n(now.customers)),
    row('seconds at 200 requests/s', String(before.seconds), now.seconds.toFixed(1)),
    row('detections per 1,000 requests', before.detectionsPer1000.toFixed(1), detections === undefined ? 'n/a' : detections.toFixed(1)),
    `  (detections now: ${sample})`,
  ];
}
