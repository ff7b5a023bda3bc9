import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import type { ClientConfig } from './config.js';

/** An HTTP answer, whatever its status: business errors are answers, not exceptions. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  readonly body: unknown;
}

/** No answer at all: the connection was reset or closed, or the answer did not come in time. */
export interface NoAnswer {
  readonly status: 'reset' | 'timeout';
  readonly code: string;
}

export type Outcome = Answer | NoAnswer;

export const answered = (o: Outcome): o is Answer => typeof o.status === 'number';

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * One HTTPS connection pool for the whole client, and a pacer: requests start at least
 * 1.25/rate seconds apart. The margin is for the server's clock, not ours: a request it
 * records a quarter second late still leaves no one-second window with more than `rate`.
 */
export function openTransport(config: ClientConfig): { send(r: HttpRequest): Promise<Outcome>; close(): Promise<void> } {
  const agent = new Agent({
    // TLS 1.2 is also Node's default floor; saying it here keeps it true if the default ever moves.
    connect: { ...(config.caPem ? { ca: config.caPem } : {}), minVersion: 'TLSv1.2' },
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
  });
  const spacingMs = 1250 / config.rate;
  let nextStart = 0;

  async function send(r: HttpRequest): Promise<Outcome> {
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + spacingMs;
    if (start > now) await sleep(start - now);
    try {
      const res = await request(r.url, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
      const text = await res.body.text();
      let body: unknown;
      try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
      return { status: res.statusCode, headers: res.headers, body };
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? 'UNKNOWN');
      return { status: timeoutCodes.has(code) ? 'timeout' : 'reset', code };
    }
  }
  return { send, close: () => agent.close() };
}

/** A header of an answer as one string (undici gives repeated headers as arrays). */
export function header(answer: Answer, name: string): string | undefined {
  const v = answer.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}
