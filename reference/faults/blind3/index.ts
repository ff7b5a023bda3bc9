import type { Fault } from '../types.js';

/**
 * Blind red-team batch 3 (issue 27 item 6, first batch): faults written without reading the
 * harness (checks/, generators/, suites/), drawn from the families of issue 27 (value near misses,
 * enumerations, body and media type, list size, source address, token forgery, object ownership,
 * use after delete, concurrency, filter exactness, sessions) and from real bugs of payment and
 * identity APIs. Like blind1 and blind2 they are known to `faultSet` but not part of
 * `faultCatalogue`. Each breaks one rule that interface.md documents or decisions.md lets a
 * harness assert (D41-D46 included), and none repeats a fault of the catalogue or an earlier batch.
 * Implementations: reference/faults/blind3/inputs.ts (request rewrites and crashes before
 * validation, rule and key changes), blind3/access.ts (source address, bearer token, write
 * delays) and small guarded edits in the reference files named in the comments below.
 */
export const blind3Faults: readonly Fault[] = [
  // value near misses a lenient parser repairs (inputs.ts)
  { name: 'blind3-enroll-mobile-trimmed', requirement: 'ENROLL-MOBILE-NUMBER-FORMAT', breaks: 'EnrollCustomer trims surrounding whitespace from mobileNumber before validating it, so " 5551234567" and "5551234567 " are accepted' },
  { name: 'blind3-tcard-bin-fullwidth-digits', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard NFKC-normalises cardBin before validating, so a BIN in full-width digits (４１１１１１) is accepted' },
  { name: 'blind3-card-number-unicode-digits', requirement: 'CARD-CARD-NUMBER-FORMAT', breaks: 'AddOrUpdateCard checks cardNumber with a Unicode-aware \\d (as .NET regular expressions do), so a number in Arabic-Indic or full-width digits is accepted' },
  { name: 'blind3-find-dob-date-time', requirement: 'FIND-DATE-OF-BIRTH-FORMAT', breaks: 'FindCustomer reads dateOfBirth with a date-time parser and keeps its date, so 1990-01-15T00:00:00Z is accepted instead of refused with 400' },
  { name: 'blind3-cattr-purchase-date-with-time', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the LastDebitPurchaseDate attribute is parsed as a date-time, so 01-15-2020T10:30:00 or "01-15-2020 10:30" is accepted for MM-DD-YYYY' },
  { name: 'blind3-history-account-id-braces', requirement: 'HISTORY-ACCOUNT-ID-FORMAT', breaks: 'GetTransactionHistory reads accountId with a GUID parser that takes the braced and parenthesised forms ({guid}, (guid)) instead of refusing them' },
  { name: 'blind3-delete-card-id-trimmed', requirement: 'DELETE-CARD-ID-FORMAT', breaks: 'DeleteCard trims surrounding whitespace from cardId before validating, so a GUID with a leading or trailing space is accepted' },
  { name: 'blind3-enroll-ssn-trailing-newline', requirement: 'ENROLL-SSN-FORMAT', breaks: 'EnrollCustomer matches the SSN with a pattern whose $ also matches before a final newline (.NET, Python), so "123456789\\n" is accepted' },
  { name: 'blind3-tcard-expiration-slashed', requirement: 'TCARD-EXPIRATION-MONTH-YEAR-LENGTH', breaks: 'AddOrUpdateTokenizedCard drops the slash of an MM/YY expiration (12/27) instead of refusing its length and format' },
  { name: 'blind3-cattr-check-amount-loose', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the AverageCheckCashedAmt attribute is read with a decimal parser and rounded to cents, so 250, 250.5 and 250.125 are accepted for DDDDD.CC' },
  { name: 'blind3-cattr-returned-count-decimal', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the NumberOfChecksReturned attribute is parsed as a floating-point number and accepted when whole, so 3.0 and 3. pass for a count' },
  { name: 'blind3-cattr-ssn-attribute-trimmed', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the SSN attribute value is trimmed before its 9-digit format is checked, so " 123456789" is accepted' },
  { name: 'blind3-history-page-size-parse-int', requirement: 'HISTORY-PAGE-SIZE-TYPE', breaks: 'GetTransactionHistory reads pageSize with parseInt, so 5.5 and 5abc are taken as 5 instead of refused as not an Int' },
  // enumerations (inputs.ts)
  { name: 'blind3-enroll-gender-unknown-u', requirement: 'ENROLL-GENDER-FORMAT', breaks: 'EnrollCustomer accepts the gender U (unknown, as many customer systems code it) besides M and F' },
  { name: 'blind3-cattr-debit-active-y-n', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'the DebitActive attribute accepts Y and N for True and False (DirectDeposit does not)' },
  { name: 'blind3-enroll-allow-texts-number', requirement: 'ENROLL-ALLOW-TEXTS-TYPE', breaks: 'EnrollCustomer converts a JSON number 1 or 0 in allowTexts to a boolean (as Newtonsoft.Json does) instead of refusing its type' },
  // body and media type (reference/api-guards.ts, inputs.ts)
  { name: 'blind3-card-charset-415', requirement: 'CARD-SUCCESS', breaks: 'the two card operations compare the Content-Type header with application/json exactly, so a valid payload sent as application/json; charset=utf-8 is refused with 415' },
  { name: 'blind3-tcard-body-not-object-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateTokenizedCard crashes with 500 on a JSON body that is not an object (an array, a string, a number or null)' },
  { name: 'blind3-cattr-item-not-object-500', requirement: 'GEN-NO-5XX', breaks: 'AddCustomerAttributes crashes with 500 when an element of customerAttributes is null, a string or a number instead of an object' },
  { name: 'blind3-sattr-value-not-string-500', requirement: 'GEN-NO-5XX', breaks: 'AddSessionAttributes crashes with 500 when an attribute value is a number, a boolean or an object (value.trim is not a function)' },
  { name: 'blind3-tcard-emoji-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateTokenizedCard crashes with 500 when a text field holds a character outside the Basic Multilingual Plane (an emoji; a utf8mb3 column)' },
  { name: 'blind3-card-address-over-50-500', requirement: 'GEN-NO-5XX', breaks: 'AddOrUpdateCard validates addressLine1/2 against the description\'s 100 characters but stores them in 50-character columns, so 51 to 100 characters crash with 500' },
  { name: 'blind3-unknown-member-500', requirement: 'GEN-NO-5XX', breaks: 'DeleteCard and AuthenticateOBO crash with 500 on a body member they do not know (a missing-member deserializer error left unhandled)' },
  // list size (inputs.ts)
  { name: 'blind3-sattr-over-four-500', requirement: 'GEN-NO-5XX', breaks: 'AddSessionAttributes copies the list into a fixed array of four (one per allowed name) and crashes with 500 on a fifth attribute' },
  { name: 'blind3-cattr-duplicate-name-500', requirement: 'GEN-NO-5XX', breaks: 'AddCustomerAttributes builds a dictionary of the list and crashes with 500 when a name is given twice' },
  { name: 'blind3-cattr-empty-list-500', requirement: 'GEN-NO-5XX', breaks: 'AddCustomerAttributes crashes with 500 on an empty customerAttributes list (First() of an empty sequence)' },
  // headers and source address (access.ts, reference/server.ts)
  { name: 'blind3-allow-list-forwarded-trusted', requirement: 'ALLOW-LIST', breaks: 'the allow list is checked against the for= address of a Forwarded header (RFC 7239) when one is sent, instead of the connection\'s own address' },
  { name: 'blind3-allow-list-real-ip-trusted', requirement: 'ALLOW-LIST', breaks: 'the allow list is checked against an X-Real-IP header when one is sent, instead of the connection\'s own address' },
  { name: 'blind3-allow-list-token-endpoint-open', requirement: 'ALLOW-LIST', breaks: 'the token endpoint is served to every source address; only the partner operations check the allow list' },
  { name: 'blind3-allow-list-ancillary-open', requirement: 'ALLOW-LIST', breaks: 'AddCustomerAttributes and AddSessionAttributes, the ancillary operations, are served to addresses off the allow list' },
  // token forgery (access.ts, reference/api-guards.ts, jwt.ts, token-endpoint.ts)
  { name: 'blind3-bearer-empty-signature', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token whose signature part is empty (header.payload.) is accepted when its exp lies in the future' },
  { name: 'blind3-bearer-kid-client-secret', requirement: 'BEARER-REQUIRED', breaks: 'a bearer token whose header kid names a client is verified with that client\'s secret as HMAC key, so a client can mint tokens with any claims' },
  { name: 'blind3-bearer-expired-on-authenticate', requirement: 'BEARER-REQUIRED', breaks: 'AuthenticatePartner verifies the bearer token without its expiry, so an expired token opens a session' },
  { name: 'blind3-bearer-scope-unchecked', requirement: 'BEARER-REQUIRED', breaks: 'the partner operations accept any token the service signed, whatever its scope (a deposit-underwriting or identity-score token too)' },
  { name: 'blind3-token-any-grant-type', requirement: 'TOKEN-ERRORS', breaks: 'the token endpoint issues a client-credentials token for any grant_type value (password, authorization_code) instead of unsupported_grant_type' },
  // object ownership, D45 (reference/operations/history.ts, card-upsert.ts, session-attributes.ts, card-list.ts)
  { name: 'blind3-history-foreign-account', requirement: 'HISTORY-ACCOUNT-FILTER', breaks: 'GetTransactionHistory looks accountId up among all cards, so another customer\'s cardId returns that card\'s transactions under this customer' },
  { name: 'blind3-tcard-token-any-customer', requirement: 'TCARD-SUCCESS', breaks: 'AddOrUpdateTokenizedCard looks a card up by its token alone, so a token another customer holds updates and returns that customer\'s card' },
  { name: 'blind3-sattr-id-filter-any-customer', requirement: 'SATTR-FILTERS', breaks: 'AccountIdFilter entries are checked for existence only, so another customer\'s cardId is accepted as a filter' },
  { name: 'blind3-delete-foreign-removed', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard deletes the card named by cardId before it checks the owner: another customer\'s card is answered 422 CARD_NOT_FOUND but removed' },
  // use after delete (reference/operations/session-attributes.ts, history.ts, card-list.ts)
  { name: 'blind3-sattr-id-filter-deleted-card', requirement: 'SATTR-FILTERS', breaks: 'AccountIdFilter is checked against the customer\'s cards including deleted ones (a soft-delete flag left out of the query)' },
  { name: 'blind3-history-deleted-account-500', requirement: 'GEN-NO-5XX', breaks: 'GetTransactionHistory with the accountId of one of the customer\'s deleted cards crashes with 500' },
  { name: 'blind3-delete-tokenized-kept', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard of a tokenized card answers 200 but the card stays registered (the delete only reaches the card-number table)' },
  // concurrency, D44 (access.ts delay; reference/operations/customers.ts, card-upsert.ts, card-list.ts)
  { name: 'blind3-enroll-race', requirement: 'ENROLL-DUPLICATE', breaks: 'EnrollCustomer awaits between its duplicate check and its insert, so two identical enrolments sent at the same time both succeed' },
  { name: 'blind3-card-race', requirement: 'STATE-CARD-IDENTICAL', breaks: 'AddOrUpdateCard awaits between looking the card up and inserting it, so two identical requests sent at the same time make two cards' },
  { name: 'blind3-delete-race-500', requirement: 'GEN-NO-5XX', breaks: 'two DeleteCard of one card sent at the same time: the second reads the card back after the first removed it and crashes with 500' },
  // filter exactness (reference/operations/session-attributes.ts)
  { name: 'blind3-sattr-number-filter-case-insensitive', requirement: 'SATTR-FILTERS', breaks: 'AccountNumberFilter entries are compared without letter case (a case-insensitive collation), so a card token in other letter case is accepted' },
  { name: 'blind3-sattr-id-filter-empty-entries', requirement: 'SATTR-SESSION-ATTRIBUTES-FORMAT', breaks: 'AccountIdFilter drops empty entries before its format check, so a list with a leading, doubled or trailing comma (guid,) is accepted' },
  // sessions (reference/operations/session.ts, problems.ts, state/sessions.ts)
  { name: 'blind3-session-device-any-own-session', requirement: 'SESSION-DEVICE-MATCH', breaks: 'the deviceId header is accepted when it is the deviceId of any session of the same client, not only of the session named by sessionId' },
  { name: 'blind3-session-id-first-36', requirement: 'SESSION-REQUIRED', breaks: 'only the first 36 characters of the sessionId header are read, so a known sessionId followed by anything names that session' },
  { name: 'blind3-session-401-no-challenge', requirement: 'BEARER-WWW-AUTHENTICATE', breaks: 'the 401 UNAUTHORIZED of a refused sessionId or deviceId carries no WWW-Authenticate header' },
  // other real bugs (reference/operations/route.ts, customers.ts, history.ts, inputs.ts)
  { name: 'blind3-card-validation-echoes-number', requirement: 'NO-SECRET-ECHO', breaks: 'validation problems of AddOrUpdateCard name the card in their detail by its full card number' },
  { name: 'blind3-find-not-found-echoes-ssn', requirement: 'NO-SECRET-ECHO', breaks: 'the 422 CUSTOMER_NOT_FOUND of FindCustomer quotes the SSN in its detail' },
  { name: 'blind3-history-look-ahead-row', requirement: 'HISTORY-PAGE-SIZE', breaks: 'without a paging reference, a page of pageSize n holds n+1 transactions (the look-ahead row fetched to know whether a next page exists is not cut)' },
  { name: 'blind3-sattr-key-no-index', requirement: 'ERR-KEY-PREFIX', breaks: 'AddSessionAttributes validation keys leave out the element index (command.SessionAttributes.Value)' },
  { name: 'blind3-enroll-null-optional-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer crashes with 500 when the optional gender or homeNumber is JSON null (upper-casing or formatting a null)' },
  { name: 'blind3-cards-customer-id-repeated-500', requirement: 'GEN-NO-5XX', breaks: 'GetRegisteredCards crashes with 500 when customerId is given twice in the query string (an array where a string was expected)' },
];
