import type { Fault } from '../types.js';

/**
 * Blind red-team batch 10: faults written without knowledge of how the harness checks, most of them
 * outside input validation: response bodies and statuses wrong in one situation only, error rows
 * answered wrongly on one operation or path, state kept or lost across calls, access rules skipped
 * on one route. Like the earlier batches they are known to `faultSet` but not part of `faultCatalogue`.
 * Implementations: reference/faults/blind10/hooks.ts (input rewrites, rule changes, card views),
 * replies.ts (answers rewritten on their way out), memo.ts (state a faulty service keeps), and small
 * guarded edits, each commented with the fault's name, in the reference files.
 */
export const blind10Faults: readonly Fault[] = [
  // token endpoint and bearer (replies.ts, reference/jwt.ts)
  { name: 'blind10-token-created-201-body-credentials', requirement: 'TOKEN-ISSUED', breaks: 'a token requested with client_id/client_secret form parameters is answered 201 Created (the Basic branch says 200); "The response is 200 with the access token shape"' },
  { name: 'blind10-bearer-expiry-leeway-thirty-minutes', requirement: 'BEARER-REQUIRED', breaks: 'an access token expired less than thirty minutes ago is still accepted (a clock skew of 30 min configured against drifting partner clocks, far beyond RFC 7519\'s "small leeway, usually no more than a few minutes"); D2: "an expired token is refused with 401"' },
  // AuthenticatePartner (reference/operations/authenticate-partner.ts)
  { name: 'blind10-auth-session-id-header-braces', requirement: 'STATE-SESSION', breaks: 'the sessionId response header is written in braces ({guid}, Guid "B" format) while sessions are looked up by the bare id, so the id returned does not open the session ("sessionId is required by all other partner operations")' },
  // FindCustomer (hooks.ts, replies.ts)
  { name: 'blind10-find-itin-customer-id-empty', requirement: 'FIND-ENROLLED', breaks: 'a customer enrolled with an ITIN (9xx) is found but answered `{customerId: ""}` (the ITIN table\'s id column is not mapped), as if no customer matched ("FindCustomer ... Response: {customerId: <guid>}")' },
  { name: 'blind10-find-dob-single-digit-month', requirement: 'FIND-DATE-OF-BIRTH-LENGTH', breaks: 'a 9-character date of birth with a one-digit month or day (1990-4-01) is accepted by a lenient date parser ("dateOfBirth ... Min len 10, Max len 10"; D9: "lengths other than 8 and 10 must be rejected")' },
  { name: 'blind10-find-not-found-200-empty-object', requirement: 'FIND-NOT-FOUND', breaks: 'no match is answered 200 `{}` (a null customerId left out by the serializer), neither "an empty string" nor "422, errorCode CUSTOMER_NOT_FOUND" (D8)' },
  // EnrollCustomer (hooks.ts, replies.ts, reference/operations/customers.ts, route.ts)
  { name: 'blind10-enroll-customer-id-braces', requirement: 'ENROLL-SUCCESS', breaks: 'EnrollCustomer answers `{CustomerId: "{guid}"}` (38 characters, Guid "B" format); "customerId | Guid" and "Guid is a 36-character string"' },
  { name: 'blind10-enroll-duplicate-email-returns-existing', requirement: 'ENROLL-DUPLICATE', breaks: 'an e-mail address already in use enrols nobody but answers 200 with the existing customer\'s CustomerId instead of "an ErrorCode and ErrorMessage are returned" (the SSN branch is right)' },
  { name: 'blind10-enroll-duplicate-checked-per-session', requirement: 'ENROLL-DUPLICATE', breaks: 'the SSN and e-mail duplicate checks look only at customers enrolled in the same partner session, so a second session enrols the same SSN again ("checks whether the SSN or the e-mail address is already in use")' },
  { name: 'blind10-enroll-session-skipped', requirement: 'SESSION-REQUIRED', breaks: 'EnrollCustomer is served without sessionId and deviceId headers (its route sits outside the session filter); "Every operation except AuthenticatePartner requires the headers deviceId ... and sessionId"' },
  { name: 'blind10-enroll-address-line2-max-100', requirement: 'ENROLL-ADDRESS-LINE2-LENGTH', breaks: 'EnrollCustomer accepts an addressLine2 of 51 to 100 characters (the card operations\' "Description text says 100" copied into the enrolment validator); EnrollCustomer\'s table says "addressLine2 ... Max len 50" with no other text' },
  { name: 'blind10-enroll-validation-message-null', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'EnrollCustomer\'s format errors carry `message: null` (a regex rule without a message); "validationErrors (array of {key: string, message: string})"' },
  // GetRegisteredCards (hooks.ts, reference/operations/card-list.ts, reference/api-guards.ts)
  { name: 'blind10-cards-show-terms-string-token', requirement: 'CARDS-SHAPE', breaks: 'in the card list a tokenized card\'s showTermsAndConditions is the string "False" (read from the token table\'s varchar column); "showTermsAndConditions | boolean"' },
  { name: 'blind10-cards-version-header-refused', requirement: 'VERSION-HEADER', breaks: 'GetRegisteredCards refuses the `apiVersion: 1` header with 400 (its GET route binds the query string only); "The version is selected by a header or a query string parameter, both named apiVersion"' },
  { name: 'blind10-delete-readd-not-listed', requirement: 'STATE-CARD-DELETED', breaks: 'a card deleted and then added again gets a new cardId but is never listed again (the list query excludes every card number that has a deletion row); "Adding the same card again creates a different card entry"' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind10-card-update-card-id-empty', requirement: 'CARD-SUCCESS', breaks: 'the update path (a card on file, data changed) answers its card with cardId "" (the UPDATE returns no id); "After add-or-update, most fields other than cardId and lastFourDigits can be empty"' },
  { name: 'blind10-card-update-expiration-not-stored', requirement: 'STATE-CARD-CHANGED', breaks: 'a changed expirationMonthYear on a number card is reauthorized but not written (the UPDATE statement lacks the column), so the card keeps its old expiration ("any card data differs (for example expiration) | reauthorized")' },
  { name: 'blind10-card-nickname-unchecked-on-update', requirement: 'CARD-CARD-NICKNAME-LENGTH', breaks: 'on the update path a cardNickname over 20 characters is cut to the column width and accepted; the validator runs for new cards only ("cardNickname ... Max len 20")' },
  { name: 'blind10-card-identical-answer-empty-list', requirement: 'CARD-SUCCESS', breaks: 'resubmitting identical card data answers `{cards: []}` ("nothing changed") instead of "Response: {cards: [<Card>]}"' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind10-tcard-last-four-not-updated', requirement: 'STATE-TCARD-CHANGED', breaks: 'a tokenized card resubmitted with a new lastFourOfCard (a new card number behind the token) is reauthorized but keeps its old last four digits ("card number or expiration differs | reauthorized")' },
  { name: 'blind10-tcard-last-four-from-bin', requirement: 'TCARD-SUCCESS', breaks: 'AddOrUpdateTokenizedCard answers lastFourDigits with the last four digits of cardBin (the wrong one of two number parts); "lastFourDigits | Last four digits of the card number; `****` may be returned for tokenized cards"' },
  { name: 'blind10-tcard-denied-detail-missing-on-update', requirement: 'ERR-PROBLEM-SHAPE', breaks: 'the network refusal of a tokenized card already on file (update path) is a Problem without `detail`; "Problem | type, title, status, detail, instance, errorCode"' },
  { name: 'blind10-tcard-hash-id-null-on-update', requirement: 'TCARD-SUCCESS', breaks: 'updating a tokenized card answers `hashId: null` (hashId is "string ... may be empty", D32: "where present it is a string")' },
  // AuthenticateOBO (replies.ts, reference/operations/obo.ts)
  { name: 'blind10-obo-no-linked-cached', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'a NO_LINKED_ACCOUNT answer is cached per customer, so after the customer adds a card AuthenticateOBO still refuses it (D17: "after a card was added: 200 with an ssoToken")' },
  { name: 'blind10-obo-not-found-type-rfc7231', requirement: 'ERR-CUSTOMER-NOT-FOUND', breaks: 'AuthenticateOBO\'s CUSTOMER_NOT_FOUND Problem has a type URL of RFC 7231 section 6.5.4 (FindCustomer\'s is right); "CUSTOMER_NOT_FOUND ... type refers to RFC 4918 section 11.2"' },
  { name: 'blind10-obo-sso-token-wrapped', requirement: 'OBO-SUCCESS', breaks: 'AuthenticateOBO answers `{ssoToken: {token, expiresIn}}` (the token DTO serialised whole) instead of "Response: {ssoToken: <string>}"' },
  { name: 'blind10-obo-no-linked-instance-missing', requirement: 'ERR-PROBLEM-SHAPE', breaks: 'the NO_LINKED_ACCOUNT Problem has no `instance` member; "Problem | ... instance (the request path), errorCode"' },
  // GetTransactionHistory (hooks.ts, replies.ts, reference/operations/history.ts)
  { name: 'blind10-history-search-results-null-when-empty', requirement: 'HISTORY-SUCCESS', breaks: 'an empty history page is answered `searchResults: null`; "Response: {searchResults: [<Transaction>...], totalRecords: <Int>}"' },
  { name: 'blind10-history-total-string-with-account', requirement: 'HISTORY-SHAPE', breaks: 'with an accountId filter, totalRecords is a string ("17"), from the filtered count query\'s varchar cast; "The list response also carries totalRecords (Int)"' },
  { name: 'blind10-history-transaction-id-no-dashes-paged', requirement: 'HISTORY-SHAPE', breaks: 'on pages requested with pagingTransactionReferenceNumber the transactionIds are written without dashes (32 hex digits); "transactionId | Guid", "Guid is a 36-character string"' },
  { name: 'blind10-history-account-id-unvalidated', requirement: 'HISTORY-ACCOUNT-ID-FORMAT', breaks: 'an accountId that is not a GUID (any text) is taken for an unknown account and answered with an empty page instead of a 400 ("accountId | Guid | Min len 36, Max len 36")' },
  { name: 'blind10-history-default-page-21', requirement: 'HISTORY-PAGE-SIZE', breaks: 'without pageSize the page holds 21 transactions (the look-ahead row of the default query is kept); "by default the 20 most recent are returned"' },
  // DeleteCard (reference/operations/card-list.ts)
  { name: 'blind10-delete-removes-same-nickname', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard also removes the customer\'s other cards that carry the same cardNickname (the delete statement is keyed on customer and nickname); only the card named is "removed"' },
  { name: 'blind10-delete-answered-before-removed', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard answers success before the card is removed (the removal is queued and runs half a second later), so a GetRegisteredCards right after the delete still lists the card ("DeleteCard | removed")' },
  // AddCustomerAttributes (hooks.ts, replies.ts)
  { name: 'blind10-cattr-current-balance-six-digits', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'a CurrentBalance with six digits before the point (123456.78) is accepted (a decimal(8,2) check); "CurrentBalance | Format DDDDD.CC"' },
  { name: 'blind10-cattr-last-debit-date-unchecked', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'LastDebitPurchaseDate takes any text (the MM-DD-YYYY rule was written for CardIssueDate only); "LastDebitPurchaseDate | MM-DD-YYYY"' },
  { name: 'blind10-cattr-validation-status-422', requirement: 'ERR-VALIDATION', breaks: 'AddCustomerAttributes answers its validation errors with 422 (`UnprocessableEntity(ModelState)` in the ancillary controller); "400 | none in body | Bad Request | One or more validation errors"' },
  // AddSessionAttributes (hooks.ts, replies.ts, reference/operations/session.ts)
  { name: 'blind10-sattr-device-unchecked', requirement: 'SESSION-DEVICE-MATCH', breaks: 'AddSessionAttributes serves a deviceId other than the session\'s (its filter looks the session up and stops there); "deviceId ... Must equal the deviceId used in AuthenticatePartner"' },
  { name: 'blind10-sattr-both-filters-title-error', requirement: 'ERR-INVALID-INFORMATION', breaks: 'the refusal of both filters at once is 422 INVALID_INFORMATION with title "Error" (a message constant shared with the network refusal); "422 | INVALID_INFORMATION | Invalid Information"' },
  { name: 'blind10-sattr-value-max-200', requirement: 'SATTR-SESSION-ATTRIBUTES-LENGTH', breaks: 'a session attribute value of 201 to 300 characters is refused (the customer attributes\' limit reused); "Session attribute name / value length | 100 / 300"' },
];
