import type { Exchange } from '../client/exchange.js';
import type { Finding } from './finding.js';
import type { ExchangeCheck } from './support.js';
import { noServerError, statusMatches, validPayloadAccepted } from './status.js';
import { jsonMediaType } from './media-type.js';
import { instanceIsRequestPath, problemShape, statusMemberMatches, titleAndCodeMatch, typeNamesRfcSection, validationProblemShape } from './problem.js';
import { everyInvalidFieldNamed, noValidFieldBlamed, validationKeyPrefix } from './validation-keys.js';
import { genericRefusal, legacyOrProblemError } from './business.js';
import { successBodyShape } from './success-body.js';
import { errorBodyIsJson } from './error-body.js';
import { bearerRefused, tokenErrorShape, tokenResponseShape, wwwAuthenticateOn401 } from './token.js';
import { cardsMatchSchema, historyMatchesSchema, noCardNumberInCards } from './resources.js';
import { noSecretEcho } from './leak.js';
import { tokenIssued, tokenRequestRefused, tokenReused, versionSelected } from './access.js';

export * from './status.js';
export * from './media-type.js';
export * from './problem.js';
export * from './validation-keys.js';
export * from './business.js';
export * from './token.js';
export * from './resources.js';
export * from './history.js';
export * from './history-filter.js';
export * from './history-default.js';
export * from './leak.js';
export * from './access.js';
export * from './transport.js';
export * from './business-outcomes.js';
export * from './fixture-answer.js';
export * from './success-body.js';
export * from './error-body.js';
export { check, onlyWhenStatus, onlyWithResponse, type ExchangeCheck } from './support.js';

/** One row of the check catalogue that the report and the docs print. */
export interface CheckInfo {
  readonly id: string;
  /** A requirement id, or where it comes from when the case decides it. */
  readonly requirement: string;
  /** `exchange`: `(exchange, expectation) => Finding[]`; `history`: takes transactions of several pages; `probe`: a transport probe's outcome. */
  readonly takes: 'exchange' | 'history' | 'probe';
  /** The expectation type it reads. */
  readonly expectation: string;
  readonly description: string;
}

const row = (id: string, requirement: string, expectation: string, description: string, takes: CheckInfo['takes'] = 'exchange'): CheckInfo =>
  ({ id, requirement, takes, expectation, description });

export const checks: readonly CheckInfo[] = [
  row('noServerError', 'GEN-NO-5XX', 'unknown', 'no response has a 5xx status'),
  row('jsonMediaType', 'GEN-JSON-BODY', 'unknown', 'a non-empty body is labelled application/json or application/problem+json and parses (D7)'),
  row('validPayloadAccepted', 'GEN-VALID-ACCEPTED', "Expectation 'accepted'", 'a valid payload gets 2xx or an allowed business error; never 400'),
  row('statusMatches', 'field requirement / row requirement / case requirement', 'Expectation', 'validation → 400 (or an allowed 422), problem → the row status, refused → any 4xx'),
  row('problemShape', 'ERR-PROBLEM-SHAPE', 'Expectation', 'a documented Problem has type (URL), title, status, detail, instance, errorCode'),
  row('validationProblemShape', 'ERR-VALIDATION-SHAPE', 'Expectation', 'a 400 validation answer has errors, type, title, status, detail, instance, validationErrors'),
  row('typeNamesRfcSection', 'ERR-TYPE-URL', 'Expectation', '`type` is a URL naming the documented RFC section (any common URL form)'),
  row('titleAndCodeMatch', 'ERR-TITLE-CODE', 'Expectation', '`title` and `errorCode` exactly as the Errors table row'),
  row('statusMemberMatches', 'ERR-STATUS-MEMBER', 'Expectation', 'a Problem body `status` equals the HTTP status (RFC 7807)'),
  row('instanceIsRequestPath', 'ERR-INSTANCE', 'Expectation', '`instance` is the request path, without query string'),
  row('validationKeyPrefix', 'ERR-KEY-PREFIX', 'Expectation & { strictKeyCase? }', 'a named invalid field uses the command./query. prefix and [index] form exactly (D13)'),
  row('everyInvalidFieldNamed', 'ERR-KEYS-COMPLETE', 'Expectation & { strictKeyCase? }', 'every invalid field has a validation key (D14)'),
  row('noValidFieldBlamed', 'ERR-KEYS-COMPLETE', 'Expectation & { strictKeyCase? }', 'no field sent valid has a validation key (D14)'),
  row('errorBodyIsJson', 'ERR-JSON-BODY', 'unknown', 'a 4xx carries a non-empty body that parses as JSON under a JSON media type (bearer 401s, D30)'),
  row('legacyOrProblemError', 'case requirement (CARD-AUTH-FAILURE, ENROLL-DUPLICATE)', 'RefusalExpectation', 'a 4xx with {ErrorCode, ErrorMessage} or a Problem errorCode (D15, D16)'),
  row('genericRefusal', 'case requirement', 'RefusalExpectation', 'a 4xx with a JSON error body, never 2xx (D4, D19, D20, D30)'),
  row('tokenResponseShape', 'TOKEN-SHAPE', 'TokenExpectation', 'access_token a JWT, expires_in 3600, token_type Bearer (any case, RFC 6749 §5.1), a non-empty scope (D34)'),
  row('tokenErrorShape', 'TOKEN-ERRORS', 'TokenErrorExpectation', 'RFC 6749 §5.2 error JSON with the expected code and status (D24)'),
  row('wwwAuthenticateOn401', 'BEARER-WWW-AUTHENTICATE', 'unknown', 'a 401 carries WWW-Authenticate; at the token endpoint when Basic credentials were sent (D27)'),
  row('bearerRefused', 'BEARER-REQUIRED', 'BearerExpectation', 'no, a malformed, a tampered or an expired token gets 401 (D2)'),
  row('tokenIssued', 'TOKEN-ISSUED', 'TokenRequestExpectation', 'a documented token request (Basic header or form body, documented scope) gets 200 with an access_token'),
  row('tokenRequestRefused', 'TOKEN-ERRORS', 'RefusalOfTokenExpectation', 'a failing form token request gets a 4xx and no token (a JSON body is only observed, D33)'),
  row('tokenReused', 'TOKEN-REUSE', 'ReuseExpectation', 'a token that served a call is not refused with 401 on the next ones'),
  row('versionSelected', 'case requirement (VERSION-HEADER, VERSION-QUERY)', 'VersionExpectation', 'apiVersion 1 by header, or by query string, is served (D5)'),
  row('negotiatedTlsMinimum', 'TLS-MINIMUM', 'HandshakeOutcome', 'a completed handshake negotiates TLS 1.2 or later; a TLS 1.0/1.1-only offer fails (D26)', 'probe'),
  row('plainHttpNotServed', 'HTTPS-ONLY', 'PlainHttpOutcome', 'plain HTTP on the HTTPS host and port gets no answer or a refusal (D26)', 'probe'),
  row('offListSourceRefused', 'ALLOW-LIST', 'OffListOutcome', 'a request from a source off the allow list gets 403 or a refused connection (D25)', 'probe'),
  row('sessionHeaderPresent', 'AUTH-SESSION-HEADER', 'unknown', 'AuthenticatePartner success carries a non-empty sessionId header (D3)'),
  row('noMatchReported', 'FIND-NOT-FOUND', 'unknown', 'FindCustomer with no match: 422 CUSTOMER_NOT_FOUND or an empty customerId; names the D8 reading'),
  row('enrolledCustomerFound', 'FIND-ENROLLED', 'EnrolledExpectation', 'FindCustomer returns the customerId EnrollCustomer gave'),
  row('ssoTokenIssued', 'OBO-LINKED-ACCOUNT', 'unknown', 'AuthenticateOBO for a customer holding a card returns a non-empty ssoToken (D17)'),
  row('successBodyShape', 'operation requirement (FIND-SUCCESS, ENROLL-SUCCESS, OBO-SUCCESS)', 'SuccessExpectation', 'a 2xx carries the documented member with its type: CustomerId a GUID, customerId a GUID or "" (D8), ssoToken non-empty'),
  row('cardsMatchSchema', 'CARDS-SHAPE', 'unknown', 'cards carry every Card field with its type; expirationMonthYear MMYY'),
  row('noCardNumberInCards', 'NO-SECRET-ECHO', 'CardNumberExpectation', 'the card list never carries a full card number'),
  row('historyMatchesSchema', 'HISTORY-SHAPE', 'unknown', 'transactions carry every field with its type; timestamps ISO 8601 UTC'),
  row('fixtureAnswerInContract', 'case requirement (the fixture operation\'s success row, GEN-VALID-ACCEPTED, GEN-NO-5XX)', 'FixtureAnswerExpectation', 'a fixture call (valid payload) gets 2xx with its documented member; a 400, a 5xx or a missing member fails that rule and blocks what needed the fixture'),
  row('noSecretEcho', 'NO-SECRET-ECHO', 'SecretExpectation', 'no sensitive value sent appears in a response header or body'),
  row('newestFirst', 'HISTORY-ORDER', 'Transaction[]', 'createdOn never increases down the list', 'history'),
  row('pageWithinBounds', 'HISTORY-PAGE-SIZE', 'Transaction[], PageRequest', 'at most 20 by default, pageSize for 1..10, +1 with a paging reference (D22)', 'history'),
  row('pagingContinues', 'HISTORY-PAGING', 'PagingInput', 'a page starts at its reference and continues without gap or duplicate; names the D22 reading', 'history'),
  row('accountFilterHonoured', 'HISTORY-ACCOUNT-FILTER', 'AccountFilterInput', "filtered transactions belong to the customer's history and to that card", 'history'),
  row('accountFilterComplete', 'HISTORY-ACCOUNT-FILTER', 'AccountCompletenessInput', "a transaction carrying the card's unique last four digits is in that card's filtered history", 'history'),
  row('defaultPageMostRecent', 'HISTORY-PAGE-SIZE', 'DefaultPageInput', 'the default page holds the newest transactions of the first pageSize page (the 20 most recent)', 'history'),
  row('totalRecordsStable', 'HISTORY-TOTAL', 'HistoryPage[]', 'totalRecords equal on every page and not below what was paged (D23)', 'history'),
];

/** The checks run on every generated field-rule case (generators/expectation.ts). */
export const fieldRuleChecks = [
  noServerError, jsonMediaType, validPayloadAccepted, statusMatches, problemShape, validationProblemShape,
  typeNamesRfcSection, titleAndCodeMatch, statusMemberMatches, instanceIsRequestPath,
  validationKeyPrefix, everyInvalidFieldNamed, noValidFieldBlamed, successBodyShape,
] as const;

export const exchangeChecks = {
  noServerError, jsonMediaType, validPayloadAccepted, statusMatches, problemShape, validationProblemShape,
  typeNamesRfcSection, titleAndCodeMatch, statusMemberMatches, instanceIsRequestPath, validationKeyPrefix,
  everyInvalidFieldNamed, noValidFieldBlamed, legacyOrProblemError, genericRefusal, tokenResponseShape,
  tokenErrorShape, wwwAuthenticateOn401, bearerRefused, cardsMatchSchema, noCardNumberInCards, historyMatchesSchema, noSecretEcho,
  tokenIssued, tokenRequestRefused, tokenReused, versionSelected, successBodyShape, errorBodyIsJson,
} as const;

/**
 * Answers that say the target did not handle the request at all: 429 (RFC 6585 section 4;
 * interface.md shows no rate limits) and 503 (RFC 9110 section 15.6.4, temporary overload or
 * maintenance). The client retries them where the request is safe to repeat; one that is
 * still there proves nothing about the contract. A 500 is not among them: it stays a finding.
 */
const notHandled: Readonly<Record<number, string>> = {
  429: 'RATE_LIMITED: the target answered 429 Too Many Requests',
  503: 'SERVICE_UNAVAILABLE: the target answered 503 Service Unavailable',
};

/**
 * Why an exchange cannot be judged, or undefined when it can: the caller reports "broken",
 * never "failed", and runs no check.
 */
export function transportBroken(exchange: Exchange): string | undefined {
  if (exchange.transportError) return `${exchange.transportError.code}: ${exchange.transportError.message}`;
  if (!exchange.response) return 'HARNESS_ERROR: the exchange holds neither a response nor a transport error';
  const refused = notHandled[exchange.response.status];
  if (refused === undefined) return undefined;
  const retryAfter = exchange.response.headers['retry-after'];
  const attempts = exchange.attempts.length > 1 ? `to all ${exchange.attempts.length} attempts` : 'to its one attempt (a request not safe to repeat is not retried)';
  return `${refused} ${attempts}${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}`;
}

export interface CheckRun {
  readonly findings: Finding[];
  /** Ids of the checks that applied; the others are not-covered for this exchange. */
  readonly ran: string[];
}

/** Runs every applicable check of `list`; a broken exchange runs none. */
export function runChecks<E>(list: ReadonlyArray<ExchangeCheck<E>>, exchange: Exchange, expectation: E): CheckRun {
  const findings: Finding[] = [];
  const ran: string[] = [];
  if (transportBroken(exchange) !== undefined) return { findings, ran };
  for (const c of list) {
    if (!c.applies(exchange, expectation)) continue;
    ran.push(c.id);
    findings.push(...c(exchange, expectation));
  }
  return { findings, ran };
}
