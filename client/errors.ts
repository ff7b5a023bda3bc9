import type { Exchange } from './exchange.js';

/**
 * Harness errors of the client: one class per failure mode, each with a stable `code`.
 * Match on `code`, never on the message. Messages echo what was received, already redacted
 * by the thrower (see formatExchange).
 */
export type ClientErrorCode = 'TOKEN_REQUEST_FAILED' | 'SESSION_FAILED' | 'TARGET_UNREACHABLE';

export abstract class ClientError extends Error {
  abstract readonly code: ClientErrorCode;
  /** The exchange that failed: attach it (redacted) to the report. */
  readonly exchange: Exchange;
  constructor(message: string, exchange: Exchange, options?: { cause?: unknown }) {
    super(message, options);
    this.exchange = exchange;
  }
}

/** The token endpoint did not return a usable access token. */
export class TokenRequestError extends ClientError {
  readonly code = 'TOKEN_REQUEST_FAILED';
  constructor(exchange: Exchange, received: string, options?: { cause?: unknown }) {
    super(`The token request must return 200 with an access_token, received ${received}`, exchange, options);
    this.name = 'TokenRequestError';
  }
}

/** AuthenticatePartner did not open a session (no 2xx, or no sessionId header). */
export class SessionError extends ClientError {
  readonly code = 'SESSION_FAILED';
  constructor(exchange: Exchange, received: string, options?: { cause?: unknown }) {
    super(`AuthenticatePartner must answer 2xx with a non-empty sessionId header, received ${received}`, exchange, options);
    this.name = 'SessionError';
  }
}

/** No connection could be made to the target (refused, unknown host, unreachable, connect timeout). */
export class TargetUnreachableError extends ClientError {
  readonly code = 'TARGET_UNREACHABLE';
  constructor(exchange: Exchange, options?: { cause?: unknown }) {
    const url = exchange.request.url;
    super(`The target must accept connections at ${url}, received ${exchange.transportError?.message ?? 'no connection'}`, exchange, options);
    this.name = 'TargetUnreachableError';
  }
}
