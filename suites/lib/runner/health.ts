import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Attempt, Exchange } from '../../../client/exchange.js';
import { rawDir } from '../../../reporting/recorder.js';

/**
 * The target's health as a worker met it: every transient answer (a 429, a 503, a connection cut
 * off, a timeout), whether the client's retry got through it, and what became of the cases whose
 * exchange it broke (rerun.ts). Each worker appends to raw/health-<pid>.jsonl, one JSON line per
 * event, so an interrupted run still reports what it met; health-report.ts adds them up.
 */
export const healthFilePrefix = 'health-';

/** How a transient answer reads in the report; a reset before a reply and a reply lost after it look alike to a client. */
export type FaultKind = 'unavailable (503)' | 'rate-limited (429)' | 'connection reset' | 'timeout' | 'unreachable' | 'transport error';

/** A reply slower than this is counted as slow (it costs time, not a case). */
export const slowReplyMs = 1000;

export type HealthEvent =
  /** One exchange that met at least one transient answer; `answered`: its last attempt got a real answer. */
  | { kind: 'exchange'; id: string; operation: string; faults: FaultKind[]; answered: boolean }
  | { kind: 'slow'; operation: string; ms: number }
  /**
   * A case (or model sequence) one of whose exchanges broke: run again from the start up to
   * CONFORMANCE_RERUNS times. `broken`: the correlation ids of the exchanges that broke it.
   */
  | {
    kind: 'case'; property: string; broken: string[]; reruns: number; outcome: 'recovered' | 'broken';
    /** A write whose reply was lost broke it: the target may have done it. */
    lostWrite: boolean;
    /** A re-run met a business refusal the lost write caused (the identity now exists), recognised as such. */
    refusedAfterLostWrite?: boolean;
    reason?: string;
  };

/** The fault an attempt met, or undefined for a real answer. */
export function faultOf(a: Pick<Attempt, 'status' | 'errorCode'>): FaultKind | undefined {
  if (a.errorCode === 'CONNECTION_RESET') return 'connection reset';
  if (a.errorCode === 'TIMEOUT') return 'timeout';
  if (a.errorCode === 'TARGET_UNREACHABLE') return 'unreachable';
  if (a.errorCode) return 'transport error';
  if (a.status === 503) return 'unavailable (503)';
  if (a.status === 429) return 'rate-limited (429)';
  return undefined;
}

export class HealthLog {
  readonly #file: string;

  constructor(reportDir: string) {
    mkdirSync(rawDir(reportDir), { recursive: true });
    this.#file = join(rawDir(reportDir), `${healthFilePrefix}${process.pid}.jsonl`);
  }

  #log(e: HealthEvent): void {
    appendFileSync(this.#file, `${JSON.stringify(e)}\n`, 'utf8');
  }

  /** Every exchange the client records: only those that met a transient answer or a slow reply leave a line. */
  exchange(x: Exchange): void {
    const faults = x.attempts.map(faultOf).filter((f): f is FaultKind => f !== undefined);
    if (faults.length) this.#log({ kind: 'exchange', id: x.request.correlationId, operation: x.request.operation, faults, answered: faultOf(x.attempts.at(-1) ?? {}) === undefined });
    for (const a of x.attempts) if (a.durationMs >= slowReplyMs && !faultOf(a)) this.#log({ kind: 'slow', operation: x.request.operation, ms: a.durationMs });
  }

  case(e: Omit<Extract<HealthEvent, { kind: 'case' }>, 'kind'>): void {
    this.#log({ kind: 'case', ...e });
  }
}
