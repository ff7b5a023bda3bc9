/** The client: the only part of the harness that talks HTTP (undici). */
export type { Attempt, CaseRequest, Exchange, ExchangeResponse, HttpMethod, TransportError } from './exchange.js';
export { attemptHeaders, attemptOf, describeAttempts } from './attempts.js';
export { ClientError, SessionError, TargetUnreachableError, TokenRequestError, type ClientErrorCode } from './errors.js';
export { createConcurrencyLimit, createRateLimit, processLimits, type ConcurrencyLimit, type RateLimit, type SharedLimits } from './limits.js';
export { askedToComeBack, backoffMs, defaultRetryPolicy, retryAfterMs, retrySafe, shouldRetry, worthRetrying, type RetryPolicy } from './retry.js';
export { classifyError, type AttemptProgress } from './classify.js';
export { fileLedger, rateLedgerDirVariable, workerLedger, type RateLedger } from './rate-ledger.js';
export { createTransport, type SendOptions, type Transport, type TransportOptions } from './transport.js';
export { correlationHeader, requestUrl, toResponse } from './http-attempt.js';
export { queryWithVersion, withVersionIn, type VersionWay } from './version-place.js';
export { respell, spelt, type HeaderNames, type HeaderSpelling } from './header-spelling.js';
export { refreshMarginMs, TokenClient, type AccessToken, type CredentialsIn, type TokenClientOptions, type TokenRequestOptions } from './token.js';
export {
  createPartnerClient, type CallInput, type CallOptions, type PartnerClient, type PartnerClientOptions, type PartnerTarget, type Session,
} from './partner.js';
export { mask, Redactor, sensitiveAttributes, sensitiveMembers, type SecretKind } from './redaction.js';
export { shellQuote, toCurl, type CurlOptions } from './curl.js';
export { ExchangeRecorder } from './exchange-log.js';
export { formatExchange, formatExchangeDetail } from './exchange-text.js';
