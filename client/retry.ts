import { operations } from '../contract/operations.js';
import { tokenOperation } from '../contract/token.js';
import type { Exchange, HttpMethod } from './exchange.js';

/**
 * The retry policy interface.md advises ("fault tolerant access strategy with a retry
 * policy"): only requests safe to repeat, only on connection trouble, 429 and 503.
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
 * Whether a request may be sent again after a 429, a 503 or a lost connection: the one place
 * that decides it. A partner operation by its contract entry (`writes: false` changes nothing,
 * whatever its method); the token endpoint always (a second token is harmless); a request
 * outside the contract (preflight, probes) only when it is a GET.
 */
export function retrySafe(operation: string, method: HttpMethod): boolean {
  if (operation === tokenOperation) return true;
  const entry = operations.find((o) => o.id === operation);
  return entry ? !entry.writes : method === 'GET';
}

export function worthRetrying(exchange: Pick<Exchange, 'response' | 'transportError'>): boolean {
  const code = exchange.transportError?.code;
  if (code) return code === 'TARGET_UNREACHABLE' || code === 'CONNECTION_RESET';
  return retryableStatuses.includes(exchange.response?.status ?? 0);
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
