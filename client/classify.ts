import type { TransportError } from './exchange.js';

/** Maps a Node/undici error (and its `cause` chain) to the harness's TransportError codes. */

const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const timeouts = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const resets = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_CLOSED']);

interface ErrorLike { code?: unknown; name?: unknown; message?: unknown; cause?: unknown }

function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let e: unknown = error;
  while (e && typeof e === 'object' && out.length < 5) {
    out.push(e as ErrorLike);
    e = (e as ErrorLike).cause;
  }
  return out;
}

function isTls(e: ErrorLike): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  return /^ERR_(TLS|SSL)_/.test(code) || /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code) || (code === 'EPROTO' && /ssl|tls/i.test(message));
}

/** How far an attempt got before it failed; lets the message say what was cut short. */
export interface AttemptProgress {
  readonly timeoutMs: number;
  /** Set once the status line and headers arrived. */
  readonly status?: number;
  readonly bodyBytes: number;
  /** Content-Length the response declared, if any. */
  readonly declaredLength?: number;
}

/**
 * Maps a Node/undici error to a TransportError. With `progress`, the message starts with what
 * happened in words a report reader can act on: a timeout names the limit, a body cut off
 * before its declared end is called truncated, a reset says so.
 */
export function classifyError(error: unknown, progress?: AttemptProgress): TransportError {
  const base = classifyCode(error);
  return progress ? { code: base.code, message: `${explain(base.code, error, progress)}: ${base.message}` } : base;
}

function explain(code: TransportError['code'], error: unknown, p: AttemptProgress): string {
  const of = p.declaredLength === undefined ? '' : ` of ${p.declaredLength} declared`;
  const wasReset = chain(error).some((e) => e.code === 'ECONNRESET');
  if (code === 'TIMEOUT') {
    return `no complete response within ${p.timeoutMs} ms (TARGET_TIMEOUT_MS)${p.status ? `; status ${p.status} and ${p.bodyBytes} body bytes had arrived` : ''}`;
  }
  if (code === 'CONNECTION_RESET' && p.status) {
    return wasReset
      ? `the connection was reset mid-response, after status ${p.status} and ${p.bodyBytes}${of} body bytes`
      : `the response body was truncated: ${p.bodyBytes}${of} bytes arrived before the target closed the connection`;
  }
  if (code === 'CONNECTION_RESET') return wasReset ? 'the connection was reset before any response' : 'the target closed the connection before any response';
  if (p.status) return `the attempt failed after status ${p.status} and ${p.bodyBytes} body bytes`;
  if (code === 'TARGET_UNREACHABLE') return 'no connection could be made';
  if (code === 'TLS_FAILURE') return 'the TLS handshake failed';
  return 'no response';
}

function classifyCode(error: unknown): TransportError {
  const errors = chain(error);
  const message = errors.map((e) => [e.code, e.message].filter((x) => typeof x === 'string' && x).join(' ')).filter(Boolean).join(' <- ') || String(error);
  const codeOf = (pick: (e: ErrorLike) => boolean) => errors.some(pick);
  const code = (e: ErrorLike) => (typeof e.code === 'string' ? e.code : '');
  if (codeOf((e) => e.name === 'TimeoutError' || timeouts.has(code(e)))) return { code: 'TIMEOUT', message };
  if (codeOf(isTls)) return { code: 'TLS_FAILURE', message };
  if (codeOf((e) => unreachable.has(code(e)))) return { code: 'TARGET_UNREACHABLE', message };
  if (codeOf((e) => resets.has(code(e)))) return { code: 'CONNECTION_RESET', message };
  return { code: 'TRANSPORT_ERROR', message };
}
