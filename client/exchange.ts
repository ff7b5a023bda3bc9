/**
 * The two plain values where the parts of the harness meet (Schemathesis' Case and
 * Response): a request as data, and what came back, normalised. Checks and reporters
 * see only these, never undici.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CaseRequest {
  /** Operation id from contract/, or contract/token.ts `tokenOperation` for the token endpoint. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Absolute URL without query string. */
  readonly url: string;
  readonly query: Readonly<Record<string, string>>;
  /** Query parameters given a second time, with the same value (the operator catalogue's repeated-query-parameter). */
  readonly repeatedQuery?: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** JSON value to send; serialised by the client. */
  readonly body?: unknown;
  /** A raw body sent verbatim (form bodies, malformed JSON); wins over `body`. */
  readonly rawBody?: string;
  /** Also sent as the `x-correlation-id` header, so a target's logs can be matched. */
  readonly correlationId: string;
}

export interface ExchangeResponse {
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /** Parsed JSON when the body parsed; undefined otherwise (see jsonError). */
  readonly json: unknown;
  readonly jsonError?: string;
  /** Media type without parameters, lower-cased, e.g. application/problem+json. */
  readonly mediaType?: string;
}

/** Transport trouble: a check that meets it reports broken, never failed. */
export interface TransportError {
  readonly code: 'TARGET_UNREACHABLE' | 'TIMEOUT' | 'CONNECTION_RESET' | 'TLS_FAILURE' | 'RATE_LIMITED' | 'TRANSPORT_ERROR';
  readonly message: string;
}

export interface Exchange {
  readonly request: CaseRequest;
  readonly response?: ExchangeResponse;
  readonly transportError?: TransportError;
  readonly durationMs: number;
  /**
   * When the last attempt's answer was read, epoch milliseconds by this machine's clock: what a
   * token's time claims are judged against (checks/token-time.ts). Absent where no client sent it (the audit).
   */
  readonly receivedAtMs?: number;
  /** Every attempt the client made, first to last; `response`/`transportError` are the last one's. */
  readonly attempts: readonly Attempt[];
}

/**
 * One try of a request, kept so a retried 429 or 503 stays evidence. Only the headers that
 * explain a retry are kept (client/attempts.ts `attemptHeaders`), never a body.
 */
export interface Attempt {
  /** Status line received, if any. */
  readonly status?: number;
  readonly errorCode?: TransportError['code'];
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Milliseconds from the exchange's start to this attempt's request leaving the client. */
  readonly startedAtMs: number;
  readonly durationMs: number;
}

/** What a request puts on the wire: a raw body verbatim, else its JSON value serialised; undefined for none. */
export function wireBody(request: CaseRequest): string | undefined {
  return request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
}
