import type { Fault } from './types.js';

/** Faults added with the business suites; each breaks exactly one documented rule, named by its requirement id. */
export const businessFaults: Fault[] = [
  // reference/operations/authenticate-partner.ts
  { name: 'auth-denied-wrong-status', requirement: 'ERR-UNAUTHORIZED', breaks: 'a denied AuthenticatePartner is answered 403 instead of 401 (errorCode and title unchanged)' },
  { name: 'auth-session-header-missing', requirement: 'AUTH-SESSION-HEADER', breaks: 'a successful AuthenticatePartner carries no sessionId response header' },
  // reference/operations/customers.ts
  { name: 'find-no-match-not-found', requirement: 'FIND-NOT-FOUND', breaks: 'FindCustomer answers no match with 404 NOT_FOUND, neither documented reading (empty customerId, 422 CUSTOMER_NOT_FOUND)' },
  { name: 'find-dob-compared-as-text', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer compares the date of birth as the text enrolled, so 1990/01/02 does not find a customer enrolled with 1990-01-02' },
  { name: 'enroll-ssn-stored-as-number', requirement: 'FIND-ENROLLED', breaks: 'EnrollCustomer keeps the SSN as a number, so a customer whose SSN begins with 0 is never found by the nine digits enrolled' },
  { name: 'find-ssn-only', requirement: 'FIND-EVERY-KEY', breaks: 'FindCustomer finds a customer by the SSN alone, whatever date of birth is sent' },
  { name: 'find-itin-by-birth-date-only', requirement: 'FIND-EVERY-KEY', breaks: 'FindCustomer looks an ITIN (area 9) up by the date of birth alone (the ITIN register keeps the number encrypted and the query forgets its clause), so another taxpayer number with a customer\'s birth date names that customer' },
  // Issue 27, blind7: a business refusal on every payload path, and both kinds of taxpayer number.
  { name: 'enroll-itin-duplicate-accepted', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer checks an ITIN (area 9) against the SSN register only, so a second customer with an ITIN already enrolled is enrolled, though "the operation checks whether the SSN or the e-mail address is already in use"' },
  // Blind batch 17's class (a refused write leaves no trace), on the DUPLICATE_SSN refusal (the blind fault: DUPLICATE_EMAIL).
  { name: 'enroll-refused-ssn-duplicate-keeps-customer', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer inserts the person row before the SSN check and the DUPLICATE_SSN refusal does not roll it back, so a refused enrolment leaves a second customer of the SSN that FindCustomer finds by the SSN and the refused date of birth, though a duplicate SSN is refused (D16)' },
  // Blind batch 17's class (a creating write read back with its returned id, whatever optional members it holds), on countryOfOrigin (the blind fault: referrerCode).
  { name: 'enroll-country-customer-id-not-stored', requirement: 'ENROLL-SUCCESS', breaks: 'the international enrolment path (a countryOfOrigin sent) answers from its request DTO, whose Id was generated in the constructor while the database assigned another, so the CustomerId returned names no customer, though customerId is "Assigned at enrollment. EnrollCustomer returns it as CustomerId"' },
  // reference/operations/card-upsert.ts
  { name: 'card-decline-skipped-with-name-on-card', requirement: 'CARD-AUTH-FAILURE', breaks: 'AddOrUpdateCard sends a card with nameOnCard to a name-match authorization that never declines, so the declining card is registered when the optional cardholder name is sent' },
  // A masked twin (first six and last four the same) is another card: a decision keyed on the card is not taken from it (blind batch 20's class).
  { name: 'tcard-network-decision-cached-by-masked-token', requirement: 'TCARD-DENIED-BIN', breaks: 'AddOrUpdateTokenizedCard takes a new token\'s network decision from a cache keyed on the masked token (its first six and last four characters), so a new card of the denied BIN is added (200) after a token of an allowed BIN with the same first six and last four was, though a BIN not allowed in the network is refused 422 BAD_REQUEST' },
  // reference/operations/customer-attributes.ts
  { name: 'cattr-refused-own-code', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddCustomerAttributes refuses every valid list for a known customer with 422 {"ErrorCode": "ATTRIBUTES_NOT_ACCEPTED"}, a decline shape the operation has no reason to use (D15/D16 name only card authorization and duplicates)' },
  // reference/operations/obo.ts
  { name: 'obo-unknown-customer-wrong-status', requirement: 'ERR-CUSTOMER-NOT-FOUND', breaks: 'AuthenticateOBO answers a customerId of no customer with 404 NOT_FOUND instead of 422 CUSTOMER_NOT_FOUND' },
];
