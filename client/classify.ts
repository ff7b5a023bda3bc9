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

export function classifyError(error: unknown): TransportError {
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
