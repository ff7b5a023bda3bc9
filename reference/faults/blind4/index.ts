import type { Fault } from '../types.js';

/**
 * Blind red-team batch 4 (issue 27 item 6, second batch): faults written without knowledge of
 * how the harness checks, drawn from real bugs of payment, identity and REST services (lenient
 * parsers, deserializers, check-then-insert races, object-level authorization, forwarding headers,
 * JWT verification short cuts). Like the earlier batches they are known to `faultSet` but are not
 * part of `faultCatalogue`. Each breaks one rule that interface.md documents or decisions.md lets
 * a harness assert, and none repeats a fault of the catalogue, blind1 or blind2.
 * Implementations: reference/faults/blind4/hooks.ts (request rewrites, crashes, rule changes, key
 * spellings, the forwarded source address) and small guarded edits in the reference files named below.
 */
export const blind4Faults: readonly Fault[] = [
  // token endpoint (reference/token-endpoint.ts, jwt.ts)
  { name: 'blind4-token-empty-secret-accepted', requirement: 'TOKEN-ERRORS', breaks: 'a known client_id with an empty or absent client_secret gets a token (the secret is compared only when one was sent) instead of invalid_client' },
  { name: 'blind4-token-repeated-param-first-wins', requirement: 'TOKEN-ERRORS', breaks: 'a token request that repeats a parameter (scope, grant_type) is served with the first value instead of being refused as invalid_request' },
  { name: 'blind4-token-reissue-revokes-previous', requirement: 'TOKEN-REUSE', breaks: 'issuing a token to a client revokes every earlier token of that client, so a token stops working before its expires_in' },
  // bearer check (reference/jwt.ts)
  { name: 'blind4-bearer-empty-signature', requirement: 'BEARER-REQUIRED', breaks: 'a JWT whose signature part is empty (header.payload.) is accepted without verification when its exp is in the future' },
  { name: 'blind4-bearer-embedded-jwk-trusted', requirement: 'BEARER-REQUIRED', breaks: 'a JWT that carries its own key in a jwk header is verified with that key (CVE-2018-0114), so a token signed by anyone is accepted' },
  // allow list (reference/server.ts, hooks.ts)
  { name: 'blind4-allow-list-x-forwarded-for', requirement: 'ALLOW-LIST', breaks: 'the allow list is matched against the first X-Forwarded-For address when the header is present, so a caller off the list names an allowed address and is served' },
  { name: 'blind4-allow-list-forwarded-header', requirement: 'ALLOW-LIST', breaks: 'the allow list is matched against the for= address of an RFC 7239 Forwarded header when present, so a caller off the list is served' },
  { name: 'blind4-allow-list-get-exempt', requirement: 'ALLOW-LIST', breaks: 'the allow list is enforced on POST requests only; GetRegisteredCards and GetTransactionHistory are served to any address' },
  // sessions (reference/operations/session.ts, state/sessions.ts)
  { name: 'blind4-session-device-any-session', requirement: 'SESSION-DEVICE-MATCH', breaks: 'the deviceId header is accepted when any open session of the client was opened with it, not only the session named by sessionId' },
  { name: 'blind4-session-device-empty-skipped', requirement: 'SESSION-DEVICE-REQUIRED', breaks: 'a deviceId header that is present but empty skips the device check, and the operation is served' },
  // AuthenticatePartner (reference/operations/authenticate-partner.ts)
  { name: 'blind4-auth-denied-framework-problem', requirement: 'ERR-UNAUTHORIZED', breaks: 'a denied AuthenticatePartner answers the framework\'s bare 401 ProblemDetails (type, title, status, traceId) without errorCode, detail or instance' },
  // FindCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind4-find-dob-dot-separators', requirement: 'FIND-DATE-OF-BIRTH-FORMAT', breaks: 'FindCustomer accepts a dateOfBirth with dots as separators (1990.01.15, 01.15.1990), as a lenient date parser does' },
  { name: 'blind4-find-not-found-null-id', requirement: 'FIND-NOT-FOUND', breaks: 'FindCustomer answers no match with 200 {"customerId": null}, neither the empty string nor 422 CUSTOMER_NOT_FOUND' },
  { name: 'blind4-find-ssn-whitespace-trimmed', requirement: 'FIND-SSN-FORMAT', breaks: 'FindCustomer trims leading and trailing whitespace off the SSN before validating, so " 123456789" is accepted' },
  // EnrollCustomer (hooks.ts, reference/operations/customers.ts)
  { name: 'blind4-enroll-dob-date-time-cut', requirement: 'ENROLL-DATE-OF-BIRTH-LENGTH', breaks: 'EnrollCustomer accepts an ISO date-time as dateOfBirth (1990-01-15T00:00:00Z) and keeps its date part' },
  { name: 'blind4-enroll-mobile-unicode-digits', requirement: 'ENROLL-MOBILE-NUMBER-FORMAT', breaks: 'EnrollCustomer checks mobileNumber with a Unicode digit class, so ten full-width or Arabic-Indic digits are accepted' },
  { name: 'blind4-enroll-ssn-race', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer checks for a used SSN or e-mail, then awaits a screening call before inserting, so two identical enrolments sent together both succeed' },
  { name: 'blind4-enroll-gender-x-u', requirement: 'ENROLL-GENDER-FORMAT', breaks: 'EnrollCustomer accepts gender X and U besides M and F' },
  { name: 'blind4-enroll-country-long-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer crashes with 500 when countryOfOrigin (no documented maximum) is longer than its 255-character column' },
  { name: 'blind4-enroll-gender-null-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer crashes with 500 when the optional gender is sent as JSON null' },
  // GetRegisteredCards (hooks.ts, reference/operations/card-list.ts)
  { name: 'blind4-cards-obo-customer-served', requirement: 'CARDS-SUCCESS', breaks: 'after an AuthenticateOBO, GetRegisteredCards lists the OBO customer\'s cards whatever customerId the request names' },
  { name: 'blind4-cards-deleted-token-card-listed', requirement: 'STATE-CARD-DELETED', breaks: 'a deleted tokenized card is still listed by GetRegisteredCards (the tokenized cards\' query ignores the deletion)' },
  { name: 'blind4-cards-customer-id-braces', requirement: 'CARDS-CUSTOMER-ID-LENGTH', breaks: 'GetRegisteredCards accepts a customerId wrapped in braces or parentheses ({guid}, (guid)), as Guid.TryParse does' },
  // AddOrUpdateCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind4-card-number-trailing-newline', requirement: 'CARD-CARD-NUMBER-FORMAT', breaks: 'AddOrUpdateCard accepts a card number followed by a newline (a `$` that matches before a final line break) and stores it trimmed' },
  { name: 'blind4-card-race-two-cards', requirement: 'STATE-CARD-IDENTICAL', breaks: 'AddOrUpdateCard looks the card up, awaits the issuer authorization, then inserts, so two identical requests sent together create two cards' },
  { name: 'blind4-card-nickname-emoji-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateCard crashes with 500 when cardNickname or nameOnCard holds a character outside the Basic Multilingual Plane (an emoji)' },
  { name: 'blind4-card-name-on-card-max-50', requirement: 'CARD-NAME-ON-CARD-LENGTH', breaks: 'AddOrUpdateCard refuses a nameOnCard of 51 to 100 characters, validating it with the width of the address columns' },
  { name: 'blind4-card-declined-still-listed', requirement: 'STATE-CARD-AUTH-FAILED', breaks: 'a card whose authorization failed is answered with the error but not flagged invalid, so it stays listed' },
  { name: 'blind4-card-zip-number-coerced', requirement: 'CARD-ZIP-TYPE', breaks: 'AddOrUpdateCard takes a JSON number for zip (12345) and converts it to a string instead of refusing the type' },
  // AddOrUpdateTokenizedCard (hooks.ts, reference/operations/card-upsert.ts)
  { name: 'blind4-tcard-bin-full-width-digits', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard normalises cardBin (NFKC) before validating, so full-width digits are accepted' },
  { name: 'blind4-tcard-zip-plus-four-kept', requirement: 'TCARD-ZIP-LENGTH', breaks: 'AddOrUpdateTokenizedCard accepts and stores a ZIP+4 (12345-6789 or 123456789) as zip' },
  { name: 'blind4-tcard-expiration-three-digits-padded', requirement: 'TCARD-EXPIRATION-MONTH-YEAR-LENGTH', breaks: 'AddOrUpdateTokenizedCard pads a three-digit expiration (427) to MMYY (0427) instead of rejecting its length' },
  { name: 'blind4-tcard-token-other-customer-updated', requirement: 'TCARD-SUCCESS', breaks: 'AddOrUpdateTokenizedCard finds a registered card by its token alone, so another customer\'s tokenized card is updated and returned through this customer\'s id' },
  { name: 'blind4-tcard-unknown-member-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateTokenizedCard crashes with 500 on a body member the operation does not name (a strict deserializer without an exception mapper)' },
  // AuthenticateOBO (hooks.ts, reference/operations/obo.ts)
  { name: 'blind4-obo-customer-id-whitespace-trimmed', requirement: 'OBO-CUSTOMER-ID-FORMAT', breaks: 'AuthenticateOBO trims whitespace around customerId before validating, so a padded GUID is accepted' },
  { name: 'blind4-obo-unknown-customer-no-linked', requirement: 'ERR-CUSTOMER-NOT-FOUND', breaks: 'AuthenticateOBO answers an unknown customerId with 422 NO_LINKED_ACCOUNT (it looks for cards first) instead of CUSTOMER_NOT_FOUND' },
  // GetTransactionHistory (hooks.ts, reference/operations/history.ts)
  { name: 'blind4-history-account-other-customer', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'an accountId naming another customer\'s card returns that card\'s transactions through this customer\'s id' },
  { name: 'blind4-history-page-size-decimal-truncated', requirement: 'HISTORY-PAGE-SIZE-TYPE', breaks: 'GetTransactionHistory reads a decimal pageSize (5.7) with parseInt and serves a page of 5 instead of refusing it' },
  { name: 'blind4-history-order-day-only', requirement: 'HISTORY-ORDER', breaks: 'transactions are ordered by the date part of createdOn only (newest day first), so within a day they come in transactionId order' },
  { name: 'blind4-history-page-size-ignored-when-paging', requirement: 'HISTORY-PAGE-SIZE', breaks: 'with a paging reference, pageSize is ignored and the default 20 transactions are returned' },
  // DeleteCard (hooks.ts, reference/operations/card-list.ts)
  { name: 'blind4-delete-other-customer-card', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard removes the card named by cardId whatever customerId is sent, so another customer\'s card is removed' },
  { name: 'blind4-delete-twice-500', requirement: 'GEN-NO-5XX', breaks: 'a second DeleteCard of an already deleted card (a client\'s retry) crashes with 500 on the soft-deleted row' },
  { name: 'blind4-delete-race-500', requirement: 'GEN-NO-5XX', breaks: 'two DeleteCard of the same card sent together: the second finds the card, awaits, then fails to delete it and answers 500 (a concurrency exception)' },
  { name: 'blind4-delete-key-query-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'DeleteCard validation keys use the query. prefix (query.cardId) for its body fields' },
  // AddCustomerAttributes (hooks.ts)
  { name: 'blind4-cattr-amount-cents-optional', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AverageCheckCashedAmt and BalanceOnReturnedChecks accept a whole amount without the .CC part (125)' },
  { name: 'blind4-cattr-count-plus-sign', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'count attributes accept a leading plus sign (+3)' },
  { name: 'blind4-cattr-date-iso-accepted', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'date attributes (CardIssueDate, LastDebitPurchaseDate) accept the ISO form YYYY-MM-DD as well as MM-DD-YYYY' },
  { name: 'blind4-cattr-over-sixteen-500', requirement: 'GEN-NO-5XX', breaks: 'an AddCustomerAttributes list of more than 16 items crashes with 500 instead of a 4xx or success' },
  { name: 'blind4-cattr-ssn-whitespace-trimmed', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the SSN attribute value is trimmed before its format is checked, so " 123456789 " is accepted' },
  // AddSessionAttributes (hooks.ts, reference/operations/session-attributes.ts)
  { name: 'blind4-sattr-id-filter-deleted-card', requirement: 'SATTR-FILTERS', breaks: 'an AccountIdFilter naming a card the customer deleted is accepted (the ownership check reads every card ever registered)' },
  { name: 'blind4-sattr-number-filter-prefix', requirement: 'SATTR-FILTERS', breaks: 'AccountNumberFilter entries are matched as prefixes (LIKE \'value%\'), so a prefix of one of the customer\'s card numbers or tokens is accepted' },
  { name: 'blind4-sattr-detail-echoes-values', requirement: 'NO-SECRET-ECHO', breaks: 'the 422 INVALID_INFORMATION detail quotes the invalid values, card numbers of an AccountNumberFilter included' },
  { name: 'blind4-sattr-empty-list-500', requirement: 'GEN-NO-5XX', breaks: 'an empty sessionAttributes list crashes AddSessionAttributes with 500' },
  // media type, success bodies and the problem writer (reference/api-guards.ts, operations/context.ts, problems.ts)
  { name: 'blind4-charset-param-415', requirement: 'GEN-VALID-ACCEPTED', breaks: 'a JSON body sent as application/json; charset=utf-8 is refused with 415 (the media type is compared as a whole string)' },
  { name: 'blind4-get-success-text-json', requirement: 'GEN-JSON-BODY', breaks: 'GetRegisteredCards and GetTransactionHistory success bodies are served as text/json instead of application/json' },
  { name: 'blind4-validation-type-no-section', requirement: 'ERR-TYPE-URL', breaks: 'validation problems carry the RFC 7231 URL without its section fragment (#section-6.5.1)' },
  { name: 'blind4-problem-instance-absolute-url', requirement: 'ERR-INSTANCE', breaks: 'the instance member of 422 Problems is the absolute request URL (https://host:port/path) instead of the request path' },
];
