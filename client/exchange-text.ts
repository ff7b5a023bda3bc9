import { describeAttempts } from './attempts.js';
import { wireBody, type Exchange } from './exchange.js';
import { correlationHeader, requestUrl } from './http-attempt.js';
import type { Redactor } from './redaction.js';

/** Exchanges as redacted text for findings and reproductions; every secret the redactor learnt is masked. */

const maxBody = 300;

function pathOf(request: Exchange['request']): string {
  const u = new URL(requestUrl(request));
  return `${u.pathname}${u.search}`;
}

function short(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}… (${flat.length} chars)` : flat;
}

/** One redacted line: `POST /api/v1/partners/find-customer → 422 {"errorCode":...}`. */
export function formatExchange(exchange: Exchange, redactor: Redactor): string {
  const { request, response, transportError } = exchange;
  const head = `${request.method} ${redactor.redact(pathOf(request))}`;
  const retries = exchange.attempts.length > 1 ? ` after ${exchange.attempts.length} attempts` : '';
  const parts: string[] = [];
  if (response) parts.push(`${response.status}${response.bodyText ? ` ${short(redactor.redactBody(response.bodyText), maxBody)}` : ''}`);
  if (transportError) parts.push(`${transportError.code}: ${short(redactor.redact(transportError.message), maxBody)}`);
  return `${head} → ${parts.join(', ') || 'nothing'}${retries}`;
}

/** Several redacted lines: request headers and body, earlier attempts, the last response's status, headers and body. */
export function formatExchangeDetail(exchange: Exchange, redactor: Redactor): string {
  const { request, response, transportError } = exchange;
  const lines = [`${request.method} ${redactor.redact(pathOf(request))}  (${correlationHeader}: ${request.correlationId})`];
  for (const [k, v] of Object.entries(redactor.redactHeaders(request.headers))) lines.push(`> ${k}: ${v}`);
  const sent = wireBody(request);
  if (sent !== undefined) lines.push(`> ${redactor.redactBody(sent)}`);
  lines.push(...describeAttempts(exchange, redactor));
  if (response) {
    lines.push(`< ${response.status}`);
    for (const [k, v] of Object.entries(redactor.redactHeaders(response.headers))) lines.push(`< ${k}: ${v}`);
    if (response.bodyText) lines.push(`< ${short(redactor.redactBody(response.bodyText), 4000)}`);
  }
  if (transportError) lines.push(`! ${transportError.code}: ${redactor.redact(transportError.message)}`);
  const n = exchange.attempts.length;
  lines.push(`(${exchange.durationMs} ms, ${n} attempt${n === 1 ? '' : 's'})`);
  return lines.join('\n');
}
