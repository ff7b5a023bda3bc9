import type { CaseRequest, Exchange, HttpMethod, TransportError } from '../client/exchange.js';
import { correlationHeader, toResponse } from '../client/http-attempt.js';
import type { HarEntry } from './input/har-schema.js';
import { operationName, recognise, type Recognised, type RecogniseOptions } from './recognise.js';

/**
 * One recorded exchange as the harness's checks read it (client/exchange.ts), with where it came
 * from: its index in the file and its time, so every finding can point at the entry that shows it.
 */
export interface AuditEntry {
  /** Position in log.entries (or in the raw records), from 0. */
  readonly index: number;
  /** When the request left, epoch milliseconds. */
  readonly startedAt: number;
  /** When the answer (or the failure) was complete; startedAt when the exporter did not time it. */
  readonly endedAt: number;
  /** How much later than endedAt the answer can have come: 1 where the recording keeps whole milliseconds, 0 where it keeps microseconds. */
  readonly timeSlackMs: number;
  readonly recognised: Recognised;
  readonly exchange: Exchange;
  /** Negotiated TLS protocol when the exporter kept it (Playwright's `_securityDetails`), e.g. `TLSv1.3`. */
  readonly tlsProtocol?: string;
  /** False where the exporter left the response body out (HAR: `text` omitted when not available): only status and headers can be judged. */
  readonly bodyRecorded: boolean;
}

/** Header pairs as one record, names lower-cased, repeated names joined as HTTP joins them. */
function headerRecord(pairs: ReadonlyArray<{ name: string; value: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of pairs) {
    const key = name.toLowerCase();
    // HTTP/2 pseudo-headers (:authority, :path) are the URL, already read.
    if (key.startsWith(':')) continue;
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

function decode(text: string | undefined, encoding: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return encoding?.toLowerCase() === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

/** The request body as sent: postData text, or its params form-encoded when the exporter split them. */
function requestBody(entry: HarEntry): string | undefined {
  const data = entry.request.postData;
  if (!data) return undefined;
  const text = decode(data.text, data.encoding);
  if (text !== undefined) return text;
  return data.params ? new URLSearchParams(data.params.map((p): [string, string] => [p.name, p.value])).toString() : undefined;
}

/**
 * The body as the target may have read it: D43 lets a target ignore a byte order mark before the
 * JSON, so the state the traffic built (a DeleteCard accepted with one) reads the body without it.
 * `rawBody` keeps the mark, and the field rules leave such a request open (audit/rules/request-verdict.ts).
 */
function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** Why a request got no answer, from the exporter's `_error` (Chrome's on the response: net::ERR_CONNECTION_RESET; the harness's on the entry). */
function failure(entry: HarEntry): TransportError | undefined {
  const said = entry._error ?? entry.response._error ?? undefined;
  if (entry.response.status > 0 && !said) return undefined;
  const message = said || 'the recording holds no response (status 0)';
  const code: TransportError['code'] = /reset|ECONNRESET|EPIPE|socket hang up/i.test(message) ? 'CONNECTION_RESET'
    : /time[d ]?out|ETIMEDOUT|ABORT/i.test(message) ? 'TIMEOUT'
      : /TLS|SSL|CERT/i.test(message) ? 'TLS_FAILURE'
        : /REFUSED|ENOTFOUND|NAME_NOT_RESOLVED|UNREACHABLE/i.test(message) ? 'TARGET_UNREACHABLE' : 'TRANSPORT_ERROR';
  return { code, message };
}

const tlsNames: Readonly<Record<string, string>> = { 'TLS 1.3': 'TLSv1.3', 'TLS 1.2': 'TLSv1.2', 'TLS 1.1': 'TLSv1.1', 'TLS 1': 'TLSv1', 'TLS 1.0': 'TLSv1' };

/** Query parameters the URL gives more than once. */
function repeatedNames(url: URL): string[] {
  const names = [...url.searchParams.keys()];
  return [...new Set(names.filter((k, i) => names.indexOf(k) !== i))];
}

export function toAuditEntry(entry: HarEntry, index: number, options: RecogniseOptions = {}): AuditEntry {
  const url = new URL(entry.request.url);
  const headers = headerRecord(entry.request.headers);
  const sent = requestBody(entry);
  const recognised = recognise(entry.request.method, entry.request.url, { mimeType: headers['content-type'] ?? entry.request.postData?.mimeType, body: sent }, options);
  const body = parseJson(sent);
  const request: CaseRequest = {
    operation: operationName(recognised),
    method: entry.request.method.toUpperCase() as HttpMethod,
    url: `${url.origin}${url.pathname}`,
    query: Object.fromEntries(url.searchParams),
    ...(repeatedNames(url).length ? { repeatedQuery: repeatedNames(url) } : {}),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(sent === undefined ? {} : { rawBody: sent }),
    correlationId: headers[correlationHeader] ?? `log.entries[${index}]`,
  };
  const transportError = failure(entry);
  const responseHeaders = headerRecord(entry.response.headers);
  const content = entry.response.content;
  // An exporter that kept no response headers still names the media type in content.mimeType.
  if (!('content-type' in responseHeaders) && entry.response.headers.length === 0 && content?.mimeType) responseHeaders['content-type'] = content.mimeType;
  const response = entry.response.status > 0 ? toResponse(entry.response.status, responseHeaders, decode(content?.text, content?.encoding) ?? '') : undefined;
  // The harness's own recordings keep the start in microseconds beside the HAR's whole milliseconds.
  const precise = typeof entry._startedAtMs === 'number' && Math.abs(entry._startedAtMs - Date.parse(entry.startedDateTime)) < 1;
  const startedAt = precise ? entry._startedAtMs! : Date.parse(entry.startedDateTime);
  const time = entry.time !== undefined && entry.time >= 0 ? entry.time : 0;
  const protocol = entry._securityDetails?.protocol;
  const exchange: Exchange = {
    request, ...(response ? { response } : {}), ...(transportError ? { transportError } : {}),
    durationMs: Math.round(time),
    attempts: [{ ...(response ? { status: response.status } : {}), ...(transportError ? { errorCode: transportError.code } : {}), headers: {}, startedAtMs: 0, durationMs: Math.round(time) }],
  };
  const bodyRecorded = !response || content?.text !== undefined || (content?.size ?? 0) === 0;
  return {
    bodyRecorded,
    index, startedAt, endedAt: startedAt + time, timeSlackMs: precise ? 0 : 1, recognised, exchange,
    ...(protocol ? { tlsProtocol: tlsNames[protocol] ?? protocol } : {}),
  };
}
