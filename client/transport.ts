import { rootCertificates } from 'node:tls';
import { Agent, request as undiciRequest } from 'undici';
import { minTlsVersion } from '../contract/token.js';
import type { CaseRequest, Exchange, ExchangeResponse } from './exchange.js';
import { classifyError } from './classify.js';
import type { RateLedger } from './rate-ledger.js';
import { createConcurrencyLimit, createRateLimit, processLimits, sleep as realSleep } from './limits.js';
import { backoffMs, defaultRetryPolicy, retryAfterMs, safeToRepeat, worthRetrying, type RetryPolicy } from './retry.js';

export interface TransportOptions {
  /** Extra CA certificate (PEM) trusted besides the system CAs. */
  readonly ca?: string;
  /** Per-attempt timeout: connect, headers and body together. */
  readonly timeoutMs: number;
  /** Requests in flight at most. */
  readonly concurrency: number;
  /** Requests started per second at most. */
  readonly rateLimit: number;
  /** Local source address (allow-list probe, D25). */
  readonly localAddress?: string;
  readonly retry?: Partial<RetryPolicy>;
  /** Share the limits of every transport of this process with the same settings (processLimits). */
  readonly shareLimits?: boolean;
  /** With shareLimits: carry the rate window over from earlier processes of the same worker slot. */
  readonly rateLedger?: RateLedger;
  /** Test seams. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

export interface SendOptions {
  /** Overrides the default (GET and the token endpoint are safe to repeat, nothing else). */
  readonly idempotent?: boolean;
}

export interface Transport {
  send(request: CaseRequest, options?: SendOptions): Promise<Exchange>;
  close(): Promise<void>;
}

/**
 * Slack added to the 1 s rate window: starts are stamped at the client, arrivals at the
 * server drift by network latency, and the limit must hold where the target measures it.
 */
const rateWindowMs = 1050;

export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const wait = options.sleep ?? realSleep;
  const agent = new Agent({
    connections: options.concurrency,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    // undici takes the source address from the Agent option and overrides connect.localAddress.
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    connect: {
      timeout: options.timeoutMs,
      minVersion: minTlsVersion,
      ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
    },
  });
  const { inFlight, rate } = options.shareLimits
    ? processLimits(options.concurrency, options.rateLimit, rateWindowMs, options.rateLedger)
    : { inFlight: createConcurrencyLimit(options.concurrency), rate: createRateLimit(options.rateLimit, { windowMs: rateWindowMs }) };

  const attempt = (req: CaseRequest) =>
    inFlight.run(async () => {
      await rate.acquire();
      return once(agent, req, options.timeoutMs);
    });

  return {
    async send(req, sendOptions = {}) {
      const started = performance.now();
      const repeatable = safeToRepeat(req.method, req.operation, sendOptions.idempotent);
      for (let n = 1; ; n++) {
        const result = await attempt(req);
        if (!repeatable || n >= policy.maxAttempts || !worthRetrying(result)) {
          return { request: req, ...result, durationMs: Math.round(performance.now() - started), attempts: n };
        }
        const after = retryAfterMs(result.response?.headers['retry-after'], Date.now(), policy.retryAfterCapMs);
        await wait(after ?? backoffMs(n, policy, options.random));
      }
    },
    close: () => agent.close(),
  };
}

type Attempt = Pick<Exchange, 'response' | 'transportError'>;

export function requestUrl(req: CaseRequest): string {
  const url = new URL(req.url);
  for (const [k, v] of Object.entries(req.query)) url.searchParams.append(k, v);
  return url.toString();
}

function outgoingHeaders(req: CaseRequest): Record<string, string> {
  const headers: Record<string, string> = { ...req.headers, 'x-correlation-id': req.correlationId };
  const hasType = Object.keys(req.headers).some((k) => k.toLowerCase() === 'content-type');
  if (req.rawBody === undefined && req.body !== undefined && !hasType) headers['content-type'] = 'application/json';
  return headers;
}

async function once(agent: Agent, req: CaseRequest, timeoutMs: number): Promise<Attempt> {
  const body = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
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
