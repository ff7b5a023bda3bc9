import type { Reading } from './reading.js';

/**
 * Conformant readings found by a second blind review (round 2): more choices a real Java/Spring,
 * .NET or Node service could make where interface.md or decisions.md leaves the point open,
 * written without knowledge of what the harness checks. Each is guarded by
 * `readings.has('blind2-...')`; the helpers live in reference/blind2/. Grouped in
 * reference/reading-groups.ts (groups blind2-a .. blind2-c).
 */
export const blind2Readings: readonly Reading[] = [
  // Answers, media types and transport (group blind2-a)
  {
    name: 'blind2-method-not-allowed-405', decision: 'D1 ("nothing about the method")',
    reads: 'a partner operation path called with another method is 405 Method Not Allowed with an Allow header and a Problem (as ASP.NET Core and Spring answer), not 404',
  },
  {
    name: 'blind2-done-200-empty', decision: 'D6 ("2xx; a body, if any, is JSON"), D3',
    reads: 'AuthenticatePartner, DeleteCard, AddCustomerAttributes and AddSessionAttributes succeed with 200 and an empty body without a Content-Type, as ASP.NET Ok() writes it',
  },
  {
    name: 'blind2-token-errors-spring', decision: 'D24, RFC 6749 sections 5.1 and 5.2 (error_description and error_uri are OPTIONAL)',
    reads: 'token endpoint answers are application/json;charset=UTF-8 and its errors carry error and error_uri without error_description, as Spring Authorization Server writes them',
  },
  {
    name: 'blind2-gzip', decision: 'interface.md (transport beyond TLS not shown), RFC 9110 section 8.4',
    reads: 'every answer is gzip-compressed (Content-Encoding: gzip, Vary: Accept-Encoding) when the request\'s Accept-Encoding allows gzip, as a gateway with response compression does',
  },
  {
    name: 'blind2-connection-close', decision: 'interface.md (transport beyond TLS not shown), RFC 9112 section 9.6',
    reads: 'every answer carries Connection: close and the server closes the connection after it: no keep-alive',
  },
  {
    name: 'blind2-card-program-filled', decision: 'interface.md Card (cardProgram, terms, issuerType, phone, min and max: values not shown)',
    reads: 'cards carry a card program, showTermsAndConditions true, a terms id, issuerType 2, a program phone and card limits (100, 250000) instead of "" and 0',
  },
  {
    name: 'blind2-sso-token-jwt', decision: 'interface.md AuthenticateOBO (ssoToken: <string>, format not shown)',
    reads: 'the ssoToken is a signed compact JWT (about 275 characters, under the 300 of the SsoToken value) naming the customer, not an opaque random string',
  },
  {
    name: 'blind2-history-declines', decision: 'interface.md Transaction ("Meaning of the numeric codes ... not shown"), D21',
    reads: 'about one transaction in four was declined: statusMessage Declined, a non-zero declineReasonCode with its message, and loadAmount 0',
  },
  {
    name: 'blind2-timestamps-min-value', decision: 'D36 (every other timestamp, where present and not null, is an ISO 8601 UTC date-time)',
    reads: 'events that have not happened yet carry 0001-01-01T00:00:00Z (the DateTime.MinValue of a non-nullable column) instead of a later time',
  },
  // Inputs (group blind2-b)
  {
    name: 'blind2-email-alias-ignored', decision: 'D10 (the key sent is a profile setting, default emailAddress), D42',
    reads: 'EnrollCustomer reads emailAddress only; an email member is an unknown member and ignored',
  },
  {
    name: 'blind2-null-refused', decision: 'D40 (JSON null for an optional field: open, a refusal names the field)',
    reads: 'a member sent as JSON null is a 400 validation error naming it, as a non-nullable binder refuses it, optional members included',
  },
  {
    name: 'blind2-free-text-latin1', decision: 'D40 (characters outside printable ASCII in free text: accepted or refused)',
    reads: 'free-text fields take printable Latin-1 only (a legacy varchar column); other characters (emoji, CJK, control characters) are a 400 validation error naming the field',
  },
  {
    name: 'blind2-body-not-object', decision: 'D30 (a body that is not what the operation reads: unspecified)',
    reads: 'a JSON body that is not an object (array, string, number, true, false, null) is a 400 Problem INVALID_BODY instead of a validation problem of every required field (AuthenticatePartner aside)',
  },
  {
    name: 'blind2-duplicate-members-refused', decision: 'D42 (a member name given twice: ignoring or refusing as INVALID_JSON)',
    reads: 'a JSON object that names a member twice is refused as 400 INVALID_JSON, as a strict parser (Jackson STRICT_DUPLICATE_DETECTION) does',
  },
  {
    name: 'blind2-json-media-types-wide', decision: 'D30, D43 (application/json is JSON; other JSON media types not ruled on)',
    reads: 'request bodies typed text/json or application/*+json are read as JSON too, as ASP.NET Core\'s JSON input formatter does',
  },
  {
    name: 'blind2-page-size-whitespace', decision: 'D41 (pageSize with surrounding whitespace: only the generic contract)',
    reads: 'pageSize is parsed as int.Parse does: whitespace around the digits is allowed (" 5 " is 5)',
  },
  {
    name: 'blind2-amount-five-digits', decision: 'interface.md AddCustomerAttributes ("Format DDDDD.CC"; fewer digits not asserted)',
    reads: 'amount attributes take DDDDD.CC literally: exactly five digits, a point and two (00012.50); 12.50 is a 400 validation error naming the value',
  },
  {
    name: 'blind2-email-strict', decision: 'D39 (any stricter rule than one @ is not asserted)',
    reads: 'e-mail addresses (emailAddress, PreferredEmail) must be a dot-atom local part of at most 64 characters and a domain of at least two dot-separated labels of letters, digits and hyphens',
  },
  {
    name: 'blind2-decimal-lenient', decision: 'D31 (digits with an optional decimal part; only letters, signs, other separators and empty are violations)',
    reads: 'TransactionsPerMonth is parsed as decimal.Parse does: .5 and 2. are accepted as 0.5 and 2',
  },
  // Business rules, scope and access (group blind2-c)
  {
    name: 'blind2-token-clock-skew', decision: 'D2, RFC 7519 section 4.1.4 ("some small leeway, usually no more than a few minutes")',
    reads: 'access tokens are verified with a clock skew of 300 seconds, the .NET JwtBearer default: a token expired less than five minutes ago is still accepted',
  },
  {
    name: 'blind2-version-ignored', decision: 'D5 (omitted or another value: unspecified)',
    reads: 'a single-version service: any apiVersion value, header or query, is served as version 1',
  },
  {
    name: 'blind2-token-scope-client-wide', decision: 'D34, RFC 6749 section 3.3 (the server may ignore the requested scope)',
    reads: 'a token grants every scope the client is registered for, whatever known scope was requested, and its scope member lists them all',
  },
  {
    name: 'blind2-delete-returns-cards', decision: 'D6 (success body of DeleteCard not shown)',
    reads: 'DeleteCard succeeds with 200 {"cards": [...]}, the customer\'s remaining registered cards',
  },
  {
    name: 'blind2-page-size-zero-empty', decision: 'D23 (pageSize 0 not asserted)',
    reads: 'pageSize 0 is read literally (SQL TOP 0): the page is empty and totalRecords still counts the matching transactions',
  },
  {
    name: 'blind2-cattr-ssn-must-match', decision: 'D37, D20',
    reads: 'AddCustomerAttributes whose SSN attribute is not the SSN of the customer named by CustomerId is refused with 422 {"ErrorCode": "SSN_MISMATCH", "ErrorMessage"}',
  },
  {
    name: 'blind2-enroll-ofac', decision: 'D37, interface.md EnrollCustomer (countryOfOrigin "used for optional OFAC checking")',
    reads: 'EnrollCustomer with a countryOfOrigin under comprehensive US sanctions (CU, IR, KP, SY or their names) is refused with 422 {"ErrorCode": "OFAC_REVIEW", "ErrorMessage"}',
  },
  {
    name: 'blind2-tcard-bin-network', decision: 'interface.md AddOrUpdateTokenizedCard (422 BAD_REQUEST "when the account is not allowed in the network"), D15, D37',
    reads: 'a cardBin whose first digit names no payment network (0, 1, 7, 8, 9; ISO/IEC 7812) is not allowed in the network: 422 BAD_REQUEST',
  },
  {
    name: 'blind2-foreign-card-403', decision: 'D45 ("how it is refused follows D30"), D30',
    reads: 'DeleteCard, or GetTransactionHistory\'s accountId, naming another customer\'s card is a 403 Problem CARD_NOT_OWNED (nothing is removed or listed)',
  },
];
