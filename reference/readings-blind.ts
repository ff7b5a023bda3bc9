import type { Reading } from './reading.js';

/**
 * Conformant readings found by a blind review: other choices a real service could make where
 * interface.md or decisions.md leaves the point open, written without knowledge of what the
 * harness checks. Each is guarded by `readings.has('blind-...')` in the reference code, and
 * grouped in reference/reading-groups.ts (groups blind-a .. blind-d).
 */
export const blindReadings: readonly Reading[] = [
  // Error shapes and wording (group blind-a)
  {
    name: 'blind-type-rfc9110-undocumented', decision: 'interface.md Errors (type: "a URL that refers to an RFC section")',
    reads: 'Problems whose row documents no RFC section (NO_LINKED_ACCOUNT, BAD_REQUEST, INVALID_INFORMATION, 403, 404, 415, 422 CARD_NOT_FOUND) name the RFC 9110 section of their status',
  },
  {
    name: 'blind-legacy-numeric-codes', decision: 'D15, D16 (AddSessionAttributes "returns a non-zero ErrorCode")',
    reads: 'legacy refusals carry ErrorCode as a non-zero integer (1001, 2001...), and the 422 INVALID_INFORMATION Problem also carries a numeric ErrorCode and an ErrorMessage',
  },
  {
    name: 'blind-success-error-code-zero', decision: 'D6 (failure is "a non-zero ErrorCode")',
    reads: 'DeleteCard, AddCustomerAttributes and AddSessionAttributes succeed with 200 {"ErrorCode": 0, "ErrorMessage": ""}; EnrollCustomer and the add-or-update card successes carry the same two members besides their documented ones',
  },
  {
    name: 'blind-errors-object-filled', decision: 'interface.md Errors (errors: "object, empty in observed cases")',
    reads: 'the errors object of a validation problem maps each key to its messages, as ASP.NET model state does',
  },
  {
    name: 'blind-validation-messages-reworded', decision: 'D14, interface.md Errors (messages and order not fixed)',
    reads: 'validation messages use FluentValidation wording (\'Gender\' must be 1 characters or fewer.) and validationErrors lists the fields in reverse order',
  },
  {
    name: 'blind-problem-detail-wording', decision: 'interface.md AuthenticatePartner, AddSessionAttributes, Errors (detail "ends with a parenthesised internal code" for some errors)',
    reads: 'Problem details are worded otherwise (the application is not authorised to connect; the following fields are invalid: \'A\', \'B\') and every Problem detail ends with a parenthesised internal code',
  },
  {
    name: 'blind-unknown-customer-422', decision: 'interface.md Errors ("Complete list of error codes: not shown")',
    reads: 'GetRegisteredCards, GetTransactionHistory and DeleteCard with a customerId of no customer answer 422 CUSTOMER_NOT_FOUND instead of an empty list or CARD_NOT_FOUND',
  },
  // Input strictness and leniency (group blind-b)
  {
    name: 'blind-ssn-structure', decision: 'interface.md FindCustomer, EnrollCustomer ("9-digit SSN or ITIN")',
    // Not the SSN customer attribute: "9 digits, no spaces or dashes" has no issuance rule (D37: a 400 to a valid value is a failure).
    reads: 'the ssn of FindCustomer and EnrollCustomer must be one the SSA could issue (area not 000, 666 or 9xx, group not 00, serial not 0000) or an ITIN (9xx with group 50-65, 70-88, 90-92, 94-99); others are 400',
  },
  {
    // A 400 validation answer would refuse a valid payload (D37: the document asks no checksum); the issuer's decline is the allowed way.
    name: 'blind-card-number-luhn', decision: 'D15, D37 (interface.md AddOrUpdateCard "Unformatted card number"; ISO/IEC 7812)',
    reads: 'a new cardNumber whose Luhn check digit is wrong fails authorization: 422 {"ErrorCode": "INVALID_CARD_NUMBER", "ErrorMessage"}, as an issuer declines it',
  },
  {
    name: 'blind-dates-calendar-checked', decision: 'D9, interface.md AddCustomerAttributes (MM-DD-YYYY)',
    reads: 'dateOfBirth, CardIssueDate and LastDebitPurchaseDate must name a real calendar day (no 02-30, no month 13), and a dateOfBirth must not lie in the future; otherwise 400',
  },
  {
    name: 'blind-unknown-members-rejected', decision: 'interface.md Endpoints (members other than the listed fields: not shown)',
    reads: 'a JSON body member that the operation\'s table does not list (the email alias of D10 excepted) is a 400 validation error naming it; AuthenticatePartner is not affected',
  },
  {
    name: 'blind-trim-free-text', decision: 'interface.md EnrollCustomer, AddOrUpdateCard (Required: yes; content of free text not shown)',
    reads: 'free-text fields are trimmed before they are stored (a nickname comes back without surrounding spaces), and a required one holding only whitespace is refused as missing, as .NET [Required] does; lengths are checked on the value sent',
  },
  {
    name: 'blind-allow-texts-lenient', decision: 'D11',
    reads: 'allowTexts also accepts the string forms true/false, yes/no, y/n, t/f and 1/0 in any letter case',
  },
  // Business rules and state (group blind-c)
  {
    name: 'blind-expired-card-declined', decision: 'D15, D37, interface.md States ("Address verification and similar checks run")',
    reads: 'a card number whose expirationMonthYear lies in the past fails authorization: 422 {"ErrorCode": "CARD_EXPIRED"} and the card is flagged invalid',
  },
  {
    name: 'blind-enroll-adults-only', decision: 'D37',
    reads: 'EnrollCustomer refuses a customer younger than 18 with 422 {"ErrorCode": "UNDERAGE", "ErrorMessage"}',
  },
  {
    name: 'blind-email-exact-duplicates', decision: 'D16, RFC 5321 section 2.4 (the local part may be case-sensitive)',
    reads: 'duplicate e-mail addresses are compared with an exact local part and a case-insensitive domain: Ann@x.test and ann@x.test are two addresses',
  },
  {
    name: 'blind-delete-idempotent', decision: 'D30',
    reads: 'DeleteCard of a cardId that names no card (never added, or already deleted) succeeds as if it had been deleted',
  },
  {
    name: 'blind-cards-by-id-order', decision: 'interface.md GetRegisteredCards (order not shown)',
    reads: 'the card list is ordered by cardId, as an index would return it, not by the order the cards were added',
  },
  {
    name: 'blind-history-keeps-deleted-cards', decision: 'D21',
    reads: 'the transactions of a deleted card stay in the customer\'s history (and under its accountId): deleting a card does not erase what happened',
  },
  {
    name: 'blind-timestamps-seven-digits', decision: 'interface.md Resources (ISO 8601 date-times in UTC)',
    reads: 'transaction timestamps carry seven fractional digits, as .NET writes a UTC DateTime (2024-12-31T10:00:00.0000000Z)',
  },
  {
    name: 'blind-session-id-opaque', decision: 'D3, interface.md Session (sessionId: "Session identifier", no type)',
    reads: 'the sessionId is an opaque 67-character token (ps_ and base64url), not a GUID, and AuthenticatePartner also returns it in a JSON body {"sessionId"}',
  },
  // Token, scope, version, unlisted errors (group blind-d)
  {
    name: 'blind-insufficient-scope-403', decision: 'D2, RFC 6750 section 3.1',
    reads: 'a valid access token without the partner scope gets 403 with WWW-Authenticate: Bearer error="insufficient_scope" instead of 401',
  },
  {
    name: 'blind-version-aspnet', decision: 'D5',
    reads: 'apiVersion 1.0 selects version 1 as 1 does; every API answer carries api-supported-versions: 1.0; another value is a 400 Problem UnsupportedApiVersion',
  },
  {
    name: 'blind-token-at-jwt', decision: 'interface.md Access token (access_token: string (JWT)), RFC 9068',
    reads: 'the access token is a JWT typed at+jwt (RFC 9068) with iss, aud and client_id claims beside sub and scope',
  },
  {
    name: 'blind-unlisted-errors-legacy', decision: 'D4, D30 (the Errors part also shows the ErrorCode/ErrorMessage shape)',
    reads: 'errors the Errors table does not list (session refusals, malformed JSON, non-JSON body, unknown card, unknown route, unknown apiVersion) are answered {"ErrorCode", "ErrorMessage"} as application/json',
  },
];
