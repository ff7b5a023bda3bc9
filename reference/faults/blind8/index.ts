import type { Fault } from '../types.js';

/**
 * Blind red-team batch 8: faults written without knowledge of how the harness checks, each one step
 * away from the obvious bug (a rule right on one operation or path and wrong on its sibling, a check
 * on the wrong one of two similar fields, a column type that bends a value, a crash on a valid but
 * unusual value). Like the earlier batches they are known to `faultSet` but not part of
 * `faultCatalogue`. Each breaks one rule interface.md documents or decisions.md lets a harness assert.
 * Implementations: reference/faults/blind8/hooks.ts (input rewrites, crashes, rule changes, key
 * spellings) and small guarded edits, each commented with the fault's name, in the reference files.
 */
export const blind8Faults: readonly Fault[] = [
  // token endpoint (reference/token-endpoint.ts)
  { name: 'blind8-token-body-secret-invalid-credentials', requirement: 'TOKEN-ERRORS', breaks: 'a wrong client_secret sent as a form parameter is refused with error "invalid_credentials", a code RFC 6749 section 5.2 does not define (D24: "RFC 6749 error JSON with an error code from section 5.2"); the Basic branch says invalid_client' },
  { name: 'blind8-token-identity-scope-opaque', requirement: 'TOKEN-SHAPE', breaks: 'a token for the identity-score scope is an opaque reference string, not a JWT ("access_token | string (JWT)")' },
  { name: 'blind8-token-cache-control-no-cache', requirement: 'TOKEN-NO-STORE', breaks: 'a token response carries Cache-Control: no-cache instead of no-store (RFC 6749 section 5.1 "MUST include the HTTP Cache-Control response header field with a value of no-store")' },
  // bearer (reference/api-guards.ts)
  { name: 'blind8-bearer-expiry-unchecked-on-delete', requirement: 'BEARER-REQUIRED', breaks: 'DeleteCard accepts an expired access token (its route\'s token filter has lifetime validation off); D2: "an expired token is refused with 401"' },
  { name: 'blind8-bearer-invalid-no-challenge-on-get', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: 'on the two GET operations a 401 for a malformed or expired token carries no WWW-Authenticate header (D27: "a 401 carries a WWW-Authenticate header")' },
  // allow list (reference/server.ts)
  { name: 'blind8-allow-list-tcard-exempt', requirement: 'ALLOW-LIST', breaks: 'AddOrUpdateTokenizedCard is served to an address off the allow list ("calls are accepted only from allow-listed partner IP addresses")' },
  // version (reference/api-guards.ts)
  { name: 'blind8-version-query-refused-enroll', requirement: 'VERSION-QUERY', breaks: 'EnrollCustomer refuses `?apiVersion=1` with 400 ("The version is selected by a header or a query string parameter, both named apiVersion")' },
  // sessions (reference/operations/session.ts)
  { name: 'blind8-session-device-unchecked-on-cattr', requirement: 'SESSION-DEVICE-MATCH', breaks: 'AddCustomerAttributes serves a deviceId other than the session\'s ("deviceId ... Must equal the deviceId used in AuthenticatePartner")' },
  { name: 'blind8-session-missing-id-device-lookup-on-find', requirement: 'SESSION-REQUIRED', breaks: 'FindCustomer without a sessionId header is served with the newest session of the deviceId ("sessionId (string, required, from AuthenticatePartner)")' },
  // AuthenticatePartner (reference/operations/authenticate-partner.ts)
  { name: 'blind8-auth-denied-200-no-session', requirement: 'ERR-UNAUTHORIZED', breaks: 'a denied AuthenticatePartner answers 200 `{}` without a sessionId header instead of "Failure: 401, errorCode UNAUTHORIZED, title Unauthorized"' },
  // FindCustomer (hooks.ts, reference/problems.ts)
  { name: 'blind8-find-dob-year-first-slash-day-month-swapped', requirement: 'FIND-ENROLLED', breaks: 'a YYYY/MM/DD date of birth is parsed as yyyy/dd/MM, so an enrolled customer looked up with that documented form is not found (or is refused when the day is above 12)' },
  { name: 'blind8-find-ssn-area-zero-500', requirement: 'GEN-NO-5XX', breaks: 'FindCustomer with a 9-digit SSN whose area is 000 crashes with 500 (the SSN-to-area lookup has no row for it); "9-digit SSN or ITIN, no formatting" is met and the answer must be a match, no match or a 4xx' },
  { name: 'blind8-find-not-found-instance-mount-relative', requirement: 'ERR-INSTANCE', breaks: 'FindCustomer\'s 422 Problem names `instance` relative to the controller\'s mount point (/partners/find-customer), not the request path ("instance (the request path)")' },
  // EnrollCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind8-enroll-referrer-code-max-51', requirement: 'ENROLL-REFERRER-CODE-LENGTH', breaks: 'EnrollCustomer accepts a referrerCode of 51 characters (the validator says `<= 51`; "referrerCode ... Max len 50")' },
  { name: 'blind8-enroll-duplicate-email-alias-key-only', requirement: 'ENROLL-DUPLICATE', breaks: 'the duplicate e-mail check reads the `email` alias only, so a used address sent as emailAddress enrols a second customer ("checks whether the SSN or the e-mail address is already in use; if so, an ErrorCode and ErrorMessage are returned")' },
  { name: 'blind8-enroll-empty-middle-initial-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer with middleInitial "" crashes with 500 (`middleInitial[0].toUpperCase()`); D29 leaves acceptance open but never a 5xx' },
  // GetRegisteredCards (reference/operations/card-list.ts)
  { name: 'blind8-cards-last-four-fixed-offset', requirement: 'CARDS-SHAPE', breaks: 'the card list takes lastFourDigits at the fixed offset 12..16 of the number, right for 16-digit numbers only ("lastFourDigits: Last four digits of the card number")' },
  { name: 'blind8-cards-list-capped-at-five', requirement: 'CARDS-SUCCESS', breaks: 'GetRegisteredCards returns at most five cards (`TOP 5` left in the query), so a customer\'s sixth registered card is never listed' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind8-card-zip-unchecked-on-update', requirement: 'CARD-ZIP-LENGTH', breaks: 'on the update path (a card already on file) the zip is normalised to five digits (a ZIP+4 cut, a short zip zero-padded) instead of being validated, so a zip of 4 or 6 digits is accepted ("zip ... Min len 5, Max len 5")' },
  { name: 'blind8-card-new-card-response-first-card', requirement: 'CARD-SUCCESS', breaks: 'adding a new card to a customer who holds one answers `{cards: [<the customer\'s first card>]}`, not the card added' },
  { name: 'blind8-card-customer-id-key-blames-card-number', requirement: 'ERR-KEYS-COMPLETE', breaks: 'an invalid customerId at AddOrUpdateCard is reported under the key command.CardNumber (a copied validator line), blaming a valid field and not naming the invalid one (D14)' },
  { name: 'blind8-card-last-four-from-double', requirement: 'CARD-SUCCESS', breaks: 'the add-or-update answer computes lastFourDigits from the card number parsed to a double, wrong above 2^53 (19-digit and 9xxx numbers) ("Last four digits of the card number")' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind8-tcard-bin-unchecked-on-update', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'on the update path the sent cardBin is replaced by the stored one before validation, so a BIN that is not 6 to 8 digits is accepted ("cardBin ... 6 to 8 digit BIN")' },
  { name: 'blind8-tcard-expiration-yymm-accepted', requirement: 'TCARD-EXPIRATION-MONTH-YEAR-FORMAT', breaks: 'an expiration whose first two digits cannot be a month is read as YYMM and accepted (2612 → 1226) ("expirationMonthYear ... MMYY")' },
  { name: 'blind8-tcard-denied-status-member-400', requirement: 'ERR-STATUS-MEMBER', breaks: 'the network refusal (HTTP 422 BAD_REQUEST) carries `status: 400` in its body, taken from the code\'s name (RFC 7807: status is the HTTP status)' },
  // AuthenticateOBO (hooks.ts, reference/operations/obo.ts)
  { name: 'blind8-obo-customer-id-no-dashes', requirement: 'OBO-CUSTOMER-ID-FORMAT', breaks: 'AuthenticateOBO takes a customerId of 32 hex digits without dashes (Guid.Parse "N" format) ("customerId (Guid, required, length 36)")' },
  { name: 'blind8-obo-second-call-null-token', requirement: 'STATE-OBO', breaks: 'a second AuthenticateOBO for the same customer in one session answers `{ssoToken: null}` ("AuthenticateOBO success | customer exists and has a linked account | one-time ssoToken issued")' },
  { name: 'blind8-obo-success-no-content-type', requirement: 'GEN-JSON-BODY', breaks: 'AuthenticateOBO\'s success is written to the raw response with no Content-Type header (D7: a JSON media type)' },
  // GetTransactionHistory (reference/operations/history.ts)
  { name: 'blind8-history-paging-last-page-empty', requirement: 'HISTORY-PAGING', breaks: 'a paging reference within the last pageSize transactions gets an empty page (`if (start + pageSize > total) return []`) instead of "it and the next pageSize older transactions"' },
  { name: 'blind8-history-pickup-location-null', requirement: 'HISTORY-SHAPE', breaks: 'a transaction with no pickup location has `pickupLocationId: null` (a nullable foreign key) where the Transaction table types it Int' },
  { name: 'blind8-history-account-filter-dropped-with-page-size', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'with pageSize given, the query builder\'s paged branch drops the accountId clause, so other cards\' transactions are listed ("accountId ... limits history to that card")' },
  // DeleteCard (hooks.ts)
  { name: 'blind8-delete-card-id-missing-500', requirement: 'DELETE-CARD-ID-REQUIRED', breaks: 'DeleteCard without cardId crashes with 500 (the id is lower-cased before validation) instead of "400 validation, for example key command.cardId"' },
  { name: 'blind8-delete-card-id-braces-accepted', requirement: 'DELETE-CARD-ID-FORMAT', breaks: 'DeleteCard takes a cardId in braces, {guid} (Guid.TryParse "B" format), ("cardId (Guid, required, 36)")' },
  // AddCustomerAttributes (hooks.ts, reference/operations/customer-attributes.ts)
  { name: 'blind8-cattr-card-issue-date-month-unchecked', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'CardIssueDate is checked as two digits, a day and a year, so month 13 to 99 passes (LastDebitPurchaseDate stays right) ("CardIssueDate | MM-DD-YYYY")' },
  { name: 'blind8-cattr-value-error-keyed-on-name', requirement: 'ERR-KEYS-COMPLETE', breaks: 'an invalid attribute value is reported under command.CustomerAttributes[i].Name, not .Value ("key of the form command.CustomerAttributes[<index>].Value")' },
  { name: 'blind8-cattr-required-at-fixed-positions', requirement: 'GEN-VALID-ACCEPTED', breaks: 'a list is refused with 400 unless CustomerId is its first item and SSN its second (`items[0].Name == "CustomerId"`); the document fixes no order, so a valid payload is rejected' },
  { name: 'blind8-cattr-success-body-not-json', requirement: 'GEN-JSON-BODY', breaks: 'AddCustomerAttributes\' success is the text Success sent as application/json (D6: "a body, if any, is JSON")' },
  // AddSessionAttributes (reference/operations/session-attributes.ts, hooks.ts)
  { name: 'blind8-sattr-token-unchecked-without-filters', requirement: 'ERR-INVALID-INFORMATION', breaks: 'after AuthenticateOBO, a request without a filter is applied whatever its SsoToken value (the token is compared in the filter branch only); D19: an invalid value is 422 INVALID_INFORMATION' },
  { name: 'blind8-sattr-detail-names-id-filter', requirement: 'ERR-INVALID-INFORMATION', breaks: 'an invalid AccountNumberFilter is refused with a detail that names AccountIdFilter ("detail names the invalid fields")' },
  { name: 'blind8-sattr-key-index-one-based', requirement: 'ERR-KEY-PREFIX', breaks: 'validation keys of session attributes count items from 1 (the first item is [1]), where the keys of customer attributes count from 0 ("array elements use an index such as [7]"; D13: the [index] form exactly)' },
];
