import type { Fault } from '../types.js';

/**
 * Blind batch 12: faults an independent implementation of interface.md could ship, written
 * without reading checks/, generators/, suites/, oracles/ or audit/. Each breaks one rule the
 * document (or a decision's "harness asserts" column) states; `breaks` quotes its words.
 * Hooks: inputs.ts (before and during validation), handlers.ts (after validation, before the
 * operation), history.ts (the history query), replies.ts (answers on their way out), access.ts.
 */
export const blind12Faults: readonly Fault[] = [
  // Token endpoint.
  { name: 'blind12-token-cached-answer-no-store-missing', requirement: 'TOKEN-NO-STORE', breaks: 'A second token request of the same client and scope is answered from a token cache that writes no Cache-Control header ("a response carrying a token has Cache-Control: no-store", RFC 6749 section 5.1).' },
  { name: 'blind12-token-invalid-client-basic-400', requirement: 'TOKEN-ERRORS', breaks: 'A wrong client secret sent in the Basic header is answered 400 invalid_client without a challenge, where RFC 6749 section 5.2 says the server "MUST respond with an HTTP 401" when the client authenticated through the Authorization header.' },
  // AuthenticatePartner.
  { name: 'blind12-auth-denied-title-british', requirement: 'ERR-UNAUTHORIZED', breaks: 'The denial is titled "Unauthorised", where the document fixes "Failure: 401, errorCode UNAUTHORIZED, title Unauthorized".' },
  // FindCustomer.
  { name: 'blind12-find-dob-optional-for-ssn', requirement: 'FIND-DATE-OF-BIRTH-REQUIRED', breaks: 'The dateOfBirth rule is set up only for ITINs (9xx), so a lookup by SSN without dateOfBirth is answered by the SSN alone, where the table says dateOfBirth "Required: yes".' },
  { name: 'blind12-find-ssn-json-number-coerced', requirement: 'FIND-SSN-TYPE', breaks: 'A JSON number for ssn is coerced to text and accepted, where the table types ssn "string".' },
  { name: 'blind12-find-hit-cached-by-ssn', requirement: 'FIND-EVERY-KEY', breaks: 'A customer found once is cached by SSN alone, so a later lookup with that SSN and another date of birth names the customer (the lookup is by "ssn" and "dateOfBirth", both required).' },
  // EnrollCustomer.
  { name: 'blind12-enroll-home-number-parsed-as-long', requirement: 'ENROLL-HOME-NUMBER-FORMAT', breaks: 'homeNumber is checked with a long parse and a length of 10, so "+123456789" passes, where the table says "Exactly 10 digits, no formatting".' },
  { name: 'blind12-enroll-empty-country-500', requirement: 'GEN-NO-5XX', breaks: 'An empty countryOfOrigin (min length 0, "Used for optional OFAC checking") is sent to the OFAC lookup, which fails with a 500.' },
  { name: 'blind12-enroll-allow-texts-string-500', requirement: 'GEN-NO-5XX', breaks: 'allowTexts sent as a string (the table lists it as "string (listed type; the request shape shows a boolean)", D11) is cast to a boolean and the cast fails with a 500, where the generic contract is "no 5xx".' },
  { name: 'blind12-enroll-validation-detail-missing', requirement: 'ERR-VALIDATION-SHAPE', breaks: 'EnrollCustomer writes its validation problem without `detail`, where a "Validation problem" carries "errors, type, title, status, detail, instance, validationErrors".' },
  { name: 'blind12-enroll-created-location-only', requirement: 'ENROLL-SUCCESS', breaks: 'Enrolment answers 201 with a Location header and no body, where the document says "Response: {CustomerId: <guid>}".' },
  { name: 'blind12-enroll-duplicate-ssn-400-validation', requirement: 'ENROLL-DUPLICATE', breaks: 'A used SSN is refused by a uniqueness rule of the validator, a 400 validation problem with no error code, where "if so, an ErrorCode and ErrorMessage are returned" (D16).' },
  // GetRegisteredCards.
  { name: 'blind12-cards-customer-id-trimmed', requirement: 'CARDS-CUSTOMER-ID-FORMAT', breaks: 'The query binder trims customerId, so a GUID with a space around it is served, where customerId is a "Guid" of "length 36" (D41: surrounding whitespace in a GUID is a violation).' },
  { name: 'blind12-cards-art-data-uri', requirement: 'CARDS-SHAPE', breaks: 'The card list writes cardArtAsBase64Png as a data: URI, where the field is a "Base64 PNG image; may be empty".' },
  { name: 'blind12-cards-bare-array-with-query-version', requirement: 'CARDS-SUCCESS', breaks: 'With apiVersion in the query string the older controller answers a bare array, where the response is "{cards: [<Card>...]}".' },
  // AddOrUpdateCard.
  { name: 'blind12-card-number-luhn-validated', requirement: 'GEN-VALID-ACCEPTED', breaks: 'cardNumber is refused with a 400 when it fails a Luhn check, where the table asks only an "Unformatted card number" of 15 to 19 characters (D37: a 400 to a valid payload is a failure).' },
  { name: 'blind12-card-update-written-to-first-card', requirement: 'STATE-CARD-CHANGED', breaks: 'An update of a customer\'s second or later card is written to the customer\'s first card (UPDATE ... WHERE CustomerId, TOP 1), where "any card data differs" changes that card.' },
  // AddOrUpdateTokenizedCard.
  { name: 'blind12-tcard-bin-unchecked-without-last-four', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'The BIN format rule sits in the branch that reads lastFourOfCard, so without lastFourOfCard any cardBin passes, where cardBin is a "6 to 8 digit BIN".' },
  { name: 'blind12-tcard-name-on-card-max-50', requirement: 'TCARD-NAME-ON-CARD-LENGTH', breaks: 'nameOnCard of the tokenized card is held to 50 characters, where its table row reads "nameOnCard | string | no | 0 | 100".' },
  { name: 'blind12-tcard-denied-bin-with-last-four', requirement: 'TCARD-DENIED-BIN', breaks: 'The network check runs only when the last four must be fetched from the vault, so a denied BIN sent with lastFourOfCard is added, where "422, title Error, errorCode BAD_REQUEST when the account is not allowed in the network".' },
  // AuthenticateOBO.
  { name: 'blind12-obo-key-names-id', requirement: 'ERR-KEYS-COMPLETE', breaks: 'A bad customerId is reported under key command.Id (the command\'s property name), so the invalid field customerId is never named (D14: "every invalid field is named").' },
  { name: 'blind12-obo-sso-token-empty-when-only-tokenized', requirement: 'OBO-SUCCESS', breaks: 'A customer whose cards are all tokenized gets an empty ssoToken, where the response is "{ssoToken: <string>}", a "one-time ssoToken issued" (D17: after a card was added, 200 with an ssoToken).' },
  { name: 'blind12-obo-no-linked-code-plural', requirement: 'ERR-NO-LINKED-ACCOUNT', breaks: 'The no-linked-account refusal carries errorCode NO_LINKED_ACCOUNTS, where the Errors table fixes "422 NO_LINKED_ACCOUNT".' },
  // GetTransactionHistory.
  { name: 'blind12-history-account-id-prefix-match', requirement: 'HISTORY-ACCOUNT-ID-LENGTH', breaks: 'accountId is matched with LIKE \'value%\', so a cardId cut short is served as that card, where accountId is a "Guid" of length 36.' },
  { name: 'blind12-history-page-size-range-skipped-when-paging', requirement: 'HISTORY-PAGE-SIZE-RANGE', breaks: 'The pageSize range is checked on the first-page query only, so with pagingTransactionReferenceNumber a pageSize above 10 is served, where pageSize is "0 to 10".' },
  { name: 'blind12-history-paging-reference-beyond-default-window', requirement: 'HISTORY-PAGING', breaks: 'The paging reference is looked up in the cached default page of 20, so a reference older than the 20th transaction gives an empty page, where "it and the next pageSize older transactions are returned".' },
  { name: 'blind12-history-duplicated-after-card-update', requirement: 'HISTORY-PAGING', breaks: 'After a card\'s update its transactions are joined through both row versions and listed twice, where a page is the referenced transaction and "the next pageSize older transactions" (no duplicates).' },
  { name: 'blind12-history-load-status-null-for-token-cards', requirement: 'HISTORY-SHAPE', breaks: 'Transactions of tokenized cards carry loadStatus null (a nullable column never filled), where the Transaction table types loadStatus "Int".' },
  { name: 'blind12-history-account-filter-ignored-after-delete', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'Once a card of the customer was deleted, the rebuilt history cache ignores accountId, where accountId "limits history to that card".' },
  // DeleteCard.
  { name: 'blind12-delete-foreign-card-when-cardless', requirement: 'OWNERSHIP-CARDS', breaks: 'When the named customer holds no card, the card is looked up by its id alone and another customer\'s card is removed, where Card.customerId is its "Owner" and partners "may only update their own cards" (D45).' },
  { name: 'blind12-delete-token-card-audit-500', requirement: 'GEN-NO-5XX', breaks: 'Deleting a tokenized card removes it, then the audit record reads its card number, which a tokenized card lacks, and the answer is a 500, where the generic contract is "no 5xx" (D30: "never 5xx").' },
  // AddCustomerAttributes.
  { name: 'blind12-cattr-long-name-logged-500', requirement: 'GEN-NO-5XX', breaks: 'Every item is written to a request log whose Name column holds 100 characters before validation, so a longer name is a 500 instead of a 400 ("Customer attribute name / value length 100 / 200").' },
  { name: 'blind12-cattr-ssn-attribute-ssa-rules', requirement: 'GEN-VALID-ACCEPTED', breaks: 'The SSN attribute is validated with SSA issuance rules (no area 000, 666 or 9xx, no group 00, no serial 0000), refusing ITINs and other 9-digit values, where the value is "9 digits, no spaces or dashes".' },
  // AddSessionAttributes.
  { name: 'blind12-sattr-preferred-email-over-100-500', requirement: 'GEN-NO-5XX', breaks: 'PreferredEmail is stored in the 100-character e-mail column, so a longer value fails with a 500, where "Session attribute name / value length 100 / 300" and the generic contract is "no 5xx".' },
  { name: 'blind12-sattr-number-filter-takes-card-ids', requirement: 'SATTR-FILTERS', breaks: 'AccountNumberFilter entries are looked up by card number, token or cardId, so a cardId passes as a number, where the filter is a "list of raw card numbers or card tokens" and "Account values are validated for format".' },
  { name: 'blind12-sattr-obo-context-lost-after-card-write', requirement: 'SATTR-SUCCESS', breaks: 'A card write in the session rebuilds its customer context without the AuthenticateOBO record, so AddSessionAttributes with the ssoToken just issued is refused, where it "may be called only after AuthenticateOBO returned an ssoToken" (which it did).' },
  // Access: tokens, allow list, versions, sessions.
  { name: 'blind12-bearer-expiry-trusted-to-session', requirement: 'BEARER-REQUIRED', breaks: 'The token\'s lifetime is checked when no sessionId is sent; a call naming a session is taken as authenticated by it and an expired token passes (D2: "an expired token is refused with 401").' },
  { name: 'blind12-allow-list-checked-at-login-only', requirement: 'ALLOW-LIST', breaks: 'The allow list guards the token endpoint and AuthenticatePartner only, so an address off the list reaches every other operation, where "Access is restricted to partner IP addresses on an allow list".' },
  { name: 'blind12-version-header-refused-on-history', requirement: 'VERSION-HEADER', breaks: 'The history route binds its query string only and refuses the apiVersion header, where "The version is selected by a header or a query string parameter, both named apiVersion".' },
  { name: 'blind12-session-device-header-missing-plain-400', requirement: 'ERR-JSON-BODY', breaks: 'A call without the deviceId header is refused by the framework\'s header binding with a text/plain 400, where "Error bodies are JSON" (D4: a 4xx with a JSON error body).' },
];
