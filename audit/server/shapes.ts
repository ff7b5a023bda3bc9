import {
  errorBodyIsJson, instanceIsRequestPath, jsonMediaType, noCardNumberInCards,
  noSecretEcho, noServerError, problemShape, statusMemberMatches,
  titleAndCodeMatch, tokenErrorShape, tokenNotCached, tokenResponseShape, typeNamesRfcSection, validationProblemShape, wwwAuthenticateOn401,
} from '../../checks/index.js';
import { businessErrorCode } from '../../checks/error-row.js';
import { is4xx, type Responded } from '../../checks/support.js';
import { errorRow, type Operation } from '../../contract/index.js';
import type { Expectation } from '../../generators/expectation.js';
import { sentSecrets } from '../../oracles/field-case.js';
import { oracle, type Oracle } from '../../oracles/judge.js';
import type { AuditEntry } from '../entries.js';
import type { Book } from '../state/book.js';
import { answeredResourceOracles, cardOperations } from '../../oracles/answer-resource.js';

/**
 * Oracles that need nothing but the exchange: the generic contract, leaks, the shape of a
 * documented Problem or resource, the token endpoint's answers. They run on every recorded
 * exchange of the interface, whatever its request was.
 */

const answered = (x: Responded) => x.response.status;

/** No 5xx, JSON bodies, a JSON error body on a 4xx, WWW-Authenticate on a 401, no secret sent coming back. */
export function genericOracles(e: AuditEntry, book: Book): Oracle[] {
  const { request } = e.exchange;
  const sent = [...sentSecrets(request.body), ...sentSecrets(request.query), ...book.clientSecrets];
  // A problem+json body's status member is judged wherever one is sent (RFC 7807).
  const loose: Expectation = { kind: 'refused', operation: request.operation, requirement: 'GEN-NO-5XX' };
  return [
    oracle(noServerError, undefined, 'GEN-NO-5XX'), oracle(jsonMediaType, undefined, 'GEN-JSON-BODY'),
    oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY'), oracle(wwwAuthenticateOn401, undefined, 'BEARER-WWW-AUTHENTICATE'),
    oracle(noSecretEcho, { sent }, 'NO-SECRET-ECHO'), oracle(statusMemberMatches, loose, 'ERR-STATUS-MEMBER'),
  ];
}

/** The token endpoint: its success (TOKEN-SHAPE) and its errors (TOKEN-ERRORS, RFC 6749 section 5.2). */
export const tokenOracles = (): Oracle[] => [oracle(tokenResponseShape, {}, 'TOKEN-SHAPE'), oracle(tokenNotCached, {}, 'TOKEN-NO-STORE'), oracle(tokenErrorShape, {}, 'TOKEN-ERRORS')];

/** The Problem members of the Errors-table row the answer presents itself as (Problem checks of the run). */
export function rowShapeOracles(op: Operation, x: Responded): Oracle[] {
  const status = answered(x);
  const body = x.response.json as Record<string, unknown> | undefined;
  let e: Expectation | undefined;
  if (status === 400 && body && Array.isArray(body.validationErrors)) e = { kind: 'validation', operation: op.id, broken: [], validKeys: [] };
  const code = businessErrorCode(x);
  const row = code ? op.errors.find((k) => errorRow(k).errorCode === code && errorRow(k).status === status) : undefined;
  if (row) e = { kind: 'problem', operation: op.id, row };
  if (!e) return [];
  return [
    oracle(problemShape, e, 'ERR-PROBLEM-SHAPE'), oracle(validationProblemShape, e, 'ERR-VALIDATION-SHAPE'), oracle(typeNamesRfcSection, e, 'ERR-TYPE-URL'),
    oracle(titleAndCodeMatch, e, 'ERR-TITLE-CODE'), oracle(instanceIsRequestPath, e, 'ERR-INSTANCE'),
  ];
}

/** What a 2xx of the operation must carry (oracles/answer-resource.ts, as the run judges it), and no card number the book knows. */
export function resourceOracles(e: AuditEntry, op: Operation, book: Book): Oracle[] {
  const out = answeredResourceOracles(e.exchange);
  if (cardOperations.includes(op.id)) {
    const { body, query } = e.exchange.request;
    const customerId = String((body as Record<string, unknown> | undefined)?.customerId ?? query.customerId ?? '').toLowerCase();
    const cardNumbers = [...(book.cardNumbers.get(customerId) ?? [])];
    out.push(oracle(noCardNumberInCards, { cardNumbers }, 'NO-SECRET-ECHO'));
  }
  return out;
}

/** True for an answer that refuses (4xx), the access ones included. */
export const refusedAnswer = (e: AuditEntry): boolean => !!e.exchange.response && is4xx(e.exchange.response.status);
