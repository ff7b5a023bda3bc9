import type { Exchange } from './exchange.js';
import type { Redactor } from './redaction.js';

/**
 * The exchanges of the current case or property, newest last, bounded, so a failure can
 * attach what was sent and received. Nothing leaves it unredacted: use formatExchange.
 */
export class ExchangeRecorder {
  private items: Exchange[] = [];
  private label: string | undefined;

  constructor(readonly limit = 50) {}

  /** Start a new case or property: earlier exchanges are dropped. */
  begin(label?: string): void {
    this.items = [];
    this.label = label;
  }

  record(exchange: Exchange): void {
    this.items.push(exchange);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }

  get current(): string | undefined {
    return this.label;
  }

  all(): readonly Exchange[] {
    return [...this.items];
  }

  last(): Exchange | undefined {
    return this.items[this.items.length - 1];
  }

  clear(): void {
    this.items = [];
  }
}

const maxBody = 300;

function pathOf(url: string, query: Readonly<Record<string, string>>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.append(k, v);
  return `${u.pathname}${u.search}`;
}

function short(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}… (${flat.length} chars)` : flat;
}

/** One redacted line: `POST /api/v1/partners/find-customer → 422 {"errorCode":...}`. */
export function formatExchange(exchange: Exchange, redactor: Redactor): string {
  const { request, response, transportError } = exchange;
  const head = `${request.method} ${redactor.redact(pathOf(request.url, request.query))}`;
  const retries = exchange.attempts > 1 ? ` after ${exchange.attempts} attempts` : '';
  const parts: string[] = [];
  if (response) parts.push(`${response.status}${response.bodyText ? ` ${short(redactor.redactBody(response.bodyText), maxBody)}` : ''}`);
  if (transportError) parts.push(`${transportError.code}: ${short(redactor.redact(transportError.message), maxBody)}`);
  return `${head} → ${parts.join(', ') || 'nothing'}${retries}`;
}

/** Several redacted lines: request headers and body, response status, headers and body. */
export function formatExchangeDetail(exchange: Exchange, redactor: Redactor): string {
  const { request, response, transportError } = exchange;
  const lines = [`${request.method} ${redactor.redact(pathOf(request.url, request.query))}  (x-correlation-id: ${request.correlationId})`];
  for (const [k, v] of Object.entries(redactor.redactHeaders(request.headers))) lines.push(`> ${k}: ${v}`);
  const sent = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (sent !== undefined) lines.push(`> ${redactor.redactBody(sent)}`);
  if (response) {
    lines.push(`< ${response.status}`);
    for (const [k, v] of Object.entries(redactor.redactHeaders(response.headers))) lines.push(`< ${k}: ${v}`);
    if (response.bodyText) lines.push(`< ${short(redactor.redactBody(response.bodyText), 4000)}`);
  }
  if (transportError) lines.push(`! ${transportError.code}: ${redactor.redact(transportError.message)}`);
  lines.push(`(${exchange.durationMs} ms, ${exchange.attempts} attempt${exchange.attempts === 1 ? '' : 's'})`);
  return lines.join('\n');
}
