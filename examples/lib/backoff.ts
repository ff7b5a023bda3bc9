import type { Answer } from './transport.js';
import { header } from './transport.js';

/**
 * Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3);
 * undefined when absent or unreadable.
 */
export function retryAfterMs(answer: Answer, now = Date.now()): number | undefined {
  const value = header(answer, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with "equal jitter": half of base·2^(n-1) fixed, half random. Clients
 * that fail together spread out, and each wait is still at least as long as the one before.
 */
export function backoffMs(retryNumber: number, baseMs: number): number {
  const ceiling = baseMs * 2 ** (retryNumber - 1);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
