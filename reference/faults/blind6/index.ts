import type { Fault } from '../types.js';

/**
 * Blind red-team batch 6: faults written without knowledge of how the harness checks, each one
 * step away from an obvious bug (a rule right on one operation and wrong on a sibling, a bound off
 * by one, a value bound to the wrong type, a cache keyed on the wrong thing, a copy-pasted error).
 * Like the earlier batches they are known to `faultSet` but are not part of `faultCatalogue`. Each
 * breaks one rule that interface.md documents or a decisions.md "harness asserts" column states,
 * quoted in its `breaks` text, and none repeats a fault of the catalogue or of blind1..blind5.
 * Implementations: reference/faults/blind6/hooks.ts (input rewrites, crashes, rule changes, error
 * keys) and small guarded edits in the reference files named in the comments below.
 */
export const blind6Faults: readonly Fault[] = [
  // token endpoint (reference/token-endpoint.ts)
  { name: 'blind6-token-grant-type-case-insensitive', requirement: 'TOKEN-ERRORS', breaks: 'grant_type is compared ignoring letter case, so "CLIENT_CREDENTIALS" gets a token where the document says "grant_type set to client_credentials (required)" and RFC 6749 answers unsupported_grant_type' },
  { name: 'blind6-token-identity-scope-expires-in', requirement: 'TOKEN-SHAPE', breaks: 'a token for the identity-score scope is issued with expires_in 1800 (a per-scope lifetime setting), where the document says "expires_in (3600)" and "3600 is returned"' },
  // bearer check (reference/api-guards.ts)
  { name: 'blind6-bearer-malformed-jwt-500', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token that is not three dot-separated parts crashes the JWT decoder with a 500, where D2 says "a malformed token ... is refused with 401"' },
  // allow list (reference/server.ts)
  { name: 'blind6-allow-list-cached-by-token', requirement: 'ALLOW-LIST', breaks: 'the allow-list decision is cached per bearer token, so a token first used from an allowed address is served from any address, where the document says "calls are accepted only from allow-listed partner IP addresses"' },
  // versioning (reference/api-guards.ts)
  { name: 'blind6-version-query-refused-delete', requirement: 'VERSION-QUERY', breaks: 'DeleteCard refuses the apiVersion query parameter with 400 (its route binds the body only), where the document says the version "is selected by a header or a query string parameter, both named apiVersion"' },
  // sessions (reference/operations/session.ts, state/sessions.ts)
  { name: 'blind6-session-device-missing-on-delete', requirement: 'SESSION-DEVICE-REQUIRED', breaks: 'DeleteCard is served without a deviceId header (its filter checks the header only when present), where "every operation except AuthenticatePartner requires the headers deviceId ... and sessionId"' },
  { name: 'blind6-session-id-prefix-match', requirement: 'SESSION-REQUIRED', breaks: 'the session is looked up with LIKE \'value%\', so the first eight characters of a sessionId open it, where "sessionId (string, required, from AuthenticatePartner)" names the whole id' },
  // AuthenticatePartner (reference/operations/authenticate-partner.ts)
  { name: 'blind6-auth-denied-type-section-4-1', requirement: 'ERR-TYPE-URL', breaks: 'the denial\'s type cites RFC 7235 section 4.1 (the WWW-Authenticate header) where the Errors table says "type refers to RFC 7235 section 3.1"' },
  { name: 'blind6-auth-session-in-body-with-query-version', requirement: 'AUTH-SESSION-HEADER', breaks: 'when the version is selected by the apiVersion query parameter, AuthenticatePartner (served by the older controller) returns the sessionId in the JSON body and no sessionId header, where "Success: the sessionId is returned in a response header"' },
  // FindCustomer (reference/operations/customers.ts, hooks.ts)
  { name: 'blind6-find-ssn-last-four-only', requirement: 'FIND-EVERY-KEY', breaks: 'FindCustomer matches the date of birth and the last four SSN digits only (the identity-check query of the call centre), so another SSN with the same last four and birth date names the customer, where the lookup takes the "9-digit SSN or ITIN"' },
  { name: 'blind6-find-dob-year-first-slash-refused', requirement: 'FIND-DATE-OF-BIRTH-FORMAT', breaks: 'FindCustomer refuses a YYYY/MM/DD date of birth with 400 (its parser lists the dashed form only), where the accepted formats are "MM/DD/YY, MM-DD-YY, YYYY/MM/DD or YYYY-MM-DD" (D9: valid payloads use YYYY-MM-DD or YYYY/MM/DD)' },
  // EnrollCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind6-enroll-leap-day-500', requirement: 'GEN-NO-5XX', breaks: 'a date of birth on 29 February crashes the age computation (the birthday built in the current, non-leap year) with a 500, where a valid "YYYY-MM-DD" date must be served' },
  { name: 'blind6-enroll-allow-texts-false-required', requirement: 'ENROLL-ALLOW-TEXTS-REQUIRED', breaks: 'allowTexts false is taken for a missing value (`if (!allowTexts)`), so an enrolment sent with allowTexts false is refused with 400 "required", where false is a valid answer to a required boolean' },
  { name: 'blind6-enroll-zip-leading-zero-refused', requirement: 'GEN-VALID-ACCEPTED', breaks: 'the zip is bound to an integer before its length rule, so a "5-digit zip" starting with 0 (02134) becomes 2134 and is refused with 400' },
  { name: 'blind6-enroll-suffix-length-unchecked', requirement: 'ENROLL-SUFFIX-LENGTH', breaks: 'suffix has no length rule (title\'s was written, suffix\'s forgotten), so a suffix over the documented maximum of 10 characters is accepted' },
  { name: 'blind6-enroll-duplicate-ssn-200', requirement: 'ENROLL-DUPLICATE', breaks: 'a duplicate SSN is answered 200 with {ErrorCode, ErrorMessage} (the legacy "success with an error code" style), where D16/D15 require "a 4xx carrying an error code and message"' },
  // GetRegisteredCards (reference/operations/card-list.ts)
  { name: 'blind6-cards-expiration-leading-zero-lost', requirement: 'CARDS-SHAPE', breaks: 'the card list reads expirationMonthYear from an integer column, so 0427 is listed as "427", where the Card field is "Four digits, MMYY"' },
  { name: 'blind6-cards-token-card-min-null', requirement: 'CARDS-SHAPE', breaks: 'the card list gives currentCardMin null for tokenized cards (a nullable column of the token table), where the Card field currentCardMin is "Int"' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts, problems.ts)
  { name: 'blind6-card-number-nineteen-refused', requirement: 'CARD-CARD-NUMBER-LENGTH', breaks: 'a 19-digit card number is refused with 400 (the column is 18 wide), where cardNumber has "Max len 19"' },
  { name: 'blind6-card-nickname-change-adds-card', requirement: 'STATE-CARD-CHANGED', breaks: 'a changed cardNickname on a registered card number adds a second card entry (the nickname is part of the lookup key), where "any card data differs" makes the registered card "reauthorized", not a new card' },
  { name: 'blind6-card-state-three-accepted', requirement: 'CARD-STATE-LENGTH', breaks: 'AddOrUpdateCard accepts a 3-character state (the column is char(3)), where state has "Max len 2" (D35: "a state of ... more than 2 characters" is a violation)' },
  { name: 'blind6-legacy-error-text-plain', requirement: 'ERR-JSON-BODY', breaks: 'the legacy {ErrorCode, ErrorMessage} errors (card authorization failure, duplicate SSN or e-mail) are written with Content-Type text/plain, where "Error bodies are JSON" (D7: a JSON media type)' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind6-tcard-last-four-five-accepted', requirement: 'TCARD-LAST-FOUR-OF-CARD-LENGTH', breaks: 'lastFourOfCard of 5 characters is accepted, where it has "Max len 4"' },
  { name: 'blind6-tcard-bin-eight-refused', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'an 8-digit cardBin is refused with 400 (the pattern allows 6 or 7 digits), where cardBin is a "6 to 8 digit BIN"' },
  { name: 'blind6-tcard-denied-invalid-information', requirement: 'ERR-BAD-REQUEST', breaks: 'a tokenized card not allowed in the network is answered 422 INVALID_INFORMATION / "Invalid Information" (the session-attribute error reused), where the Errors table says "422, title Error, errorCode BAD_REQUEST"' },
  { name: 'blind6-tcard-identical-new-id', requirement: 'STATE-CARD-IDENTICAL', breaks: 'resubmitting identical tokenized card data answers a new cardId (the token path upserts by delete and insert), where "submitted data identical to stored data" leaves the card "unchanged"' },
  { name: 'blind6-tcard-hash-id-omitted', requirement: 'CARDS-SHAPE', breaks: 'AddOrUpdateTokenizedCard leaves hashId out of its card (the null value is skipped by the serializer), where hashId is "Returned by add-or-update operations; may be empty"' },
  // AuthenticateOBO (hooks.ts, reference/operations/obo.ts)
  { name: 'blind6-obo-customer-id-missing-500', requirement: 'OBO-CUSTOMER-ID-REQUIRED', breaks: 'a request without customerId crashes (Guid.Parse on null) with a 500, where customerId is "required" and a missing required field is a 400 validation error' },
  { name: 'blind6-obo-linked-any-customer-card', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'the linked-account check asks whether any registered card exists (the customer clause is missing), so a customer without a card gets an ssoToken once anyone has a card, where D17 asserts "AuthenticateOBO before any card: 422 NO_LINKED_ACCOUNT"' },
  { name: 'blind6-obo-not-found-legacy-shape', requirement: 'ERR-CUSTOMER-NOT-FOUND', breaks: 'AuthenticateOBO answers an unknown customer 422 with a legacy {ErrorCode, ErrorMessage} body, where the Errors table gives the Problem "422 CUSTOMER_NOT_FOUND Customer Not Found" for "FindCustomer or AuthenticateOBO"' },
  // GetTransactionHistory (reference/operations/history.ts)
  { name: 'blind6-history-page-size-one-default', requirement: 'HISTORY-PAGE-SIZE', breaks: 'pageSize 1 is taken for "use the default" (`if (pageSize <= 1)`), so 20 transactions come back, where pageSize is the number of "Transactions per page" (D23: "pageSize 1..10 honoured")' },
  { name: 'blind6-history-decline-message-null', requirement: 'HISTORY-SHAPE', breaks: 'declineReasonMessage is null for transactions that were not declined (a NULL column), where the Transaction field declineReasonMessage is a "string"' },
  // DeleteCard (hooks.ts, reference/operations/card-list.ts)
  { name: 'blind6-delete-card-id-error-on-customer-key', requirement: 'ERR-KEYS-COMPLETE', breaks: 'an invalid cardId is reported under the key command.customerId (the validator copied from the customer rule), so the valid field is blamed and the invalid one not named (D14)' },
  { name: 'blind6-delete-removes-first-card', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard removes the customer\'s oldest card instead of the one cardId names (the list index used in place of the id), so with several cards the named card stays registered, where "DeleteCard" makes the card "removed"' },
  // AddCustomerAttributes (hooks.ts)
  { name: 'blind6-cattr-balance-negative-accepted', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'CurrentBalance is parsed with decimal.TryParse, so a negative amount (-12.50) is accepted, where its value is "Format DDDDD.CC"' },
  { name: 'blind6-cattr-large-count-500', requirement: 'GEN-NO-5XX', breaks: 'TotalNumberOfCustomers is parsed with int.Parse, so a valid count above 2147483647 crashes with a 500, where the value is a "Number of active customers"' },
  // AddSessionAttributes (reference/operations/session-attributes.ts)
  { name: 'blind6-sattr-number-filter-any-customer', requirement: 'OWNERSHIP-CARDS', breaks: 'AccountNumberFilter entries are looked up among every customer\'s card numbers and tokens, so another customer\'s card is accepted as a filter, where "Account values are validated for ... applicability to the client or customer" (D45)' },
  { name: 'blind6-sattr-both-filters-400', requirement: 'SATTR-FILTERS', breaks: 'both AccountIdFilter and AccountNumberFilter are refused by the model validator with a 400 validation problem, where D19 asserts "422 INVALID_INFORMATION ... for both filters (documented)"' },
  // error shapes (reference/problems.ts)
  { name: 'blind6-problem-instance-route-template', requirement: 'ERR-INSTANCE', breaks: 'Problem instance is the route template (/api/v{version}/partners/...), not the request path, where instance is "the request path"' },
  { name: 'blind6-validation-errors-missing-on-get', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'validation problems of the GET operations (query binding) carry no errors member, where a Validation problem has "errors (object, empty in observed cases), type, title, status, detail, instance, validationErrors"' },
];
