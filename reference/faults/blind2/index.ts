import type { Fault } from '../types.js';

/**
 * Blind red-team batch 2: faults written without knowledge of how the harness checks, to
 * measure how well it generalises. Like batch 1 they are known to `faultSet` but are not part
 * of `faultCatalogue`. Each breaks one rule that interface.md documents or decisions.md lets a
 * harness assert, and none repeats a fault of the catalogue or of blind1.
 * Implementations: reference/faults/blind2/hooks.ts (request rewrites, rule changes, key
 * spellings, response rewrites) and small guarded edits in the reference files named below.
 */
export const blind2Faults: readonly Fault[] = [
  // token endpoint and bearer check (reference/token-endpoint.ts, jwt.ts, api-guards.ts)
  { name: 'blind2-token-secret-prefix-accepted', requirement: 'TOKEN-ERRORS', breaks: 'the client secret is compared over the length of the secret sent only, so a non-empty prefix of the real secret gets a token instead of invalid_client' },
  { name: 'blind2-token-error-status-200', requirement: 'TOKEN-ERRORS', breaks: 'token errors other than invalid_client (missing or unsupported grant_type, bad scope) are sent with status 200 instead of 400' },
  { name: 'blind2-token-401-no-challenge', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: 'the 401 invalid_client of the token endpoint after Basic authentication carries no WWW-Authenticate header' },
  { name: 'blind2-token-exp-seconds-as-ms', requirement: 'TOKEN-REUSE', breaks: 'the access token\'s exp is set with the lifetime divided by 1000 (3 seconds), so a token stops working long before expires_in says' },
  { name: 'blind2-bearer-invalid-403', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token that is present but forged, malformed or expired is refused with 403 instead of 401' },
  { name: 'blind2-bearer-opaque-accepted', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token without any dot (not a JWT) is taken for a legacy API key and accepted without verification' },
  // network, versioning, sessions (reference/server.ts, api-guards.ts, operations/session.ts)
  { name: 'blind2-allow-list-loopback-exempt', requirement: 'ALLOW-LIST', breaks: 'any loopback source (127.0.0.0/8, ::1) is served whatever the allow list says, as a health-check exemption' },
  { name: 'blind2-version-query-first-param-only', requirement: 'VERSION-QUERY', breaks: 'the apiVersion query parameter is recognised only as the first parameter of the query string; elsewhere it is refused with 400 as unknown' },
  { name: 'blind2-session-unknown-id-created', requirement: 'SESSION-REQUIRED', breaks: 'a sessionId header that names no session opens one under that id (get-or-create) instead of being refused' },
  { name: 'blind2-session-other-client', requirement: 'SESSION-REQUIRED', breaks: 'a session is found by its id alone, so a session opened by one client is served to the bearer token of another' },
  // AuthenticatePartner (reference/problems.ts)
  { name: 'blind2-auth-denied-no-challenge', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: 'the 401 UNAUTHORIZED of a denied AuthenticatePartner carries no WWW-Authenticate header' },
  // FindCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind2-find-ssn-zero-padded', requirement: 'FIND-SSN-LENGTH', breaks: 'FindCustomer reads the SSN as a number and pads it back to 9 digits, so a 7- or 8-digit SSN is accepted' },
  { name: 'blind2-find-not-found-type-404', requirement: 'ERR-TYPE-URL', breaks: 'the 422 CUSTOMER_NOT_FOUND of FindCustomer has a type URL naming the 404 section of RFC 7231 instead of RFC 4918 section 11.2' },
  { name: 'blind2-find-customer-id-pascal-key', requirement: 'FIND-SUCCESS', breaks: 'FindCustomer answers {"CustomerId": ...} (the EnrollCustomer spelling) instead of {"customerId": ...}' },
  // EnrollCustomer (hooks.ts)
  { name: 'blind2-enroll-zip-plus-four-truncated', requirement: 'ENROLL-ZIP-LENGTH', breaks: 'EnrollCustomer cuts a ZIP+4 (12345-6789 or 123456789) down to its first five digits instead of rejecting it' },
  { name: 'blind2-enroll-last-name-max-51', requirement: 'ENROLL-LAST-NAME-LENGTH', breaks: 'EnrollCustomer accepts a 51-character lastName' },
  { name: 'blind2-enroll-home-number-format-unchecked', requirement: 'ENROLL-HOME-NUMBER-FORMAT', breaks: 'EnrollCustomer checks the phone format of the required mobileNumber only; an optional homeNumber with letters or dashes is accepted' },
  { name: 'blind2-enroll-gender-word-accepted', requirement: 'ENROLL-GENDER-LENGTH', breaks: 'EnrollCustomer maps a gender longer than one character that starts with M or F (Male, Female, MM) to its first letter instead of rejecting it' },
  { name: 'blind2-enroll-allow-texts-defaulted', requirement: 'ENROLL-ALLOW-TEXTS-REQUIRED', breaks: 'EnrollCustomer defaults a missing allowTexts to false instead of rejecting the request' },
  { name: 'blind2-enroll-apostrophe-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer builds its insert by string concatenation and fails with 500 when a name, address line or city contains an apostrophe (O\'Brien)' },
  // GetRegisteredCards (hooks.ts, reference/operations/card-list.ts)
  { name: 'blind2-cards-customer-id-no-dashes', requirement: 'CARDS-CUSTOMER-ID-LENGTH', breaks: 'GetRegisteredCards accepts a 32-digit customerId without dashes (a GUID parser\'s "N" format)' },
  { name: 'blind2-cards-expiration-yymm', requirement: 'CARDS-SHAPE', breaks: 'GetRegisteredCards writes expirationMonthYear as YYMM (the stored column order) instead of MMYY' },
  { name: 'blind2-cards-last-four-first-four', requirement: 'CARDS-SHAPE', breaks: 'GetRegisteredCards fills lastFourDigits of a card registered by number with its first four digits' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts, state/cards.ts)
  { name: 'blind2-card-nickname-max-21', requirement: 'CARD-CARD-NICKNAME-LENGTH', breaks: 'AddOrUpdateCard accepts a 21-character cardNickname' },
  { name: 'blind2-card-address-line2-optional', requirement: 'CARD-ADDRESS-LINE2-REQUIRED', breaks: 'AddOrUpdateCard treats addressLine2 as optional, as address forms usually do, and accepts a request without it' },
  { name: 'blind2-card-expiration-four-digit-year-cut', requirement: 'CARD-EXPIRATION-MONTH-YEAR-LENGTH', breaks: 'AddOrUpdateCard shortens an MMYYYY expiration (042027) to MMYY instead of rejecting its length' },
  { name: 'blind2-card-found-by-number-only', requirement: 'CARD-SUCCESS', breaks: 'AddOrUpdateCard looks a registered card up by card number alone, so a card number another customer holds is answered with that customer\'s card and not added to the caller' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts, card-view.ts)
  { name: 'blind2-tcard-hash-id-is-token', requirement: 'NO-SECRET-ECHO', breaks: 'AddOrUpdateTokenizedCard returns the card token itself as hashId' },
  { name: 'blind2-tcard-token-max-1000', requirement: 'TCARD-CARD-TOKEN-LENGTH', breaks: 'AddOrUpdateTokenizedCard accepts card tokens up to 1000 characters (the column width) instead of 255/256' },
  { name: 'blind2-tcard-last-four-tail-kept', requirement: 'TCARD-LAST-FOUR-OF-CARD-LENGTH', breaks: 'AddOrUpdateTokenizedCard keeps the last four characters of a longer lastFourOfCard instead of rejecting it' },
  { name: 'blind2-tcard-denied-status-400', requirement: 'ERR-BAD-REQUEST', breaks: 'a tokenized card whose BIN is not allowed in the network is answered with status 400 instead of 422 (errorCode BAD_REQUEST and title Error unchanged)' },
  { name: 'blind2-tcard-expiration-change-new-card', requirement: 'STATE-TCARD-CHANGED', breaks: 'a registered tokenized card sent with a new expiration becomes a second card entry with a new cardId instead of an update of the first' },
  { name: 'blind2-tcard-no-last-four-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateTokenizedCard without the optional lastFourOfCard crashes with 500' },
  // AuthenticateOBO (reference/operations/obo.ts)
  { name: 'blind2-obo-not-found-title-case', requirement: 'ERR-TITLE-CODE', breaks: 'the 422 CUSTOMER_NOT_FOUND of AuthenticateOBO has the title "Customer not found" instead of "Customer Not Found"' },
  { name: 'blind2-obo-sso-token-in-header', requirement: 'OBO-SUCCESS', breaks: 'AuthenticateOBO returns the ssoToken in a response header, as AuthenticatePartner does the sessionId, and an empty JSON body' },
  // GetTransactionHistory (hooks.ts, reference/operations/history.ts)
  { name: 'blind2-history-page-size-eleven', requirement: 'HISTORY-PAGE-SIZE-RANGE', breaks: 'GetTransactionHistory accepts pageSize 11' },
  { name: 'blind2-history-page-size-negative-default', requirement: 'HISTORY-PAGE-SIZE-RANGE', breaks: 'a negative pageSize is treated like 0 (the default page) instead of being rejected' },
  { name: 'blind2-history-default-page-ten', requirement: 'HISTORY-PAGE-SIZE', breaks: 'without pageSize GetTransactionHistory returns the 10 most recent transactions (the maximum pageSize) instead of 20' },
  { name: 'blind2-history-paging-ignored-with-account', requirement: 'HISTORY-PAGING', breaks: 'the paging reference is ignored when an accountId is sent, so every page of a card\'s history starts at its newest transaction' },
  { name: 'blind2-history-amount-decimal', requirement: 'HISTORY-SHAPE', breaks: 'transaction amounts (amount, fee, ocrAmount, userEnteredAmount, loadAmount) are written as decimal dollars instead of Int' },
  { name: 'blind2-history-key-command-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'GetTransactionHistory validation keys use the command. prefix (command.customerId) for its query fields' },
  { name: 'blind2-history-last-page-500', requirement: 'GEN-NO-5XX', breaks: 'a page asked from a paging reference that reaches the end of the history crashes with 500 while computing the next reference' },
  // DeleteCard (reference/operations/card-list.ts)
  { name: 'blind2-delete-removes-all-cards', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard removes every card of the customer, not only the one named by cardId' },
  { name: 'blind2-delete-success-plain-text', requirement: 'GEN-JSON-BODY', breaks: 'DeleteCard success is answered with a text/plain "OK" body' },
  // AddCustomerAttributes (hooks.ts)
  { name: 'blind2-cattr-amount-thousands-separator', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'amount attributes (DDDDD.CC) are accepted with thousands separators or a dollar sign (12,345.00, $123.45)' },
  { name: 'blind2-cattr-date-day-first', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'date attributes are parsed as DD-MM-YYYY, so 13-01-2020 is accepted (and 12-25-2020 refused)' },
  { name: 'blind2-cattr-count-negative', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'count attributes are parsed as signed integers, so -1 is accepted' },
  { name: 'blind2-cattr-index-one-based', requirement: 'ERR-KEY-PREFIX', breaks: 'AddCustomerAttributes validation keys count elements from 1 (the first item is [1])' },
  // AddSessionAttributes (reference/operations/session-attributes.ts)
  { name: 'blind2-sattr-filter-first-id-only', requirement: 'SATTR-FILTERS', breaks: 'AddSessionAttributes checks only the first GUID of an AccountIdFilter against the customer\'s cards' },
  { name: 'blind2-sattr-number-filter-last-four', requirement: 'SATTR-FILTERS', breaks: 'AccountNumberFilter entries are matched on their last four digits, so another card number with the same last four is accepted' },
  { name: 'blind2-sattr-filter-format-400', requirement: 'ERR-INVALID-INFORMATION', breaks: 'a badly formatted AccountIdFilter is answered 400 validation instead of 422 INVALID_INFORMATION' },
  // problem writer (reference/problems.ts, api-guards.ts)
  { name: 'blind2-problem-instance-with-query', requirement: 'ERR-INSTANCE', breaks: 'the instance member of error bodies is the request URL with its query string, not the request path' },
  { name: 'blind2-validation-title-aspnet', requirement: 'ERR-TITLE-CODE', breaks: 'validation problems carry the framework\'s title "One or more validation errors occurred." instead of "Bad Request"' },
  { name: 'blind2-unsupported-media-type-html', requirement: 'ERR-JSON-BODY', breaks: 'a POST whose body is not JSON is refused with a 415 HTML page instead of a JSON error body' },
  { name: 'blind2-problem-status-string-422', requirement: 'ERR-STATUS-MEMBER', breaks: '422 Problem bodies carry status as the string "422" instead of the Int 422' },
];
