import type { Fault } from './types.js';

/**
 * Faults of the partner operations (reference/operations/, reference/validate/). Each breaks
 * exactly one documented rule, named by its contract requirement id.
 */
export const operationFaults: Fault[] = [
  // validation (reference/operations/validation.ts, route.ts)
  { name: 'find-ssn-length-unchecked', requirement: 'FIND-SSN-LENGTH', breaks: 'FindCustomer accepts a 10-digit ssn' },
  { name: 'enroll-zip-format-unchecked', requirement: 'ENROLL-ZIP-FORMAT', breaks: 'EnrollCustomer accepts a 5-character zip that is not digits' },
  { name: 'card-number-max-off-by-one', requirement: 'CARD-CARD-NUMBER-LENGTH', breaks: 'AddOrUpdateCard accepts a 20-digit cardNumber' },
  { name: 'pagesize-unbounded', requirement: 'HISTORY-PAGE-SIZE-RANGE', breaks: 'GetTransactionHistory accepts a pageSize above 10' },
  { name: 'cattr-value-format-unchecked', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes accepts attribute values that break their format (DirectDeposit "Yes")' },
  { name: 'enroll-title-max-off-by-one', requirement: 'GEN-VALID-ACCEPTED', breaks: 'EnrollCustomer rejects a valid 10-character title' },
  { name: 'server-error-on-null', requirement: 'GEN-NO-5XX', breaks: 'a null member in a request is answered with 500' },
  { name: 'keys-first-only', requirement: 'ERR-KEYS-COMPLETE', breaks: 'only the first invalid field is reported in validationErrors' },
  { name: 'keys-blame-valid', requirement: 'ERR-KEYS-COMPLETE', breaks: 'validationErrors also names a field that was valid' },
  // a rule broken alone (generators/isolated.ts) and the exact bounds (generators/boundaries.ts)
  { name: 'cattr-value-length-unchecked', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-LENGTH', breaks: 'AddCustomerAttributes accepts numeric attribute values longer than 200 characters' },
  { name: 'cattr-value-max-off-by-one', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddCustomerAttributes rejects a valid attribute value of exactly 200 characters' },
  { name: 'empty-min-zero-rejected', requirement: 'GEN-VALID-ACCEPTED', breaks: 'EnrollCustomer rejects an empty title, whose minimum length is 0' },
  { name: 'mmddyyyy-slashes-accepted', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes accepts MM/DD/YYYY dates (01/15/2020) for MM-DD-YYYY' },
  { name: 'mmddyyyy-day-unchecked', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes accepts MM-DD-YYYY dates with day 32 (01-32-2020)' },
  { name: 'mmddyyyy-short-year-accepted', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes accepts MM-DD-YY dates (01-15-20) for MM-DD-YYYY' },
  { name: 'true-false-first-letter', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes reads True or False by the first letter alone, so Tru, T and Fals are accepted' },
  { name: 'cattr-ssn-attribute-optional', requirement: 'CATTR-REQUIRED-ATTRIBUTES', breaks: 'AddCustomerAttributes accepts a list without the required SSN attribute' },
  { name: 'cattr-customer-id-attribute-optional', requirement: 'CATTR-REQUIRED-ATTRIBUTES', breaks: 'AddCustomerAttributes accepts a list without the required CustomerId attribute when the SSN names a customer' },
  { name: 'true-false-digits-accepted', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes accepts 1 and 0 for True or False' },
  { name: 'email-local-part-optional', requirement: 'ENROLL-EMAIL-ADDRESS-FORMAT', breaks: 'EnrollCustomer accepts an e-mail address without a local part (@b.cc)' },
  { name: 'email-domain-optional', requirement: 'ENROLL-EMAIL-ADDRESS-FORMAT', breaks: 'EnrollCustomer accepts an e-mail address without a domain (a@)' },
  { name: 'email-two-at-accepted', requirement: 'ENROLL-EMAIL-ADDRESS-FORMAT', breaks: 'EnrollCustomer accepts an e-mail address with more than one @ (a@x@c.cc)' },
  { name: 'state-code-unchecked', requirement: 'ENROLL-STATE-FORMAT', breaks: 'EnrollCustomer accepts any two letters as a state code (ZZ)' },
  // errors and business rules
  { name: 'find-wrong-title', requirement: 'ERR-TITLE-CODE', breaks: 'FindCustomer answers CUSTOMER_NOT_FOUND with the title "Not Found"' },
  { name: 'auth-denied-wrong-code', requirement: 'ERR-TITLE-CODE', breaks: 'a denied AuthenticatePartner carries errorCode FORBIDDEN instead of UNAUTHORIZED' },
  { name: 'obo-no-linked-check', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'AuthenticateOBO issues an ssoToken to a customer without a card' },
  { name: 'tcard-bin-not-denied', requirement: 'TCARD-DENIED-BIN', breaks: 'AddOrUpdateTokenizedCard registers a card whose BIN is not allowed in the network' },
  { name: 'sattr-both-filters-accepted', requirement: 'SATTR-FILTERS', breaks: 'AddSessionAttributes accepts AccountIdFilter and AccountNumberFilter together' },
  { name: 'sattr-foreign-card-accepted', requirement: 'SATTR-FILTERS', breaks: 'AddSessionAttributes accepts filters naming cards that are not the customer\'s' },
  { name: 'sattr-before-obo-accepted', requirement: 'SATTR-AFTER-OBO', breaks: 'AddSessionAttributes is accepted before any AuthenticateOBO in the session' },
  { name: 'sattr-wrong-token-400', requirement: 'ERR-INVALID-INFORMATION', breaks: 'AddSessionAttributes after AuthenticateOBO answers an SsoToken it did not issue with 400 instead of 422 INVALID_INFORMATION' },
  { name: 'sattr-missing-token-accepted', requirement: 'SATTR-REQUIRED-ATTRIBUTES', breaks: 'AddSessionAttributes after AuthenticateOBO accepts a list without the SsoToken attribute' },
  { name: 'sattr-unknown-name-accepted', requirement: 'SATTR-SESSION-ATTRIBUTES-FORMAT', breaks: 'AddSessionAttributes accepts (and ignores) an attribute name that is not an allowed one' },
  { name: 'sattr-account-filter-unchecked', requirement: 'SATTR-SESSION-ATTRIBUTES-FORMAT', breaks: 'AddSessionAttributes accepts an AccountIdFilter that is not a comma-separated list of GUIDs' },
  { name: 'sattr-number-filter-unchecked', requirement: 'SATTR-FILTERS', breaks: 'AddSessionAttributes accepts an AccountNumberFilter naming no card of the customer' },
  { name: 'sattr-own-number-refused', requirement: 'SATTR-FILTERS', breaks: 'AddSessionAttributes refuses an AccountNumberFilter naming the customer\'s own card number' },
  { name: 'enroll-duplicate-ssn-accepted', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer enrolls a second customer with an SSN already in use' },
  { name: 'card-decline-missing-code', requirement: 'CARD-AUTH-FAILURE', breaks: 'a declined card is answered 422 with an ErrorMessage but no ErrorCode' },
  { name: 'leak-ssn-echo', requirement: 'NO-SECRET-ECHO', breaks: 'FindCustomer echoes the ssn in the x-customer-ssn response header' },
  { name: 'leak-card-number', requirement: 'NO-SECRET-ECHO', breaks: 'AddOrUpdateCard returns the full card number in the card\'s hashId' },
  { name: 'enroll-customer-id-lowercase', requirement: 'ENROLL-SUCCESS', breaks: 'EnrollCustomer answers {"customerId": ...} instead of the documented {"CustomerId": ...}' },
  { name: 'find-enrolled-missing', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer never finds customers enrolled with a YYYY/MM/DD date of birth' },
  // states and transitions
  { name: 'card-update-new-id', requirement: 'STATE-CARD-CHANGED', breaks: 'updating a card\'s data gives it a new cardId' },
  { name: 'card-update-not-stored', requirement: 'STATE-CARD-CHANGED', breaks: 'updating a card\'s data returns 200 but keeps the old data' },
  { name: 'delete-card-kept', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard answers 200 but the card stays registered' },
  { name: 'readd-same-id', requirement: 'STATE-CARD-DELETED', breaks: 'adding a deleted card again gives it its old cardId' },
  { name: 'cards-bad-expiration-format', requirement: 'CARDS-SHAPE', breaks: 'cards carry expirationMonthYear as MM/YY instead of MMYY' },
  { name: 'card-art-not-base64', requirement: 'CARDS-SHAPE', breaks: 'cards carry cardArtAsBase64Png as "not base64!" instead of a base64 PNG or ""' },
  { name: 'session-not-required', requirement: 'SESSION-REQUIRED', breaks: 'operations are served without a valid sessionId' },
  { name: 'session-device-ignored', requirement: 'SESSION-DEVICE-MATCH', breaks: 'a deviceId other than the session\'s is accepted' },
  { name: 'device-id-not-required', requirement: 'SESSION-DEVICE-REQUIRED', breaks: 'a request with the session\'s sessionId and no deviceId header is accepted' },
  // transaction history
  { name: 'history-oldest-first', requirement: 'HISTORY-ORDER', breaks: 'transactions are listed oldest first' },
  { name: 'history-page-size-ignored', requirement: 'HISTORY-PAGE-SIZE', breaks: 'pageSize is ignored and 20 transactions are returned' },
  { name: 'history-paging-gap', requirement: 'HISTORY-PAGING', breaks: 'a page that starts at a reference skips the transaction after it' },
  { name: 'history-account-filter-ignored', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'accountId is ignored and every card\'s transactions are returned' },
  { name: 'history-total-varies', requirement: 'HISTORY-TOTAL', breaks: 'totalRecords counts only the records from the paging reference on' },
];
