import type { Fault } from './types.js';

/**
 * Faults of documented success and error bodies: the members a success body names, the card
 * list after an update, the validation problem's missing errorCode, JSON error bodies of the
 * bearer check and of the errors the Errors table does not list (D30).
 */
export const bodyFaults: Fault[] = [
  // reference/operations/customers.ts, obo.ts
  { name: 'enroll-customer-id-not-guid', requirement: 'ENROLL-SUCCESS', breaks: 'EnrollCustomer answers {"CustomerId": "12345"}, an id that is not a GUID' },
  { name: 'find-customer-id-not-guid', requirement: 'FIND-SUCCESS', breaks: 'FindCustomer answers a found customer with its id without dashes (32 characters), not a GUID' },
  { name: 'obo-sso-token-empty', requirement: 'OBO-SUCCESS', breaks: 'AuthenticateOBO answers 200 with an empty ssoToken' },
  // reference/problems.ts
  { name: 'cattr-unknown-customer-problem-in-200', requirement: 'ERR-STATUS-MEMBER', breaks: 'AddCustomerAttributes returns Ok(problem) for a CustomerId of no customer: HTTP 200 with a Problem whose status member is 422, though the Problem\'s `status` is the HTTP status (RFC 7807)' },
  { name: 'validation-400-with-error-code', requirement: 'ERR-TITLE-CODE', breaks: 'a 400 validation problem carries errorCode VALIDATION_ERROR, where the Errors table documents none in the body' },
  // reference/api-guards.ts
  { name: 'bearer-401-plain-text', requirement: 'ERR-JSON-BODY', breaks: 'a partner call refused for its bearer token gets 401 with the text/plain body "Unauthorized" instead of a JSON error body' },
  // reference/server.ts, api-guards.ts, operations/card-list.ts: errors the Errors table does not list (D30)
  { name: 'invalid-json-500', requirement: 'GEN-NO-5XX', breaks: 'a request body of malformed JSON is answered 500 instead of a 4xx' },
  { name: 'invalid-json-plain-text-400', requirement: 'ERR-JSON-BODY', breaks: 'a request body of malformed JSON is answered 400 with the text/plain body "Bad Request" instead of a JSON error body' },
  { name: 'non-json-500', requirement: 'GEN-NO-5XX', breaks: 'a request body that is not JSON (text/plain) is answered 500 instead of 415' },
  { name: 'delete-unknown-500', requirement: 'GEN-NO-5XX', breaks: 'DeleteCard of a cardId that names no card crashes with 500 instead of 422 CARD_NOT_FOUND' },
  // reference/operations/card-upsert.ts
  { name: 'card-update-keeps-nickname', requirement: 'STATE-CARD-CHANGED', breaks: 'AddOrUpdateCard with changed data stores the new expiration and address but keeps the old cardNickname' },
];
