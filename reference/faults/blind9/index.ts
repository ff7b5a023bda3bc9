import type { Fault } from '../types.js';

/**
 * Blind red-team batch 9: faults written without knowledge of how the harness checks, each one
 * step away from the obvious bug: a rule right on one operation and wrong on its sibling, a check
 * on one path (update, first page, account branch) but not another, an off-by-one at a documented
 * maximum, a crash on a valid but unusual value, state keyed by the wrong thing. Like the earlier
 * batches they are known to `faultSet` but are not part of `faultCatalogue`, and none repeats a
 * fault name of the catalogue or of blind1..blind8. Each `breaks` quotes the document's words.
 * Implementations: reference/faults/blind9/hooks.ts (input rewrites, crashes, rule changes, key
 * spellings) and small guarded edits, marked `blind9-...`, in the reference files they concern.
 */
export const blind9Faults: readonly Fault[] = [
  // token endpoint (reference/token-endpoint.ts)
  { name: 'blind9-token-secret-case-insensitive', requirement: 'TOKEN-ERRORS', breaks: 'the client secret is compared ignoring letter case, so a wrong secret ("client secret ... provisioned by the operator") in another case gets a token instead of RFC 6749 invalid_client' },
  { name: 'blind9-token-absent-scope-defaulted-body-credentials', requirement: 'TOKEN-ERRORS', breaks: 'with credentials in the form body, a request without the "scope (required)" parameter gets a token for the partner scope instead of an RFC 6749 invalid_request error' },
  // access (api-guards.ts, server.ts, operations/session.ts, route.ts)
  { name: 'blind9-bearer-expiry-unchecked-on-cards', requirement: 'BEARER-REQUIRED', breaks: 'GetRegisteredCards accepts an expired access token (its route\'s token filter has lifetime validation off), where D2 requires "an expired token is refused with 401"' },
  { name: 'blind9-allow-list-obo-exempt', requirement: 'ALLOW-LIST', breaks: 'AuthenticateOBO is served to an address off the allow list ("calls are accepted only from allow-listed partner IP addresses")' },
  { name: 'blind9-version-query-refused-sattr', requirement: 'VERSION-QUERY', breaks: 'AddSessionAttributes refuses ?apiVersion=1 with 400 although "the version is selected by a header or a query string parameter, both named apiVersion"' },
  { name: 'blind9-session-device-unchecked-on-enroll', requirement: 'SESSION-DEVICE-MATCH', breaks: 'EnrollCustomer does not compare the deviceId header with the session\'s, though deviceId "must equal the deviceId used in AuthenticatePartner"' },
  { name: 'blind9-session-skipped-on-cards', requirement: 'SESSION-REQUIRED', breaks: 'GetRegisteredCards is served without sessionId and deviceId headers, though "sessionId is required by all other partner operations"' },
  { name: 'blind9-session-device-unchecked-after-obo', requirement: 'SESSION-DEVICE-MATCH', breaks: 'once AuthenticateOBO succeeded in a session, that session is served with any deviceId header, though deviceId "must equal the deviceId used in AuthenticatePartner"' },
  // AuthenticatePartner (operations/authenticate-partner.ts)
  { name: 'blind9-auth-success-text-plain', requirement: 'AUTH-SUCCESS', breaks: 'a successful AuthenticatePartner answers its body "{}" as text/plain, where every body must be JSON (D7: "JSON media type")' },
  // FindCustomer (hooks.ts, problems via operations/customers.ts)
  { name: 'blind9-find-dob-single-digit-month-accepted', requirement: 'FIND-DATE-OF-BIRTH-LENGTH', breaks: 'FindCustomer accepts a 9-character dateOfBirth with a one-digit month (1990-4-01); "Min len 10 / Max len 10" and D9 "lengths other than 8 and 10 must be rejected"' },
  { name: 'blind9-find-dob-leap-day-500', requirement: 'GEN-NO-5XX', breaks: 'FindCustomer crashes with 500 on a valid 29 February date of birth (2000-02-29, "YYYY-MM-DD")' },
  { name: 'blind9-find-not-found-status-missing', requirement: 'ERR-STATUS-MEMBER', breaks: 'FindCustomer\'s 422 CUSTOMER_NOT_FOUND Problem has no `status` member; a Problem carries "status (Int)"' },
  // EnrollCustomer (hooks.ts, operations/customers.ts)
  { name: 'blind9-enroll-state-one-letter-accepted', requirement: 'ENROLL-STATE-FORMAT', breaks: 'EnrollCustomer accepts a one-letter state (validated as 1-2 letters, as the length column reads), not an "Abbreviated state code"' },
  { name: 'blind9-enroll-email-max-100-refused', requirement: 'ENROLL-EMAIL-ADDRESS-LENGTH', breaks: 'EnrollCustomer refuses an e-mail address of exactly 100 characters, the documented "Max len 100"' },
  { name: 'blind9-enroll-duplicate-ssn-other-dob-accepted', requirement: 'ENROLL-DUPLICATE', breaks: 'the duplicate check is keyed by SSN and date of birth, so an SSN already in use enrolls again with another birth date, though "the operation checks whether the SSN ... is already in use"' },
  { name: 'blind9-enroll-duplicate-email-no-code', requirement: 'ENROLL-DUPLICATE', breaks: 'a duplicate e-mail address is refused with {ErrorMessage} alone, no ErrorCode, though "an ErrorCode and ErrorMessage are returned"' },
  { name: 'blind9-enroll-referrer-code-fifty-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer crashes with 500 on a referrerCode of exactly 50 characters, the documented "Max len 50"' },
  // GetRegisteredCards (operations/card-list.ts, card-upsert.ts)
  { name: 'blind9-cards-hash-id-null', requirement: 'CARDS-SHAPE', breaks: 'GetRegisteredCards lists every card with "hashId": null, where hashId is a "string" (D32: "where present it is a string")' },
  { name: 'blind9-cards-readd-after-delete-not-listed', requirement: 'STATE-CARD-DELETED', breaks: 'a card added again after DeleteCard is answered 200 but keeps the soft-delete flag, so it is never listed, though "Adding the same card again creates a different card entry"' },
  // AddOrUpdateCard (hooks.ts, operations/card-upsert.ts)
  { name: 'blind9-card-number-dashes-accepted-on-update', requirement: 'CARD-CARD-NUMBER-FORMAT', breaks: 'AddOrUpdateCard accepts a dashed card number (4111-1111-1111-1111) when the customer already holds that card, though cardNumber is an "Unformatted card number"' },
  { name: 'blind9-card-show-terms-string', requirement: 'CARDS-SHAPE', breaks: 'AddOrUpdateCard answers showTermsAndConditions as the string "false", where the Card field is a "boolean"' },
  // AddOrUpdateTokenizedCard (hooks.ts, operations/card-upsert.ts, problems.ts)
  { name: 'blind9-tcard-nickname-twenty-refused', requirement: 'TCARD-CARD-NICKNAME-LENGTH', breaks: 'AddOrUpdateTokenizedCard refuses a cardNickname of exactly 20 characters, the documented "Max len 20"' },
  { name: 'blind9-tcard-address-line1-max-100', requirement: 'TCARD-ADDRESS-LINE1-LENGTH', breaks: 'AddOrUpdateTokenizedCard accepts addressLine1 up to 100 characters, though its table says "Max len 50" with no description saying otherwise (D12 concerns AddOrUpdateCard)' },
  { name: 'blind9-tcard-race-two-cards', requirement: 'CONCURRENT-WRITES', breaks: 'two identical AddOrUpdateTokenizedCard sent together both insert, giving two cards for one token (D44: "one card for identical card data")' },
  { name: 'blind9-tcard-validation-type-rfc4918', requirement: 'ERR-TYPE-URL', breaks: 'AddOrUpdateTokenizedCard\'s 400 validation problem has a type citing RFC 4918 section 11.2, though for 400 the "type refers to RFC 7231 section 6.5.1"' },
  // AuthenticateOBO (operations/obo.ts)
  { name: 'blind9-obo-sso-token-number', requirement: 'OBO-SUCCESS', breaks: 'AuthenticateOBO answers the ssoToken as a JSON number, not the documented "{ssoToken: <string>}"' },
  { name: 'blind9-obo-no-linked-detail-missing', requirement: 'ERR-PROBLEM-SHAPE', breaks: 'the 422 NO_LINKED_ACCOUNT Problem has no `detail` member, though a Problem carries "type, title, status, detail, instance, errorCode"' },
  // GetTransactionHistory (hooks.ts, operations/history.ts)
  { name: 'blind9-history-account-id-no-dashes', requirement: 'HISTORY-ACCOUNT-ID-FORMAT', breaks: 'GetTransactionHistory accepts an accountId of 32 hex digits without dashes, though accountId is a "Guid ... 36-character string", "Min len 36"' },
  { name: 'blind9-history-paging-max-size-short', requirement: 'HISTORY-PAGING', breaks: 'with a paging reference and pageSize 10, a page holds 9 transactions while older ones exist, though "it and the next pageSize older transactions are returned"' },
  { name: 'blind9-history-oldest-first-with-account', requirement: 'HISTORY-ORDER', breaks: 'with an accountId and no pageSize the page is ordered oldest first, though "by default the 20 most recent are returned" (newest first)' },
  { name: 'blind9-history-account-filter-lost-after-card-update', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'after a card is updated (expiration changed), accountId=<its cardId> returns an empty page, though accountId "limits history to that card"' },
  { name: 'blind9-history-account-id-key-no-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'an invalid accountId is reported with key "accountId", without the "query." prefix (D13: "the prefix (query. for query string)")' },
  // DeleteCard (hooks.ts, operations/card-list.ts)
  { name: 'blind9-delete-customer-id-37-cut', requirement: 'DELETE-CUSTOMER-ID-LENGTH', breaks: 'DeleteCard cuts a customerId longer than 36 characters to 36 and serves it, though customerId is "Guid (required, 36)"' },
  { name: 'blind9-delete-updated-card-not-found', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard of a card whose data was updated since it was added answers 422 CARD_NOT_FOUND and keeps it (a stale row version), though "DeleteCard: registered -> removed"' },
  // AddCustomerAttributes (hooks.ts, problems.ts)
  { name: 'blind9-cattr-monthly-load-six-digits', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AverageMonthlyLoadAmount accepts six digits before the point (123456.78), though its format is "DDDDD.CC"' },
  { name: 'blind9-cattr-empty-optional-value-skipped', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-LENGTH', breaks: 'an optional attribute with an empty value is dropped and the request succeeds, though value is "string (required, 1-200)" and the documented error is "the Value field is required"' },
  { name: 'blind9-cattr-validation-errors-object-missing', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'AddCustomerAttributes\' 400 validation problem has no `errors` member, though the Validation problem shape lists "errors (object ...)"' },
  // AddSessionAttributes (hooks.ts, operations/session-attributes.ts)
  { name: 'blind9-sattr-obo-state-by-device', requirement: 'SATTR-AFTER-OBO', breaks: 'the AuthenticateOBO record is kept per deviceId, so a new session on the same device sets session attributes before any AuthenticateOBO of its own, though it "may be called only after AuthenticateOBO returned an ssoToken" and lasts "only as long as the session"' },
  { name: 'blind9-sattr-id-filter-duplicates-refused', requirement: 'SATTR-FILTERS', breaks: 'an AccountIdFilter naming one of the customer\'s own cards twice is refused 422 (matched cards counted against list entries), though it is a "Comma-separated list of card GUIDs" all applicable to the customer' },
  { name: 'blind9-sattr-preferred-email-non-ascii-500', requirement: 'GEN-NO-5XX', breaks: 'AddSessionAttributes crashes with 500 on a PreferredEmail with a non-ASCII character (D40: "never 5xx")' },
];
