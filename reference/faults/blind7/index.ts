import type { Fault } from '../types.js';

/**
 * Blind batch 7: forty defects an independent implementation of interface.md could ship, each
 * breaking one rule the document (or a decision's "harness asserts" column) states. Written from
 * interface.md, decisions.md, contract/ and reference/ only; scored by `npm run red-team -- blind7`.
 * Hooks: reference/faults/blind7/hooks.ts (inputs, rules, keys), memo.ts (caches), and guarded lines
 * in the reference marked `blind7-`.
 */
export const blind7Faults: readonly Fault[] = [
  // Token endpoint
  { name: 'blind7-token-identity-scope-refused', requirement: 'TOKEN-ISSUED', breaks: 'the scope table lacks the identity-score row, so a token request for "{scope_base}/auth/insights/identity-score" (a documented scope) gets 400 invalid_scope' },
  { name: 'blind7-token-scope-missing-body-credentials', requirement: 'TOKEN-SHAPE', breaks: 'when the credentials come as form parameters the response leaves out `scope`, though "Success: status 200 with access_token, expires_in (3600), token_type (Bearer) and scope"' },
  { name: 'blind7-token-invalid-scope-no-error-member', requirement: 'TOKEN-ERRORS', breaks: 'an unknown scope is answered 400 with only `error_description`, no `error` code, where D24 asserts "RFC 6749 error JSON with an `error` code from section 5.2"' },
  // Access: bearer, allow list, versions, sessions
  { name: 'blind7-bearer-expiry-unchecked-on-history', requirement: 'BEARER-REQUIRED', breaks: 'GetTransactionHistory sits behind a token filter configured without lifetime validation, so an expired token is served, where D2 asserts "an expired token is refused with 401"' },
  { name: 'blind7-bearer-missing-empty-body-on-attributes', requirement: 'ERR-JSON-BODY', breaks: 'the ancillary operations answer a call without a token with a bare 401 and no body, though "Error bodies are JSON"' },
  { name: 'blind7-allow-list-delete-exempt', requirement: 'ALLOW-LIST', breaks: 'DeleteCard is registered on a router the allow-list filter does not cover, though "calls are accepted only from allow-listed partner IP addresses" (D46: on every operation)' },
  { name: 'blind7-version-query-refused-obo', requirement: 'VERSION-QUERY', breaks: 'AuthenticateOBO refuses `?apiVersion=1` with 400, though "The version is selected by a header or a query string parameter, both named apiVersion"' },
  { name: 'blind7-session-device-unchecked-on-obo', requirement: 'SESSION-DEVICE-MATCH', breaks: 'AuthenticateOBO checks that the sessionId exists but not that the deviceId "Must equal the deviceId used in AuthenticatePartner"' },
  { name: 'blind7-session-skipped-on-tcard', requirement: 'SESSION-REQUIRED', breaks: 'AddOrUpdateTokenizedCard, added later, is left out of the session filter and serves calls without sessionId, though every operation but AuthenticatePartner "requires the headers deviceId ... and sessionId"' },
  { name: 'blind7-auth-device-id-over-36-500', requirement: 'GEN-NO-5XX', breaks: 'the session table sizes DeviceId for a GUID (36 characters); AuthenticatePartner with a longer deviceId fails with 500 (D3 leaves the inputs open: only the generic contract, never 5xx)' },
  // FindCustomer
  { name: 'blind7-find-miss-cached', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer caches a miss per SSN and date of birth and EnrollCustomer never evicts it, so a customer enrolled after a failed lookup is not found (a stale read)' },
  { name: 'blind7-find-itin-dob-ignored', requirement: 'FIND-EVERY-KEY', breaks: 'an ITIN (first digit 9) is looked up in the ITIN register by number alone, so any date of birth names the customer, though FindCustomer takes "ssn ... yes" and "dateOfBirth ... yes"' },
  // EnrollCustomer
  { name: 'blind7-enroll-duplicate-ssn-skipped-with-referrer', requirement: 'ENROLL-DUPLICATE', breaks: 'the referral enrolment path (referrerCode sent) skips the SSN check, though "Before enrolling, the operation checks whether the SSN or the e-mail address is already in use"' },
  { name: 'blind7-enroll-first-name-fifty-refused', requirement: 'ENROLL-FIRST-NAME-LENGTH', breaks: 'firstName is validated with `< 50`, so a 50-character first name (max len 50) is refused with 400' },
  { name: 'blind7-enroll-address-line2-optional', requirement: 'ENROLL-ADDRESS-LINE2-REQUIRED', breaks: 'addressLine2 is optional in the enrolment validator, though its row says "addressLine2 | string | yes"' },
  { name: 'blind7-enroll-success-text-plain', requirement: 'GEN-JSON-BODY', breaks: 'EnrollCustomer writes its success body as a pre-serialised string, sent as text/plain, though payloads are JSON (D7: a JSON media type)' },
  // GetRegisteredCards
  { name: 'blind7-cards-token-last-four-number', requirement: 'CARDS-SHAPE', breaks: 'the card list reads a tokenized card\'s lastFourOfCard from an int column and writes lastFourDigits as a JSON number, though the Card table types it "string"' },
  { name: 'blind7-cards-list-stale-after-update', requirement: 'STATE-CARD-CHANGED', breaks: 'the card list is cached per customer and evicted on add and delete but not on update, so after AddOrUpdateCard changes a card the list still shows the old data' },
  // AddOrUpdateCard
  { name: 'blind7-card-nickname-twenty-refused', requirement: 'CARD-CARD-NICKNAME-LENGTH', breaks: 'cardNickname is validated with `< 20`, so a 20-character nickname (max len 20) is refused with 400' },
  { name: 'blind7-card-declined-again-200', requirement: 'CARD-AUTH-FAILURE', breaks: 'resubmitting a card that failed authorization returns 200 with the stored card instead of running authorization again, though an authorization failure "returns an ErrorCode and ErrorMessage"' },
  { name: 'blind7-card-address-line1-over-100-on-update', requirement: 'CARD-ADDRESS-LINE1-LENGTH', breaks: 'the update path binds addressLine1 into a column of width 50 with truncation instead of validating it, so a value above 100 characters is accepted when the card exists (D12: above the larger bound must be rejected)' },
  // AddOrUpdateTokenizedCard
  { name: 'blind7-tcard-bin-seven-digits-refused', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'cardBin is checked as 6 or 8 digits (the old and the new BIN length), so a 7-digit BIN is refused, though the rule is "6 to 8 digit BIN"' },
  { name: 'blind7-tcard-expiration-month-zero', requirement: 'TCARD-EXPIRATION-MONTH-YEAR-FORMAT', breaks: 'the tokenized card checks expirationMonthYear as four digits with a month of at most 12, so month 00 passes, though it is "MMYY"' },
  { name: 'blind7-tcard-identical-returns-first-card', requirement: 'STATE-CARD-IDENTICAL', breaks: 'resubmitting identical tokenized card data answers with the customer\'s first registered card instead of that card, though identical data leaves the card "unchanged" (D44: the same cardId)' },
  // AuthenticateOBO
  { name: 'blind7-obo-not-found-no-error-code', requirement: 'ERR-PROBLEM-SHAPE', breaks: 'AuthenticateOBO answers an unknown customer with a 422 Problem that has no `errorCode`, though the Problem shape has "errorCode (string)" and the row is "422 CUSTOMER_NOT_FOUND"' },
  { name: 'blind7-obo-key-no-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'AuthenticateOBO\'s validator names the field without its prefix (`CustomerId`), though "Validation key uses a command.<Field> prefix for body fields"' },
  // GetTransactionHistory
  { name: 'blind7-history-later-pages-oldest-first', requirement: 'HISTORY-ORDER', breaks: 'a page asked for with pagingTransactionReferenceNumber is read with ORDER BY createdOn ASC and returned oldest first, though the default is "the 20 most recent" and a page holds "the next pageSize older transactions"' },
  { name: 'blind7-history-total-zero-when-paging', requirement: 'HISTORY-TOTAL', breaks: 'the count query runs on the first page only, so totalRecords is 0 on pages asked for with a paging reference (D23: "the same on every page")' },
  { name: 'blind7-history-page-size-letters-500', requirement: 'GEN-NO-5XX', breaks: 'pageSize is read with int.Parse and a non-numeric value throws, answered 500 instead of a 400 naming query.pageSize ("pageSize | Int")' },
  { name: 'blind7-history-load-dates-date-only', requirement: 'HISTORY-SHAPE', breaks: 'expectedLoadDate and actualLoadDate come from DATE columns and are written as YYYY-MM-DD, though "Timestamps are ISO 8601 date-times in UTC" (D36: where present and not null)' },
  { name: 'blind7-history-account-filter-token-card-empty', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'the accountId filter joins the card-number table only, so the cardId of a tokenized card gives an empty page, though accountId is "The cardId; limits history to that card"' },
  // DeleteCard
  { name: 'blind7-delete-unknown-customer-500', requirement: 'GEN-NO-5XX', breaks: 'DeleteCard reads the customer row first and dereferences it without a null check, so a customerId of no customer is answered 500 (D30: never 5xx)' },
  { name: 'blind7-delete-same-number-other-customer', requirement: 'OWNERSHIP-CARDS', breaks: 'DeleteCard deletes by the card number of the card named, so another customer\'s card with the same number is removed too (D45: another customer\'s card is never removed)' },
  // AddCustomerAttributes
  { name: 'blind7-cattr-key-index-of-optional-list', requirement: 'ERR-KEYS-COMPLETE', breaks: 'the optional attributes are validated as a list without the required CustomerId and SSN items, so the [index] of a bad value counts within that list and names another item (D13: the [index] form exactly; D14: no valid field blamed)' },
  { name: 'blind7-cattr-transactions-per-month-decimal-refused', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'TransactionsPerMonth shares the whole-number validator of the counts, so "2.5" is refused, though it is "Number; average if several cards" (D31: digits with an optional decimal part are valid)' },
  // AddSessionAttributes
  { name: 'blind7-sattr-second-obo-old-customer', requirement: 'SATTR-FILTERS', breaks: 'the session keeps the customer of its first AuthenticateOBO (`??=`), so after a second AuthenticateOBO for another customer the filters are checked against the first customer\'s cards, not the customer whose ssoToken is sent' },
  { name: 'blind7-sattr-id-filter-trailing-comma-500', requirement: 'GEN-NO-5XX', breaks: 'AccountIdFilter is split and every entry passed to Guid.Parse, so a trailing comma throws and is answered 500 instead of 422 INVALID_INFORMATION' },
  { name: 'blind7-sattr-value-max-299', requirement: 'SATTR-SESSION-ATTRIBUTES-LENGTH', breaks: 'session attribute values are validated with `< 300`, so a value of exactly 300 characters (value 1-300) is refused with 400' },
  // Error shapes
  { name: 'blind7-problem-media-type-misspelt-422', requirement: 'ERR-JSON-BODY', breaks: 'the business-error filter writes 422 Problems as `application/json+problem` (a misspelt media type), though error bodies are JSON (D7: application/json or application/problem+json)' },
  { name: 'blind7-validation-instance-missing-on-get', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'validation problems of the query-string operations leave out `instance`, though the validation problem carries "errors, type, title, status, detail, instance, validationErrors"' },
];
