import { operations } from '../contract/operations.js';
import { tokenOperation } from '../contract/token.js';
import type { Exchange, HttpMethod } from './exchange.js';

/**
 * The retry policy interface.md advises ("fault tolerant access strategy with a retry
 * policy"): a 429 or 503 on any request (the target says it did nothing and asks to come back);
 * connection trouble only where repeating is safe (a lost reply to a write may have taken effect:
 * the suites run the whole case again instead, suites/lib/runner/rerun.ts).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (1 = never retry). */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Retry-After values above this are cut down to it. */
  readonly retryAfterCapMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2000, retryAfterCapMs: 10_000 };

export const retryableStatuses: readonly number[] = [429, 503];

/**
 * Whether a request may be sent again after a lost connection: the one place that decides it.
 * A partner operation by its contract entry (`writes: false` changes nothing, whatever its
 * method; `repeatable`: an add-or-update sent twice leaves the card as once, by the States table);
 * the token endpoint always (a second token is harmless); a request outside the
 * contract (preflight, probes) only when it is a GET. A 429 or 503 is retried whatever this says.
 */
export function retrySafe(operation: string, method: HttpMethod): boolean {
  if (operation === tokenOperation) return true;
  const entry = operations.find((o) => o.id === operation);
  return entry ? !entry.writes || entry.repeatable === true : method === 'GET';
}

/** Worth another attempt where repeating is safe: connection trouble, or a 429 or 503. */
export function worthRetrying(exchange: Pick<Exchange, 'response' | 'transportError'>): boolean {
  const code = exchange.transportError?.code;
  if (code) return code === 'TARGET_UNREACHABLE' || code === 'CONNECTION_RESET';
  return retryableStatuses.includes(exchange.response?.status ?? 0);
}

/**
 * A whole 429 or 503 answer: the request was not processed (RFC 6585 section 4, RFC 9110 section
 * 15.6.4), so it is sent again whatever the operation, writes included.
 */
export function askedToComeBack(exchange: Pick<Exchange, 'response' | 'transportError'>): boolean {
  return !exchange.transportError && retryableStatuses.includes(exchange.response?.status ?? 0);
}

/** Whether to make another attempt: a 429 or 503 always; connection trouble only where repeating is safe. */
export function shouldRetry(exchange: Pick<Exchange, 'response' | 'transportError'>, repeatable: boolean): boolean {
  return askedToComeBack(exchange) || (repeatable && worthRetrying(exchange));
}

/** Retry-After in milliseconds (delta-seconds or HTTP-date, RFC 9110 10.2.3), capped; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number, capMs: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  let ms: number;
  if (/^[0-9]+$/.test(v)) ms = Number(v) * 1000;
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(Math.max(ms, 0), capMs);
}

/** Exponential backoff with "equal jitter": half fixed, half random. `attempt` counts from 1. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
