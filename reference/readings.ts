import { switchSet, type SwitchSet } from './switchboard.js';
import { blindReadings } from './readings-blind.js';
import { blind2Readings } from './readings-blind2.js';
import { blind3Readings } from './readings-blind3.js';
import { blind4Readings } from './readings-blind4.js';
import { blind5Readings } from './readings-blind5.js';
import type { Reading } from './reading.js';

export type { Reading } from './reading.js';

/**
 * Conformant alternative readings of the reference. Unlike faults (reference/faults/), a
 * reading breaks no rule: it is another choice that interface.md or decisions.md allows where
 * the reference's default is only one of several. Self-tests switch them on to prove the
 * harness raises no false alarm against a target that chose differently.
 * Code asks `readings.has('name')`.
 * @see decisions.md "harness" column; test/suites/readings.run.test.ts
 */

/** The readings switched on for one running reference. */
export type ReadingSet = SwitchSet;

export const readingCatalogue: readonly Reading[] = [
  { name: 'find-empty-customer-id', decision: 'D8', reads: 'FindCustomer with no match answers 200 {"customerId": ""}' },
  { name: 'session-refused-403', decision: 'D4', reads: 'missing, unknown or mismatched sessionId/deviceId headers are refused with 403 and a JSON error body' },
  { name: 'session-refused-400', decision: 'D4', reads: 'missing, unknown or mismatched sessionId/deviceId headers are refused with 400 and a JSON error body' },
  { name: 'success-no-content', decision: 'D6', reads: 'DeleteCard, AddCustomerAttributes and AddSessionAttributes succeed with 204 and no body' },
  { name: 'success-body-echo', decision: 'D6', reads: 'DeleteCard, AddCustomerAttributes and AddSessionAttributes succeed with 200 and a JSON body {"success": true}' },
  { name: 'media-types-plain', decision: 'D7', reads: 'success bodies are application/json; charset=utf-8 and error bodies application/json' },
  { name: 'decline-problem', decision: 'D15', reads: 'a card authorization failure is a 422 Problem with errorCode CARD_DECLINED' },
  { name: 'duplicate-problem-codes', decision: 'D16', reads: 'a duplicate SSN or e-mail is a 422 Problem with errorCode SSN_IN_USE or EMAIL_IN_USE' },
  { name: 'sattr-missing-token-400', decision: 'D19', reads: 'AddSessionAttributes without SsoToken or with an unknown name is a 400 validation problem' },
  { name: 'cattr-unknown-customer-ok', decision: 'D20', reads: 'AddCustomerAttributes with a CustomerId of no customer succeeds with 200' },
  { name: 'cattr-missing-required-422', decision: 'D20', reads: 'AddCustomerAttributes without the CustomerId or SSN attribute is a 422 Problem' },
  { name: 'history-none', decision: 'D21', reads: 'no customer has any transaction: every history is empty with totalRecords 0' },
  { name: 'paging-plus-one', decision: 'D22', reads: 'a page from a paging reference holds the referenced transaction and the next pageSize older ones (pageSize+1 items)' },
  { name: 'page-size-zero-rejected', decision: 'D23', reads: 'pageSize 0 is a 400 validation problem with key query.pageSize' },
  { name: 'www-authenticate-realm', decision: 'D27', reads: 'partner 401s carry WWW-Authenticate: Bearer realm="partner", error="invalid_token"' },
  { name: 'delete-unknown-404', decision: 'D30', reads: 'DeleteCard of an unknown card is a 404 Problem CARD_NOT_FOUND' },
  { name: 'invalid-json-other-code', decision: 'D30', reads: 'malformed JSON is a 400 Problem with errorCode MALFORMED_REQUEST' },
  { name: 'history-unknown-reference-422', decision: 'D30', reads: 'an accountId that is not the customer\'s card or an unknown paging reference is a 422 Problem' },
  { name: 'version-required', decision: 'D5', reads: 'an omitted apiVersion is a 400 Problem and another value a 404 Problem' },
  { name: 'auth-partner-no-content', decision: 'D3', reads: 'AuthenticatePartner succeeds with 204, the sessionId header and no body' },
  { name: 'problem-type-alt-urls', decision: 'interface.md Errors', reads: 'Problem type URLs name the same RFC sections in another common form (datatracker.ietf.org/doc/html, rfc-editor.org/rfc)' },
  { name: 'detail-without-code', decision: 'interface.md Errors', reads: 'validation detail texts do not end with a parenthesised internal code' },
  { name: 'extra-members', decision: 'interface.md Errors, RFC 7807', reads: 'Problem and success bodies carry extra members (traceId)' },
  { name: 'upper-case-guids', decision: 'interface.md Resources', reads: 'GUIDs the reference assigns are written in upper case' },
  { name: 'sparse-card-after-upsert', decision: 'interface.md Card', reads: 'add-or-update responses carry every Card field but cardId and lastFourDigits as "" or 0' },
  { name: 'timestamps-offset-zero', decision: 'interface.md Resources', reads: 'transaction timestamps are written with +00:00 and fractional seconds instead of Z' },
  { name: 'dob-year-first-only', decision: 'D9', reads: 'dateOfBirth accepts only YYYY-MM-DD and YYYY/MM/DD; month-first forms are rejected' },
  { name: 'dob-short-forms', decision: 'D9', reads: 'dateOfBirth also accepts the 8-character forms MM/DD/YY and MM-DD-YY' },
  { name: 'allow-texts-boolean-only', decision: 'D11', reads: 'allowTexts accepts only JSON booleans; "Y"/"N" are rejected' },
  { name: 'card-lengths-described', decision: 'D12', reads: 'AddOrUpdateCard addressLine1/2 are enforced at 100 and cardToken at 256, the description bounds' },
  { name: 'keys-camel-case', decision: 'D13', reads: 'every validation key is command. or query. plus the camelCase field (command.ssn, command.customerAttributes[0].value)' },
  { name: 'keys-pascal-case', decision: 'D13', reads: 'every validation key is command. or query. plus the PascalCase field, DeleteCard included (command.CardId, query.CustomerId)' },
  { name: 'keys-several-per-field', decision: 'D14', reads: 'each invalid field is named by two validationErrors entries' },
  { name: 'empty-optional-rejected', decision: 'D29', reads: 'an empty string in an optional field whose minimum length is 1 or not given (middleInitial, homeNumber, gender) is a 400 validation error' },
  { name: 'token-missing-scope-invalid-scope', decision: 'D24', reads: 'a token request without scope is answered 400 invalid_scope' },
  { name: 'token-body-client-400', decision: 'D24, RFC 6749 5.2', reads: 'wrong client credentials sent in the form body are answered 400 invalid_client' },
  { name: 'allow-list-close', decision: 'D25', reads: 'requests from outside the allow list are refused by closing the connection' },
  { name: 'tcard-new-token-same-card', decision: 'interface.md States (a token stands in for the card number)', reads: 'a new cardToken with the BIN and last four of a registered tokenized card updates that card instead of adding one' },
  { name: 'sso-token-single-use', decision: 'D18', reads: 'an ssoToken is spent by its first successful AddSessionAttributes; reusing it is 422 INVALID_INFORMATION' },
  { name: 'sso-token-any-issued', decision: 'D18', reads: 'every ssoToken issued in the session stays valid, not only the newest' },
  { name: 'history-total-unfiltered', decision: 'D23', reads: 'totalRecords counts all the customer\'s transactions, whatever the accountId filter' },
  { name: 'history-cash-pickups', decision: 'D21 (a check cashed for pickup names no card)', reads: 'about one transaction in five belongs to no card: empty lastFourDigitsOfCard and cardNickname, in no card\'s filtered history' },
  { name: 'non-json-400', decision: 'D30', reads: 'a request body that is not JSON is a 400 Problem instead of 415' },
  { name: 'cards-newest-first', decision: 'interface.md GetRegisteredCards (order not shown)', reads: 'the card list holds the newest card first' },
  { name: 'hash-id-filled', decision: 'interface.md Card (hashId may be empty), D32', reads: 'hashId carries a SHA-256 of the cardId instead of "", in the card list too' },
  { name: 'tokenized-stars', decision: 'interface.md Card', reads: 'lastFourDigits of a tokenized card is always ****' },
  { name: 'decline-400-legacy', decision: 'D15', reads: 'a card authorization failure is 400 {"ErrorCode", "ErrorMessage"}' },
  { name: 'duplicate-409-legacy', decision: 'D16', reads: 'a duplicate SSN or e-mail is 409 {"ErrorCode", "ErrorMessage"}' },
  { name: 'created-201', decision: 'interface.md EnrollCustomer (success status not shown)', reads: 'EnrollCustomer succeeds with 201 Created' },
  { name: 'token-form-charset-refused', decision: 'interface.md "Authentication" (the form; no D-row on a parameter of its media type, D43 rules on JSON bodies)', reads: 'the token endpoint compares the whole Content-Type: the form with a parameter (; charset=UTF-8) is answered 400 invalid_request' },
  { name: 'token-accepts-json', decision: 'D33', reads: 'the token endpoint also accepts the client-credentials request as a JSON body' },
  { name: 'token-scope-other', decision: 'D34, RFC 6749 3.3', reads: 'the token response grants the scope base instead of the requested scope' },
  { name: 'card-art-png', decision: 'interface.md Card (Base64 PNG image; may be empty)', reads: 'cardArtAsBase64Png carries a base64 1x1 PNG instead of ""' },
  { name: 'timestamps-null-pending', decision: 'D36', reads: 'transactions not yet classified, approved or loaded carry null for those timestamps, and some leave them out' },
  { name: 'card-address-any-characters', decision: 'D35', reads: 'card zip and state accept any characters of the right length (A1B2C, 9Z)' },
  { name: 'decline-own-code', decision: 'D37', reads: 'about one new card number in five is declined with 422 {"ErrorCode": "ISSUER_DECLINED"}, a code of the target\'s own' },
  { name: 'card-number-one-customer', decision: 'D37', reads: 'a card number another customer holds is refused at AddOrUpdateCard with 422 {"ErrorCode": "CARD_HELD_ELSEWHERE"}: one card, one customer' },
  { name: 'card-token-one-customer', decision: 'D37, D45', reads: 'a card token another customer holds is refused at AddOrUpdateTokenizedCard with 422 {"ErrorCode": "TOKEN_HELD_ELSEWHERE"}: one token, one customer' },
  { name: 'delete-foreign-card-noop', decision: 'D30, D45', reads: 'DeleteCard naming another customer\'s card answers 200 {} and removes nothing, as for a card already gone' },
  { name: 'refuse-some-enrolments', decision: 'D37', reads: 'about one SSN in five is refused at EnrollCustomer with 422 {"ErrorCode": "SSN_IN_USE_ELSEWHERE"}, as on a shared sandbox' },
  { name: 'true-false-exact-case', decision: 'D38', reads: 'DirectDeposit and DebitActive take True and False in that letter case only; true or TRUE is a 400 validation error' },
  { name: 'gender-any-case', decision: 'D38', reads: 'gender takes m and f as well as M and F' },
  { name: 'email-at-only', decision: 'D39', reads: 'an e-mail address needs one @ with text on both sides, nothing more: a space or a domain without a dot is accepted' },
  { name: 'preferred-email-any-text', decision: 'D39', reads: 'AddSessionAttributes takes any text as PreferredEmail, which has no documented format' },
  { name: 'timestamps-whole-seconds', decision: 'interface.md Resources (ISO 8601 UTC)', reads: 'transaction timestamps are written without fractional seconds (2024-12-31T10:00:00Z)' },
  { name: 'free-text-trimmed', decision: 'D41', reads: 'free-text fields (no documented format) are stored without the whitespace around them; only whitespace counts as not sent' },
  { name: 'free-text-whitespace-refused', decision: 'D41', reads: 'a free-text value with whitespace before or after it is a 400 validation error naming the field' },
  { name: 'unknown-members-refused', decision: 'D42', reads: 'a body member the operation does not name is a 400 validation error naming the member (AuthenticatePartner excepted)' },
  { name: 'repeated-query-first-wins', decision: 'D42', reads: 'a query parameter given twice is read with its first value and the request served (the query-string side of a repeated name)' },
  { name: 'numbers-within-int32', decision: 'interface.md (no maximum given), D31', reads: 'count and number attribute values past 2147483647 (a 32-bit column) are a 400 validation error naming the value' },
  { name: 'byte-order-mark-accepted', decision: 'D43', reads: 'a UTF-8 byte order mark before a JSON body is ignored; the body is read as without it' },
  ...blindReadings,
  ...blind2Readings,
  ...blind3Readings,
  ...blind4Readings,
  ...blind5Readings,
];

/** A reading name that the catalogue does not hold. */
export class ReadingUnknownError extends Error {
  readonly code = 'READING_UNKNOWN';
  constructor(readonly reading: string, readonly known: readonly string[]) {
    super(`reference reading must be one of ${known.join(', ')}; received ${JSON.stringify(reading)}`);
    this.name = 'ReadingUnknownError';
  }
}

/** Builds the ReadingSet for `names`; an unknown name throws ReadingUnknownError. */
export function readingSet(names: readonly string[] = []): ReadingSet {
  return switchSet(readingCatalogue.map((r) => r.name), names, (name, known) => new ReadingUnknownError(name, known));
}
