import type { Fault } from '../types.js';

/**
 * Blind red-team batch 5: 45 faults an independent implementation of interface.md could ship,
 * written without knowledge of how the harness checks (off-by-one bounds, a rule kept on one
 * path only, lenient parsers, caches and stale reads, wrong defaults, case-insensitive matching
 * where the document wants equality). Known to `faultSet`, not part of `faultCatalogue`. Each
 * breaks one rule that interface.md documents or decisions.md lets a harness assert.
 * Implementations: reference/faults/blind5/rules.ts (rule changes, key spellings, request
 * rewrites), blind5/memo.ts (the caches) and small guarded edits in the reference files named below.
 */
export const blind5Faults: readonly Fault[] = [
  // token endpoint (reference/token-endpoint.ts)
  { name: 'blind5-token-no-store-basic-only', requirement: 'TOKEN-NO-STORE', breaks: 'a token issued to form-body credentials (client_id/client_secret) is answered without Cache-Control: no-store; only the Basic path sets it' },
  { name: 'blind5-token-expires-in-remaining', requirement: 'TOKEN-SHAPE', breaks: 'expires_in is computed as the whole seconds left after issuing, so 3599 is returned instead of 3600' },
  // bearer check (reference/jwt.ts, api-guards.ts, problems.ts)
  { name: 'blind5-bearer-payload-cached', requirement: 'BEARER-REQUIRED', breaks: 'verified tokens are cached by their header and payload, so a token whose signature was altered is accepted once the genuine token was seen' },
  { name: 'blind5-bearer-challenge-missing-only', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: 'a 401 carries WWW-Authenticate only when no Authorization header was sent; a refused, expired or malformed token gets a 401 without the challenge' },
  // allow list (reference/server.ts)
  { name: 'blind5-allow-list-authenticate-exempt', requirement: 'ALLOW-LIST', breaks: 'AuthenticatePartner (the login route) is left off the allow-list filter and is served to any address' },
  // versioning (reference/api-guards.ts)
  { name: 'blind5-version-query-unknown-on-get', requirement: 'VERSION-QUERY', breaks: 'GetRegisteredCards and GetTransactionHistory validate their query strictly and refuse ?apiVersion=1 with 400 key query.apiVersion' },
  { name: 'blind5-version-header-refused-ancillary', requirement: 'VERSION-HEADER', breaks: 'the ancillary operations (AddCustomerAttributes, AddSessionAttributes) have no header version reader and refuse the apiVersion: 1 header with 400' },
  // sessions (reference/operations/session.ts, route.ts, authenticate-partner.ts)
  { name: 'blind5-session-device-case-insensitive', requirement: 'SESSION-DEVICE-MATCH', breaks: 'the deviceId header is compared with the session\'s case-insensitively, so a deviceId differing in letter case is served' },
  { name: 'blind5-session-device-check-cached', requirement: 'SESSION-DEVICE-MATCH', breaks: 'once a session passed the device check, the result is cached by sessionId and later requests with another deviceId are served' },
  { name: 'blind5-session-skipped-on-history', requirement: 'SESSION-REQUIRED', breaks: 'GetTransactionHistory is served without the sessionId/deviceId check (its route was left out of the session filter)' },
  { name: 'blind5-auth-repeat-device-empty-session', requirement: 'AUTH-SESSION-HEADER', breaks: 'AuthenticatePartner with a deviceId that already has an open session answers 200 with an empty sessionId header' },
  // FindCustomer (reference/operations/customers.ts, rules.ts)
  { name: 'blind5-find-dob-day-ignored', requirement: 'FIND-EVERY-KEY', breaks: 'the date of birth is compared by year and month only, so a customer is named for a date of birth with another day' },
  { name: 'blind5-find-itin-refused', requirement: 'GEN-VALID-ACCEPTED', breaks: 'FindCustomer refuses an SSN starting with 9 (an ITIN) with 400, though the document takes "9-digit SSN or ITIN"' },
  { name: 'blind5-find-ssn-leading-zero-lost', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer looks the SSN up as a number, so an enrolled customer whose SSN starts with 0 is not found' },
  // EnrollCustomer (customers.ts, rules.ts)
  { name: 'blind5-enroll-duplicate-ssn-returns-existing', requirement: 'ENROLL-DUPLICATE', breaks: 'an EnrollCustomer with an SSN already in use answers 200 with the existing customer\'s CustomerId instead of an ErrorCode and ErrorMessage' },
  { name: 'blind5-enroll-home-number-nine-digits', requirement: 'ENROLL-HOME-NUMBER-FORMAT', breaks: 'homeNumber accepts 9 or 10 digits instead of exactly 10' },
  { name: 'blind5-enroll-ssn-short-accepted', requirement: 'ENROLL-SSN-FORMAT', breaks: 'EnrollCustomer validates ssn by its length column (1 to 9 digits), so an SSN of fewer than 9 digits is enrolled' },
  { name: 'blind5-enroll-email-max-254', requirement: 'ENROLL-EMAIL-ADDRESS-LENGTH', breaks: 'emailAddress is held to the RFC 5321 maximum of 254 characters instead of the documented 100' },
  // AuthenticateOBO (reference/operations/obo.ts, rules.ts)
  { name: 'blind5-obo-no-linked-title-case', requirement: 'ERR-NO-LINKED-ACCOUNT', breaks: 'NO_LINKED_ACCOUNT is answered with the title "No Linked Account" instead of "No linked account"' },
  { name: 'blind5-obo-customer-id-unanchored', requirement: 'OBO-CUSTOMER-ID-LENGTH', breaks: 'the customerId pattern has no end anchor and the GUID is read from the first 36 characters, so a longer customerId is served' },
  { name: 'blind5-obo-second-customer-token-not-stored', requirement: 'STATE-SESSION-ATTRIBUTES', breaks: 'a second AuthenticateOBO in a session for another customer returns an ssoToken the session never stores, so AddSessionAttributes with it is refused' },
  // GetRegisteredCards (reference/operations/card-list.ts, memo.ts)
  { name: 'blind5-cards-cached-after-delete', requirement: 'STATE-CARD-DELETED', breaks: 'the card list is cached per customer and the cache is cleared by the add-or-update operations only, so a deleted card is still listed' },
  { name: 'blind5-cards-key-command-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'GetRegisteredCards reports an invalid customerId under key command.customerId instead of query.customerId' },
  // AddOrUpdateCard (rules.ts, route.ts)
  { name: 'blind5-card-expiration-month-thirteen', requirement: 'CARD-EXPIRATION-MONTH-YEAR-FORMAT', breaks: 'AddOrUpdateCard\'s MMYY pattern takes months 01 to 13 (1[0-3]), so 13YY is accepted' },
  { name: 'blind5-card-city-unchecked-on-update', requirement: 'CARD-CITY-LENGTH', breaks: 'a city over 50 characters is refused when the card is new but accepted (and cut) when it updates a registered card' },
  { name: 'blind5-card-number-fifteen-refused', requirement: 'CARD-CARD-NUMBER-LENGTH', breaks: 'AddOrUpdateCard refuses 15-digit card numbers (its pattern takes 16 to 19 digits), though 15 is the documented minimum' },
  { name: 'blind5-card-zip-four-accepted', requirement: 'CARD-ZIP-LENGTH', breaks: 'AddOrUpdateCard accepts a zip of 4 digits (the leading zero lost by a numeric column is tolerated)' },
  // AddOrUpdateTokenizedCard (rules.ts, card-upsert.ts)
  { name: 'blind5-tcard-token-max-300', requirement: 'TCARD-CARD-TOKEN-LENGTH', breaks: 'cardToken is held to 300 characters, so tokens of 257 to 300 characters (above both documented bounds) are accepted' },
  { name: 'blind5-tcard-bin-five-digits', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'cardBin accepts 5 to 8 digits instead of 6 to 8' },
  { name: 'blind5-tcard-denied-200-empty', requirement: 'TCARD-DENIED-BIN', breaks: 'a tokenized card whose BIN is not allowed in the network is answered 200 with an empty cards list instead of 422 BAD_REQUEST' },
  { name: 'blind5-tcard-expiration-not-updated', requirement: 'STATE-TCARD-CHANGED', breaks: 'updating a tokenized card stores every field but expirationMonthYear, so a changed expiration is never taken' },
  // GetTransactionHistory (reference/operations/history.ts, rules.ts)
  { name: 'blind5-history-page-size-ten-refused', requirement: 'HISTORY-PAGE-SIZE-RANGE', breaks: 'pageSize 10 is refused with 400 (the range check is pageSize < 10)' },
  { name: 'blind5-history-paging-ignores-account', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'with a pagingTransactionReferenceNumber, the paging query drops the accountId filter and pages through every card\'s transactions' },
  { name: 'blind5-history-created-on-date-only', requirement: 'HISTORY-SHAPE', breaks: 'createdOn is written as a date without its time (YYYY-MM-DD), not an ISO 8601 date-time' },
  { name: 'blind5-history-unknown-customer-500', requirement: 'GEN-NO-5XX', breaks: 'GetTransactionHistory for a customerId of no customer dereferences the missing customer and answers 500' },
  // DeleteCard (reference/operations/card-list.ts, rules.ts)
  { name: 'blind5-delete-unknown-plain-404', requirement: 'ERR-JSON-BODY', breaks: 'DeleteCard of an unknown cardId answers 404 with a text/plain body "Card not found"' },
  { name: 'blind5-delete-customer-id-unvalidated', requirement: 'DELETE-CUSTOMER-ID-FORMAT', breaks: 'DeleteCard checks only that customerId is present and 36 long, not that it is a GUID' },
  // AddCustomerAttributes (rules.ts)
  { name: 'blind5-cattr-amount-three-decimals', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the DDDDD.CC amounts are parsed as decimals rounded to cents, so a value with three decimals (12.345) is accepted' },
  { name: 'blind5-cattr-true-false-yes-no', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'DirectDeposit and DebitActive take Yes and No (in any case) as well as True and False' },
  // AddSessionAttributes (reference/operations/session-attributes.ts)
  { name: 'blind5-sattr-both-filters-number-first', requirement: 'SATTR-FILTERS', breaks: 'both filters at once are refused only when AccountIdFilter comes first; AccountNumberFilter before AccountIdFilter is accepted' },
  { name: 'blind5-sattr-number-filter-token-refused', requirement: 'SATTR-FILTERS', breaks: 'AccountNumberFilter is matched against raw card numbers only, so the customer\'s own card token is refused as invalid information' },
  { name: 'blind5-sattr-invalid-status-400', requirement: 'ERR-INVALID-INFORMATION', breaks: 'INVALID_INFORMATION is answered with status 400 instead of 422' },
  // error and success shapes (reference/problems.ts, operations/context.ts)
  { name: 'blind5-validation-errors-array', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'the validation problem\'s errors member is an empty array instead of an object' },
  { name: 'blind5-validation-title-reworded', requirement: 'ERR-TITLE-CODE', breaks: 'validation problems carry the title "Validation Failed" instead of "Bad Request"' },
  { name: 'blind5-done-octet-stream', requirement: 'GEN-JSON-BODY', breaks: 'DeleteCard, AddCustomerAttributes and AddSessionAttributes answer their {} body as application/octet-stream' },
];
