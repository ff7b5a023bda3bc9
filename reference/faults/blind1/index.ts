import type { Fault } from '../types.js';

/**
 * Blind red-team batch 1: faults written without knowledge of how the harness checks, to
 * measure how well it generalises. They are known to `faultSet` (REFERENCE_FAULTS) but are not
 * part of `faultCatalogue`, whose every entry needs a proving self-test. Each breaks one rule
 * that interface.md documents or decisions.md lets a harness assert.
 * Implementations: reference/faults/blind1/hooks.ts (request rewrites, rule changes) and
 * small guarded edits in the reference files named in the comments.
 */
export const blind1Faults: readonly Fault[] = [
  // token endpoint and bearer check (reference/token-endpoint.ts, jwt.ts, api-guards.ts)
  { name: 'blind1-token-grant-type-optional', requirement: 'TOKEN-ERRORS', breaks: 'a token request without grant_type is treated as client_credentials and answered 200 with a token instead of an RFC 6749 error' },
  { name: 'blind1-token-expires-in-string', requirement: 'TOKEN-SHAPE', breaks: 'the token response carries expires_in as the string "3600" instead of an Int' },
  { name: 'blind1-token-error-echoes-secret', requirement: 'NO-SECRET-ECHO', breaks: 'token errors raised after client authentication echo the client id and client secret in error_description' },
  { name: 'blind1-bearer-alg-none', requirement: 'BEARER-REQUIRED', breaks: 'an unsigned bearer token (JWT header alg "none") with a partner scope and a future exp is accepted' },
  { name: 'blind1-bearer-skipped-on-get', requirement: 'BEARER-REQUIRED', breaks: 'the GET operations (GetRegisteredCards, GetTransactionHistory) are served without any bearer token check' },
  // network and versioning (reference/server.ts, api-guards.ts)
  { name: 'blind1-allow-list-slash24', requirement: 'ALLOW-LIST', breaks: 'a single IPv4 allow-list entry admits its whole /24 network, so 127.0.0.2 is served when only 127.0.0.1 is listed' },
  { name: 'blind1-version-query-post-refused', requirement: 'VERSION-QUERY', breaks: 'the apiVersion query parameter is honoured on GET operations only; a POST operation with ?apiVersion=1 is answered 400' },
  // sessions (reference/operations/route.ts, session.ts)
  { name: 'blind1-session-skipped-cattr', requirement: 'SESSION-REQUIRED', breaks: 'AddCustomerAttributes is served without any sessionId or deviceId header' },
  { name: 'blind1-device-unchecked-on-get', requirement: 'SESSION-DEVICE-MATCH', breaks: 'the GET operations accept a deviceId header other than the one used at AuthenticatePartner' },
  // AuthenticatePartner (reference/operations/authenticate-partner.ts)
  { name: 'blind1-auth-denied-client-admitted', requirement: 'ERR-UNAUTHORIZED', breaks: 'AuthenticatePartner looks the partner up by a clientId body member instead of the token, so a denied client gets 200 and a session' },
  { name: 'blind1-auth-denied-type-rfc7231', requirement: 'ERR-TYPE-URL', breaks: 'the 401 UNAUTHORIZED of a denied AuthenticatePartner has a type URL naming RFC 7231 section 6.5.1 instead of RFC 7235 section 3.1' },
  // FindCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind1-find-ssn-dashes-stripped', requirement: 'FIND-SSN-FORMAT', breaks: 'FindCustomer strips the dashes of an SSN written 123-45-6789 before validating it and accepts it' },
  { name: 'blind1-find-dob-ignored', requirement: 'FIND-NOT-FOUND', breaks: 'FindCustomer matches on the SSN alone and returns the customer for any dateOfBirth' },
  // EnrollCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind1-enroll-mobile-leading-one', requirement: 'ENROLL-MOBILE-NUMBER-LENGTH', breaks: 'EnrollCustomer accepts an 11-digit mobileNumber that starts with the country code 1, dropping the 1' },
  { name: 'blind1-enroll-duplicate-email-accepted', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer checks only the SSN for duplicates and enrolls a second customer with an e-mail address already in use' },
  { name: 'blind1-enroll-middle-initial-two', requirement: 'ENROLL-MIDDLE-INITIAL-LENGTH', breaks: 'EnrollCustomer accepts a 2-character middleInitial' },
  { name: 'blind1-enroll-referrer-code-truncated', requirement: 'ENROLL-REFERRER-CODE-LENGTH', breaks: 'EnrollCustomer silently truncates a referrerCode longer than 50 characters instead of rejecting it' },
  { name: 'blind1-enroll-non-ascii-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer crashes with 500 when a name, address line or city holds a character outside ASCII' },
  { name: 'blind1-enroll-duplicate-echoes-ssn', requirement: 'NO-SECRET-ECHO', breaks: 'the duplicate-SSN refusal of EnrollCustomer quotes the SSN in its ErrorMessage' },
  // GetRegisteredCards (reference/operations/card-list.ts)
  { name: 'blind1-cards-null-when-empty', requirement: 'CARDS-SUCCESS', breaks: 'GetRegisteredCards answers {"cards": null} instead of an empty list for a customer without cards' },
  { name: 'blind1-cards-ints-as-strings', requirement: 'CARDS-SHAPE', breaks: 'GetRegisteredCards writes the Int fields issuerType, currentCardMin and currentCardMax as strings' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind1-card-expiration-month-unchecked', requirement: 'CARD-EXPIRATION-MONTH-YEAR-FORMAT', breaks: 'AddOrUpdateCard accepts any four digits as expirationMonthYear, month 13 or 00 included' },
  { name: 'blind1-card-number-spaces-stripped', requirement: 'CARD-CARD-NUMBER-FORMAT', breaks: 'AddOrUpdateCard strips spaces from a formatted card number (4111 1111 1111 1111) before validating and accepts it' },
  { name: 'blind1-card-update-compares-expiration-only', requirement: 'STATE-CARD-CHANGED', breaks: 'AddOrUpdateCard treats a registered card as unchanged when only its expiration matches, so a new nickname or address is answered 200 but not stored' },
  { name: 'blind1-card-decline-200', requirement: 'CARD-AUTH-FAILURE', breaks: 'a card authorization failure is answered 200 with {ErrorCode, ErrorMessage} instead of a 4xx' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind1-tcard-bin-nine-digits', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard accepts a 9-digit cardBin' },
  { name: 'blind1-tcard-denied-bin-on-update', requirement: 'TCARD-DENIED-BIN', breaks: 'the network check runs for new tokenized cards only; updating a registered tokenized card to a denied BIN is answered 200' },
  { name: 'blind1-tcard-denied-title-bad-request', requirement: 'ERR-TITLE-CODE', breaks: 'the 422 BAD_REQUEST of a denied BIN carries the title "Bad Request" instead of "Error"' },
  // AuthenticateOBO (reference/operations/obo.ts)
  { name: 'blind1-obo-no-linked-400', requirement: 'ERR-NO-LINKED-ACCOUNT', breaks: 'AuthenticateOBO answers a customer without a linked account with status 400 instead of 422 (errorCode and title unchanged)' },
  { name: 'blind1-obo-sso-token-pascal-key', requirement: 'OBO-SUCCESS', breaks: 'AuthenticateOBO answers {"SsoToken": ...} instead of the documented {"ssoToken": ...}' },
  // GetTransactionHistory (hooks.ts, reference/operations/history.ts, history-page.ts)
  { name: 'blind1-history-total-capped', requirement: 'HISTORY-TOTAL', breaks: 'totalRecords never exceeds 20, the default page size, however many transactions match' },
  { name: 'blind1-history-paging-starts-before-reference', requirement: 'HISTORY-PAGING', breaks: 'a page asked from a paging reference starts with the transaction just newer than the referenced one' },
  { name: 'blind1-history-timestamps-no-zone', requirement: 'HISTORY-SHAPE', breaks: 'transaction timestamps are written without a UTC designator (2024-12-31T10:00:00.000)' },
  { name: 'blind1-history-cards-not-merged', requirement: 'HISTORY-ORDER', breaks: 'a customer\'s history is each card\'s history newest first, one card after the other, not merged into one newest-first list' },
  { name: 'blind1-history-page-size-overflow-500', requirement: 'GEN-NO-5XX', breaks: 'a pageSize beyond the 32-bit integer range crashes GetTransactionHistory with 500 instead of a 400' },
  { name: 'blind1-history-card-number-in-display-name', requirement: 'NO-SECRET-ECHO', breaks: 'transactions of a card registered by number carry the full card number in destinationDisplayName' },
  // DeleteCard (hooks.ts)
  { name: 'blind1-delete-card-id-unvalidated', requirement: 'DELETE-CARD-ID-FORMAT', breaks: 'DeleteCard checks only the length of cardId, so a 36-character non-GUID is answered 422 CARD_NOT_FOUND instead of 400' },
  // AddCustomerAttributes (hooks.ts, reference/validate/attributes.ts)
  { name: 'blind1-cattr-key-dotted-index', requirement: 'ERR-KEY-PREFIX', breaks: 'AddCustomerAttributes validation keys write the element index as .0. (command.CustomerAttributes.0.Value) instead of [0]' },
  { name: 'blind1-cattr-formats-first-item-only', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes checks the value format of the first attribute only' },
  { name: 'blind1-cattr-long-value-500', requirement: 'GEN-NO-5XX', breaks: 'an AddCustomerAttributes value longer than 200 characters crashes with 500 instead of a 400' },
  // AddSessionAttributes (hooks.ts, reference/operations/session-attributes.ts, state/sessions.ts)
  { name: 'blind1-sattr-value-length-unchecked', requirement: 'SATTR-SESSION-ATTRIBUTES-LENGTH', breaks: 'AddSessionAttributes accepts attribute values longer than 300 characters' },
  { name: 'blind1-sattr-detail-generic', requirement: 'ERR-INVALID-INFORMATION', breaks: 'the 422 INVALID_INFORMATION of AddSessionAttributes has a generic detail that names none of the invalid fields' },
  { name: 'blind1-sattr-token-from-other-session', requirement: 'SATTR-AFTER-OBO', breaks: 'AddSessionAttributes in a session without AuthenticateOBO accepts an ssoToken issued in another session' },
  // problem writer (reference/problems.ts)
  { name: 'blind1-validation-errors-null', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'validation problems carry "errors": null instead of an object' },
];
