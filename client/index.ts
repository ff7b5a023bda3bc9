/** The client: the only part of the harness that talks HTTP (undici). */
export type { CaseRequest, Exchange, ExchangeResponse, HttpMethod, TransportError } from './exchange.js';
export { ClientError, SessionError, TargetUnreachableError, TokenRequestError, type ClientErrorCode } from './errors.js';
export { createConcurrencyLimit, createRateLimit, processLimits, rateDelay, type ConcurrencyLimit, type RateLimit, type SharedLimits } from './limits.js';
export { backoffMs, defaultRetryPolicy, retryAfterMs, safeToRepeat, worthRetrying, type RetryPolicy } from './retry.js';
export { classifyError, type AttemptProgress } from './classify.js';
export { fileLedger, rateLedgerDirVariable, workerLedger, type RateLedger } from './rate-ledger.js';
export { createTransport, requestUrl, toResponse, type SendOptions, type Transport, type TransportOptions } from './transport.js';
export { refreshMarginMs, TokenClient, type AccessToken, type CredentialsIn, type TokenClientOptions, type TokenRequestOptions } from './token.js';
export {
  createPartnerClient, type CallInput, type CallOptions, type PartnerClient, type PartnerClientOptions, type PartnerTarget, type Session,
} from './partner.js';
export { mask, Redactor, sensitiveAttributes, sensitiveMembers, type SecretKind } from './redaction.js';
export { shellQuote, toCurl, type CurlOptions } from './curl.js';
export { ExchangeRecorder, formatExchange, formatExchangeDetail } from './recorder.js';
