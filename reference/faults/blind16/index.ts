import type { Fault } from '../types.js';

/**
 * Blind red-team batch 16 (a fresh batch measured as it arrives). Written from interface.md,
 * decisions.md, contract/ and the reference only, without reading the harness. Each fault is a bug
 * an independent implementation could ship and breaks one rule the document states (quoted in
 * `breaks`) or a D-row's "harness asserts" column allows failing. 7 are input handling, 33 business
 * rules, error rows, state and sequences, reply shapes, paging, token endpoint, access and versioning.
 * Implementations: inputs.ts (request rewrites, some with the session), access.ts (guard predicates and
 * early answers), handlers.ts (state, before the handler), answers.ts (a route-level onSend that sees
 * the state), replies.ts (server hooks: token endpoint, versioning), and guarded one-line hooks in
 * server.ts, operations/{route,authenticate-partner,card-upsert}.ts.
 */
export const blind16Faults: readonly Fault[] = [
  // Input handling (inputs.ts)
  { name: 'blind16-enroll-zip-trimmed', requirement: 'ENROLL-ZIP-FORMAT', breaks: 'EnrollCustomer trims the zip before its "5-digit zip" check, so "62701 " is enrolled, though D41 makes surrounding whitespace in a fixed-format field a violation (400 naming the field)' },
  { name: 'blind16-enroll-title-max-20', requirement: 'ENROLL-TITLE-LENGTH', breaks: 'EnrollCustomer has no validator on title and relies on its nvarchar(20) column, so a title of 11 to 20 characters is enrolled, though title is "0 | 10"' },
  { name: 'blind16-history-account-id-trimmed', requirement: 'HISTORY-ACCOUNT-ID-FORMAT', breaks: 'GetTransactionHistory trims the accountId query parameter before Guid.TryParse, so " <cardId>" is served, though accountId is a Guid of length 36 and D41 makes surrounding whitespace in a GUID a violation' },
  { name: 'blind16-cattr-count-thousands-separator', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes parses TotalNumberOfCustomers with NumberStyles.AllowThousands, so "1,200" is taken, though the count attributes are whole numbers (D31: separators are violations)' },
  { name: 'blind16-cattr-value-number-coerced', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-TYPE', breaks: 'AddCustomerAttributes binds an attribute value with a number converter, so {"name": "NumberOfCards", "value": 3} is taken, though value is "string (required, 1-200)"' },
  { name: 'blind16-tcard-bin-trimmed', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard trims cardBin before its "6 to 8 digit BIN" check, so " 411111" is added, though D41 makes surrounding whitespace in a BIN a violation (400 naming the field)' },
  { name: 'blind16-cattr-purchase-date-single-digit-month', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes parses LastDebitPurchaseDate with the pattern "M-d-yyyy", so "1-15-2024" is taken, though the value is "MM-DD-YYYY"' },
  // AuthenticatePartner and access (access.ts, replies.ts)
  { name: 'blind16-auth-denied-admitted-on-retry', requirement: 'ERR-UNAUTHORIZED', breaks: 'AuthenticatePartner marks a partner "checked" before the denial is stored, so the denied client\'s second attempt gets a session instead of "401, errorCode UNAUTHORIZED"' },
  { name: 'blind16-version-query-refused-on-authenticate', requirement: 'VERSION-QUERY', breaks: 'AuthenticatePartner\'s route binds its body only and refuses ?apiVersion=1 with 400, though "the version is selected by a header or a query string parameter"' },
  { name: 'blind16-auth-session-reused-per-client', requirement: 'STATE-SESSION', breaks: 'AuthenticatePartner hands back the session it cached for the client, whatever deviceId is sent, so a second device is refused with the session "AuthenticatePartner success" gave it (deviceId "Must equal the deviceId used in AuthenticatePartner")' },
  { name: 'blind16-allow-list-skipped-with-query-version', requirement: 'ALLOW-LIST', breaks: 'the query-versioned routes are served by the older pipeline, which has no allow-list filter, so a call with ?apiVersion=1 from an address off the list reaches the API ("calls are accepted only from allow-listed partner IP addresses")' },
  { name: 'blind16-cards-unknown-session-empty-list', requirement: 'SESSION-REQUIRED', breaks: 'GetRegisteredCards\' filter scopes the query by the session it looks up, and an unknown sessionId gives an empty scope: 200 {cards: []} instead of a refusal (D4: never 2xx)' },
  // FindCustomer and EnrollCustomer (handlers.ts, answers.ts)
  { name: 'blind16-find-dob-year-ignored', requirement: 'FIND-EVERY-KEY', breaks: 'FindCustomer compares the birth dates formatted with "MM-dd", so an enrolled SSN with the right month and day but another year returns the customer instead of CUSTOMER_NOT_FOUND' },
  { name: 'blind16-find-validation-key-query-prefix', requirement: 'ERR-KEY-PREFIX', breaks: 'FindCustomer\'s validation keys are written query.Ssn / query.DateOfBirth (the route was a GET once), though body fields use the command.<Field> prefix' },
  { name: 'blind16-find-stale-after-refused-duplicate', requirement: 'FIND-ENROLLED', breaks: 'EnrollCustomer upserts the person row by SSN before its duplicate checks and the refusal does not roll it back, so after a refused duplicate the enrolled customer is no longer found with its own SSN and date of birth' },
  { name: 'blind16-enroll-dob-stored-day-earlier', requirement: 'FIND-ENROLLED', breaks: 'EnrollCustomer parses the date of birth as local midnight of a UTC+1 server and stores its UTC date, a day earlier, so FindCustomer with the SSN and the date of birth enrolled finds nobody' },
  { name: 'blind16-enroll-duplicate-ssn-message-missing', requirement: 'ENROLL-DUPLICATE', breaks: 'the SSN branch of the duplicate check answers {ErrorCode} without ErrorMessage, though a used SSN returns "an ErrorCode and ErrorMessage" (D16)' },
  // GetRegisteredCards, AddOrUpdateCard, AddOrUpdateTokenizedCard
  { name: 'blind16-cards-cached-per-session', requirement: 'OWNERSHIP-CARDS', breaks: 'the card list is cached per session, not per customer, so a session that listed one customer\'s cards gets them again for another customerId (D45: another customer\'s card is never listed)' },
  { name: 'blind16-cards-updated-card-listed-twice', requirement: 'STATE-CARD-CHANGED', breaks: 'the list joins each card to its row versions, so a card changed by AddOrUpdateCard is listed twice with the same cardId, though the registered card is "reauthorized", not duplicated' },
  { name: 'blind16-card-hash-id-omitted-on-update', requirement: 'CARD-SUCCESS', breaks: 'the update branch of AddOrUpdateCard maps its answer without hashId (null, and nulls are not written), though hashId is "Returned by add-or-update operations; may be empty"' },
  { name: 'blind16-card-decline-unhandled-500', requirement: 'CARD-AUTH-FAILURE', breaks: 'the issuer\'s decline comes back as an exception AddOrUpdateCard does not catch, so a declined card is answered 500 instead of "an ErrorCode and ErrorMessage" (D15)' },
  { name: 'blind16-card-null-name-on-card-lookup-misses', requirement: 'STATE-CARD-IDENTICAL', breaks: 'AddOrUpdateCard looks the card up WHERE NameOnCard = @name, which never matches NULL, so resubmitting identical data without nameOnCard adds a second card instead of leaving the card "unchanged"' },
  { name: 'blind16-tcard-network-check-cached-per-customer', requirement: 'TCARD-DENIED-BIN', breaks: 'the network-allowance answer is cached per customer, so once a customer holds an allowed tokenized card a card with a BIN not allowed in the network is added instead of "422, errorCode BAD_REQUEST"' },
  { name: 'blind16-tcard-response-expiration-yymm', requirement: 'CARDS-SHAPE', breaks: 'AddOrUpdateTokenizedCard answers with the expiry as the token vault returns it, YYMM ("2912" for 1229), though expirationMonthYear is "Four digits, MMYY"' },
  { name: 'blind16-version-header-refused-on-tcard', requirement: 'VERSION-HEADER', breaks: 'AddOrUpdateTokenizedCard\'s route knows the query-string version only and refuses the apiVersion header with 400, though both strategies are supported' },
  // AuthenticateOBO
  { name: 'blind16-obo-no-linked-after-card-update', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'an update leaves a card "pending reauthorization" for the linked-account query even after it passes, so a customer whose card was changed gets NO_LINKED_ACCOUNT (D17: after a card was added, 200 with an ssoToken)' },
  { name: 'blind16-obo-unknown-customer-500', requirement: 'ERR-CUSTOMER-NOT-FOUND', breaks: 'AuthenticateOBO reads the customer\'s accounts before checking the customer exists, so an unknown customerId is answered 500 instead of "422 CUSTOMER_NOT_FOUND"' },
  { name: 'blind16-obo-not-found-instance-names-customer', requirement: 'ERR-INSTANCE', breaks: 'the CUSTOMER_NOT_FOUND Problem of AuthenticateOBO names the resource it looked for, "<path>/<customerId>", as its instance, though instance is "the request path"' },
  // GetTransactionHistory
  { name: 'blind16-history-page-size-remembered-in-session', requirement: 'HISTORY-PAGE-SIZE', breaks: 'the session keeps the last pageSize as its paging context, so a later call without pageSize gets that size instead of "by default the 20 most recent"' },
  { name: 'blind16-history-paging-keyset-on-transaction-id', requirement: 'HISTORY-PAGING', breaks: 'the paging query is WHERE TransactionId < @reference ORDER BY CreatedOn DESC (keyset on the GUID key), so a page skips older transactions whose id sorts higher, though it holds "the next pageSize older transactions"' },
  { name: 'blind16-version-query-drops-later-parameters', requirement: 'VERSION-QUERY', breaks: 'the version-routing middleware of the GET routes rewrites the URL cut at the apiVersion parameter, so ?apiVersion=1&customerId=... loses customerId (400), though version 1 may be "selected by ... a query string parameter"' },
  // DeleteCard
  { name: 'blind16-delete-validation-stops-at-first-field', requirement: 'ERR-KEYS-COMPLETE', breaks: 'DeleteCard\'s validator has CascadeMode.Stop at class level, so with customerId and cardId both invalid only command.customerId is reported (D14: every invalid field is named)' },
  { name: 'blind16-delete-readd-identical-answered-from-cache', requirement: 'STATE-CARD-DELETED', breaks: 'AddOrUpdateCard answers a submission identical to the last one from a cache DeleteCard does not evict, so re-adding a deleted card returns the old cardId and adds nothing, though "Adding the same card again creates a different card entry"' },
  { name: 'blind16-delete-success-returns-card-number', requirement: 'NO-SECRET-ECHO', breaks: 'DeleteCard answers with the deleted card entity serialised whole, its CardNumber column included, though no card number sent may appear in a response ("The card list never carries the full card number")' },
  // AddCustomerAttributes, AddSessionAttributes
  { name: 'blind16-cattr-empty-list-accepted', requirement: 'CATTR-REQUIRED-ATTRIBUTES', breaks: 'AddCustomerAttributes checks the required names item by item, so an empty customerAttributes list has nothing to fail and is accepted, though CustomerId and SSN are required (D20: refused with a 4xx)' },
  { name: 'blind16-sattr-missing-token-500', requirement: 'SATTR-REQUIRED-ATTRIBUTES', breaks: 'AddSessionAttributes reads the SsoToken attribute\'s value without a null check, so a list without it is answered 500 (D19: a 4xx with a JSON error body)' },
  { name: 'blind16-sattr-filter-validation-cached-per-session', requirement: 'SATTR-FILTERS', breaks: 'once a filter passed the account check the session caches "filters valid", so a later AccountIdFilter naming no card of the customer is accepted instead of 422 INVALID_INFORMATION' },
  // Token endpoint (replies.ts)
  { name: 'blind16-token-invalid-scope-401', requirement: 'TOKEN-ERRORS', breaks: 'the token endpoint maps invalid_scope to 401 like invalid_client, though RFC 6749 section 5.2 answers every error but invalid_client with 400' },
  { name: 'blind16-token-deposit-scope-refused-body-credentials', requirement: 'TOKEN-ISSUED', breaks: 'the form-credentials branch of the token endpoint was configured with the check cashing scopes only and answers the documented deposit-underwriting scope with invalid_scope' },
  { name: 'blind16-token-cached-per-client-expires-in-remaining', requirement: 'TOKEN-SHAPE', breaks: 'the token endpoint hands out its cached token per client and scope with the seconds it has left, so a second request gets expires_in below 3600, though "3600 is returned"' },
];
