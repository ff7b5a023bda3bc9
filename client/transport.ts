import { rootCertificates } from 'node:tls';
import { minTlsVersion } from '../contract/token.js';
import type { Attempt, CaseRequest, Exchange } from './exchange.js';
import { attemptOf } from './attempts.js';
import { sendOnce, type AttemptResult } from './http-attempt.js';
import { createDispatcher, type ProxySettings } from './proxy.js';
import type { RateLedger } from './rate-ledger.js';
import { processTrafficLog, type TrafficLog } from './traffic-log.js';
import type { FlightPermits } from './flight-permits.js';
import { createConcurrencyLimit, createRateLimit, processLimits, sleep as realSleep } from './limits.js';
import { backoffMs, defaultRetryPolicy, retryAfterMs, retrySafe, shouldRetry, type RetryPolicy } from './retry.js';

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
  /** Forward proxy (TARGET_PROXY, HTTPS_PROXY, NO_PROXY); ignored with localAddress, which must reach the target itself. */
  readonly proxy?: ProxySettings;
  readonly retry?: Partial<RetryPolicy>;
  /** Share the limits of every transport of this process with the same settings (processLimits). */
  readonly shareLimits?: boolean;
  /** With shareLimits: carry the rate window over from earlier processes of the same worker slot. */
  readonly rateLedger?: RateLedger;
  /** With shareLimits: the run's permits, shared with the other workers (flight-permits.ts). */
  readonly permits?: FlightPermits;
  /** Where every attempt is written as a HAR entry; default the process's (CONFORMANCE_RECORD_TRAFFIC). */
  readonly trafficLog?: TrafficLog;
  /** Test seams. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

export interface SendOptions {
  /** Overrides retry.ts `retrySafe` for this request (a test or a deliberate case); a 429 or 503 is retried either way. */
  readonly idempotent?: boolean;
}

export interface Transport {
  send(request: CaseRequest, options?: SendOptions): Promise<Exchange>;
  /** Runs `task` with `n` requests allowed in flight at once for it alone (D44 pairs; limits.ts). */
  together<T>(n: number, task: () => Promise<T>): Promise<T>;
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
  const traffic = options.trafficLog ?? processTrafficLog();
  const agent = createDispatcher({
    connections: options.concurrency, timeoutMs: options.timeoutMs,
    tls: { minVersion: minTlsVersion, ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}) },
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  const { inFlight, rate } = options.shareLimits
    ? processLimits(options.concurrency, options.rateLimit, rateWindowMs, options.rateLedger, options.permits)
    : { inFlight: createConcurrencyLimit(options.concurrency), rate: createRateLimit(options.rateLimit, { windowMs: rateWindowMs }) };

  // An attempt's time runs from when the limits let it go: a wait in the queue is not the target's time.
  const attempt = (req: CaseRequest, exchangeStart: number) =>
    inFlight.run(async () => {
      const done = await rate.acquire();
      const started = performance.now();
      let result: AttemptResult;
      try {
        result = await sendOnce(agent, req, options.timeoutMs);
      } finally {
        done();
      }
      // The start as a sub-millisecond epoch time, the same clock in every process (timeOrigin + now).
      traffic?.record(req, result, performance.timeOrigin + started, performance.now() - started);
      return { result, record: attemptOf(result, started - exchangeStart, performance.now() - started) };
    });

  return {
    async send(req, sendOptions = {}) {
      const started = performance.now();
      const repeatable = sendOptions.idempotent ?? retrySafe(req.operation, req.method);
      const attempts: Attempt[] = [];
      for (;;) {
        const { result, record } = await attempt(req, started);
        attempts.push(record);
        if (attempts.length >= policy.maxAttempts || !shouldRetry(result, repeatable)) {
          return { request: req, ...result, durationMs: Math.round(performance.now() - started), receivedAtMs: Date.now(), attempts } satisfies Exchange;
        }
        const after = retryAfterMs(result.response?.headers['retry-after'], Date.now(), policy.retryAfterCapMs);
        await wait(after ?? backoffMs(attempts.length, policy, options.random));
      }
    },
    together: (n, task) => inFlight.together(n, task),
    close: () => agent.close(),
  };
}
