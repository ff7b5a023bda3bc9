import type { Dispatcher } from 'undici';
import { request as undiciRequest } from './undici-parts.js';
import { wireBody, type CaseRequest, type Exchange, type ExchangeResponse } from './exchange.js';
import { classifyError } from './classify.js';

/** The harness's own request header; its value is the request's correlationId. */
export const correlationHeader = 'x-correlation-id';

export type AttemptResult = Pick<Exchange, 'response' | 'transportError'>;

export function requestUrl(req: CaseRequest): string {
  const url = new URL(req.url);
  for (const [k, v] of Object.entries(req.query)) url.searchParams.append(k, v);
  for (const k of req.repeatedQuery ?? []) if (req.query[k] !== undefined) url.searchParams.append(k, req.query[k]);
  return url.toString();
}

/** The headers that go on the wire: the request's, the correlation id, and a JSON content type for a JSON body. */
export function outgoingHeaders(req: CaseRequest): Record<string, string> {
  const headers: Record<string, string> = { ...req.headers, [correlationHeader]: req.correlationId };
  const hasType = Object.keys(req.headers).some((k) => k.toLowerCase() === 'content-type');
  if (req.rawBody === undefined && req.body !== undefined && !hasType) headers['content-type'] = 'application/json';
  return headers;
}

/** One HTTP request, never retried and never throwing: trouble becomes a TransportError. */
export async function sendOnce(agent: Dispatcher, req: CaseRequest, timeoutMs: number): Promise<AttemptResult> {
  const body = wireBody(req);
  let status = 0;
  let headers: Record<string, string> = {};
  const chunks: Buffer[] = [];
  let bodyBytes = 0;
  try {
    const res = await undiciRequest(requestUrl(req), {
      dispatcher: agent,
      method: req.method,
      headers: outgoingHeaders(req),
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.statusCode;
    headers = flatHeaders(res.headers);
    for await (const chunk of res.body) {
      chunks.push(chunk as Buffer);
      bodyBytes += (chunk as Buffer).byteLength;
    }
    return { response: toResponse(status, headers, Buffer.concat(chunks).toString('utf8')) };
  } catch (error) {
    const declared = Number(headers['content-length']);
    const transportError = classifyError(error, {
      timeoutMs, bodyBytes,
      ...(status ? { status } : {}),
      ...(Number.isInteger(declared) ? { declaredLength: declared } : {}),
    });
    // Headers arrived, the body did not: keep what came, it is evidence.
    return status ? { response: toResponse(status, headers, Buffer.concat(chunks).toString('utf8')), transportError } : { transportError };
  }
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export function toResponse(status: number, headers: Record<string, string>, bodyText: string): ExchangeResponse {
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
  let json: unknown;
  let jsonError: string | undefined;
  if (bodyText.trim() !== '') {
    try {
      json = JSON.parse(bodyText);
    } catch (e) {
      jsonError = (e as Error).message;
    }
  }
  return { status, headers, bodyText, json, ...(jsonError === undefined ? {} : { jsonError }), ...(mediaType ? { mediaType } : {}) };
}
