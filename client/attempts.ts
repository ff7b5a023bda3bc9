import type { Attempt, Exchange } from './exchange.js';
import type { Redactor } from './redaction.js';

/** Why a retry happened and what the target said about it; the rest of an earlier answer is not evidence. */
export const attemptHeaders: readonly string[] = ['retry-after', 'date', 'content-type'];

/** The record of one attempt from what came back (headers lower-cased by the transport). */
export function attemptOf(
  result: Pick<Exchange, 'response' | 'transportError'>, startedAtMs: number, durationMs: number,
): Attempt {
  const headers: Record<string, string> = {};
  for (const name of attemptHeaders) {
    const value = result.response?.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return {
    ...(result.response ? { status: result.response.status } : {}),
    ...(result.transportError ? { errorCode: result.transportError.code } : {}),
    headers, startedAtMs: Math.round(startedAtMs), durationMs: Math.round(durationMs),
  };
}

/** One line per attempt before the last: `attempt 1: 503 retry-after 1 after 12 ms`. */
export function describeAttempts(exchange: Pick<Exchange, 'attempts'>, redactor: Redactor): string[] {
  return exchange.attempts.slice(0, -1).map((a, i) => {
    const outcome = [a.status, a.errorCode].filter((v) => v !== undefined).join(' ') || 'nothing';
    const retryAfter = a.headers['retry-after'];
    const wait = retryAfter === undefined ? '' : ` retry-after ${redactor.redact(retryAfter)}`;
    return `attempt ${i + 1}: ${outcome}${wait} after ${a.durationMs} ms`;
  });
}
