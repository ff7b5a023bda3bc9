import { errorRow } from '../contract/errors.js';
import { responseMembers, sessionHeaders } from '../contract/resources.js';
import { businessErrorCode } from './error-row.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, nonEmptyString, onlyWhenStatus, show, type Responded } from './support.js';
import type { Finding } from './finding.js';

/**
 * Oracles of the documented business outcomes that are not an Errors-table row: the session
 * header of AuthenticatePartner, FindCustomer's two readings of "no match" (D8), finding an
 * enrolled customer, and the ssoToken of a customer with a linked account (D17).
 */

/** Names the operation the outcome belongs to (checks never look it up). */
export interface OutcomeExpectation {
  readonly operation: string;
}

const sessionHeader = sessionHeaders.sessionId.toLowerCase();

/**
 * AUTH-SESSION-HEADER (D3): a successful AuthenticatePartner carries a non-empty `sessionId`
 * response header. @see interface.md "AuthenticatePartner"
 */
export const sessionHeaderPresent = defineCheck({
  id: 'sessionHeaderPresent', requirement: 'AUTH-SESSION-HEADER', expectation: 'unknown',
  description: 'AuthenticatePartner success carries a non-empty sessionId header (D3)',
  rule(x, e: OutcomeExpectation, fail) {
    if (nonEmptyString(x.response.headers[sessionHeader]?.trim())) return [];
    return [fail(e.operation, {
      title: 'Session opened without a sessionId header',
      received: `status ${x.response.status} with ${sessionHeader in x.response.headers ? 'an empty' : 'no'} ${sessionHeaders.sessionId} header`,
      documented: `a non-empty ${sessionHeaders.sessionId} response header on success`,
    }, x)];
  },
  when: [onlyWhenStatus(is2xx)],
});

const notFoundRow = errorRow('CUSTOMER_NOT_FOUND');

/**
 * D8: which documented reading a FindCustomer answer with no match shows, or undefined when
 * it shows neither: `empty` (2xx with customerId "") or `problem` (422 CUSTOMER_NOT_FOUND).
 */
export function noMatchReading(x: Responded): 'empty' | 'problem' | undefined {
  const { status } = x.response;
  if (is2xx(status) && bodyObject(x)?.[responseMembers.findCustomer] === '') return 'empty';
  if (status === notFoundRow.status && businessErrorCode(x) === notFoundRow.errorCode) return 'problem';
  return undefined;
}

/**
 * FIND-NOT-FOUND (D8, ambiguous): no match is either an empty customerId or 422
 * CUSTOMER_NOT_FOUND; any other answer is neither reading. @see interface.md "FindCustomer"
 */
export const noMatchReported = defineCheck({
  id: 'noMatchReported', requirement: 'FIND-NOT-FOUND', expectation: 'unknown',
  description: 'FindCustomer with no match: 422 CUSTOMER_NOT_FOUND or an empty customerId; names the D8 reading',
  rule(x, e: OutcomeExpectation, fail) {
    if (noMatchReading(x) !== undefined) return [];
    return [fail(e.operation, {
      title: 'No match reported in neither documented way',
      received: `status ${x.response.status} with ${responseMembers.findCustomer} ${show(bodyObject(x)?.[responseMembers.findCustomer])}${businessErrorCode(x) ? ` and errorCode ${businessErrorCode(x)}` : ''}`,
      documented: `an empty ${responseMembers.findCustomer} or ${notFoundRow.status} ${notFoundRow.errorCode}`,
      key: [x.response.status],
    }, x)];
  },
});

/**
 * FIND-EVERY-KEY: FindCustomer with one key of an enrolled customer changed alone (the SSN with another
 * date of birth, another SSN sharing its last four digits with the same date of birth) names nobody. Which
 * no-match answer it gives is D8's (noMatchReported observes it); a customerId is wrong in both.
 */
export const lookupMatchesEveryKey = defineCheck({
  id: 'lookupMatchesEveryKey', requirement: 'FIND-EVERY-KEY', expectation: 'unknown',
  description: 'FindCustomer with one key of an enrolled customer changed alone (another date of birth, another SSN) returns no customerId',
  rule(x, e: OutcomeExpectation, fail) {
    const id = bodyObject(x)?.[responseMembers.findCustomer];
    if (x.response.status < 200 || x.response.status >= 300 || typeof id !== 'string' || id === '') return [];
    return [fail(e.operation, {
      title: 'Lookup matched on part of its keys',
      received: `status ${x.response.status} with ${responseMembers.findCustomer} ${show(id)} for an identity that differs from an enrolled customer's in one key`,
      documented: 'a customer is found by its SSN and its date of birth together; no match names no customer',
      key: [x.response.status],
    }, x)];
  },
});

export interface EnrolledExpectation extends OutcomeExpectation {
  /** The CustomerId that EnrollCustomer returned. */
  readonly customerId: string;
}

/**
 * FIND-ENROLLED: FindCustomer with the SSN and the date of birth (same text) a customer was
 * enrolled with answers 2xx with that customer's id (GUIDs compared case-insensitively).
 */
export const enrolledCustomerFound = defineCheck({
  id: 'enrolledCustomerFound', requirement: 'FIND-ENROLLED', expectation: 'EnrolledExpectation',
  description: 'FindCustomer returns the customerId EnrollCustomer gave',
  rule(x, e: EnrolledExpectation, fail) {
    const found = bodyObject(x)?.[responseMembers.findCustomer];
    if (is2xx(x.response.status) && typeof found === 'string' && found.toLowerCase() === e.customerId.toLowerCase()) return [];
    return [fail(e.operation, {
      title: 'Enrolled customer not found',
      received: `status ${x.response.status} with ${responseMembers.findCustomer} ${show(found)}${businessErrorCode(x) ? ` and errorCode ${businessErrorCode(x)}` : ''}`,
      documented: `2xx with ${responseMembers.findCustomer} "${e.customerId}", the id EnrollCustomer returned`,
      key: [is2xx(x.response.status) ? 'other-id' : `status-${x.response.status}`],
    }, x)];
  },
});

/**
 * OBO-LINKED-ACCOUNT (D17): once the customer holds a card, AuthenticateOBO answers 2xx with a
 * non-empty ssoToken. @see interface.md "AuthenticateOBO"
 */
export const ssoTokenIssued = defineCheck({
  id: 'ssoTokenIssued', requirement: 'OBO-LINKED-ACCOUNT', expectation: 'unknown',
  description: 'AuthenticateOBO for a customer holding a card returns a non-empty ssoToken (D17)',
  rule(x, e: OutcomeExpectation, fail) {
    const token = bodyObject(x)?.[responseMembers.ssoToken];
    if (is2xx(x.response.status) && nonEmptyString(token)) return [];
    return [fail(e.operation, {
      title: 'No ssoToken for a customer with a card',
      received: `status ${x.response.status}${businessErrorCode(x) ? ` with errorCode ${businessErrorCode(x)}` : ''}${is2xx(x.response.status) ? ` and ${token === undefined ? 'no' : 'an empty or non-string'} ${responseMembers.ssoToken}` : ''}`,
      documented: `2xx with a non-empty ${responseMembers.ssoToken} once the customer holds a registered card`,
      key: [x.response.status],
    }, x)];
  },
});
