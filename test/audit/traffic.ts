import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operation } from '../../contract/index.js';
import { harEntry } from '../../client/traffic-log.js';
import { toResponse } from '../../client/http-attempt.js';
import type { CaseRequest, HttpMethod } from '../../client/exchange.js';

/**
 * Recorded traffic built by hand, as HAR 1.2 entries (the run's own writer, client/traffic-log.ts):
 * a few lines per exchange, times in milliseconds from a fixed start.
 */
export const base = 'https://sandbox.partner.example';
export const t0 = Date.parse('2026-11-24T10:00:00Z');
const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A JWT-shaped bearer that lives an hour from t0 (no one issued it in the traffic unless a test says so). */
export const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'acme', iat: t0 / 1000, exp: t0 / 1000 + 3600 })}.c2lnbmF0dXJl`;
export const session = 'sess-0001-aaaa';
export const device = 'device-1';

export interface Call {
  readonly op?: string;
  /** The token endpoint instead of an operation. */
  readonly tokenEndpoint?: boolean;
  readonly at: number;
  readonly ms?: number;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly query?: Record<string, string>;
  /** Request headers; default: bearer, apiVersion 1, and the session for a session operation. */
  readonly headers?: Record<string, string>;
  readonly status?: number;
  readonly reply?: unknown;
  readonly replyHeaders?: Record<string, string>;
  readonly failure?: 'reset';
}

const problemType = 'application/problem+json';

export function entry(c: Call): object {
  const op = c.op ? operation(c.op) : undefined;
  const headers = c.headers ?? {
    authorization: `Bearer ${token}`, apiVersion: '1',
    ...(op?.sessionRequired ? { sessionId: session, deviceId: device } : {}),
  };
  const request: CaseRequest = {
    operation: c.op ?? 'Token', method: (c.tokenEndpoint ? 'POST' : op!.method) as HttpMethod,
    url: c.tokenEndpoint ? `${base}/oauth2/token` : `${base}${op!.path}`, query: c.query ?? {}, headers,
    ...(c.body === undefined ? {} : { body: c.body }), ...(c.rawBody === undefined ? {} : { rawBody: c.rawBody }),
    correlationId: `c-${c.at}`,
  };
  const status = c.status ?? 200;
  const replyText = c.reply === undefined ? (status >= 400 ? '{"title":"x"}' : '{}') : typeof c.reply === 'string' ? c.reply : JSON.stringify(c.reply);
  const type = status >= 400 && c.reply && typeof c.reply === 'object' && 'type' in (c.reply as object) ? problemType : 'application/json';
  const result = c.failure ? { transportError: { code: 'CONNECTION_RESET' as const, message: 'socket hang up' } }
    // A token endpoint answers with Cache-Control: no-store (RFC 6749 5.1), as the reference does.
    : { response: toResponse(status, { 'content-type': type, ...(c.tokenEndpoint ? { 'cache-control': 'no-store' } : {}), ...c.replyHeaders }, replyText) };
  return harEntry(request, result, t0 + c.at, c.ms ?? 5);
}

export const har = (calls: readonly Call[], creator = { name: 'test', version: '1' }) =>
  ({ log: { version: '1.2', creator, entries: calls.map(entry) } });

/** Writes the traffic as a .har file in a fresh directory; returns its path. */
export function harFile(calls: readonly Call[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-audit-'));
  const file = join(dir, 'traffic.har');
  writeFileSync(file, JSON.stringify(har(calls)));
  return file;
}

/** A Problem body as the Errors table documents it. */
export const problem = (status: number, title: string, path: string, more: Record<string, unknown> = {}) => ({
  type: status === 400 ? 'https://tools.ietf.org/html/rfc7231#section-6.5.1' : status === 401 ? 'https://tools.ietf.org/html/rfc7235#section-3.1' : 'https://tools.ietf.org/html/rfc4918#section-11.2',
  title, status, detail: title, instance: path, ...more,
});
