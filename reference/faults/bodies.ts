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
  // reference/operations/card-upsert.ts
  { name: 'card-update-keeps-nickname', requirement: 'STATE-CARD-CHANGED', breaks: 'AddOrUpdateCard with changed data stores the new expiration and address but keeps the old cardNickname' },
];
