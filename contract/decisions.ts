import type { VariableName } from './profile-variables.js';

/**
 * The decision register: every point the interface leaves open or states twice, what the
 * embedded reference does about it, and the most the harness asserts against any target.
 * Requirements and fields name these ids (`decisions: ['D8']`); docs/decisions.md is printed
 * from this table (`npm run docs`), so the register and the checks cannot drift apart.
 */
export type DecisionKind = 'ambiguous' | 'unspecified' | 'contradictory' | 'standard';

export interface Decision {
  readonly id: string;
  /** The open question, in one line. */
  readonly point: string;
  /** ambiguous: two readings are shown; unspecified: nothing is shown; contradictory: two statements disagree; standard: an RFC fills the gap. */
  readonly kind: DecisionKind;
  /** What the embedded reference does when no reading is switched on. */
  readonly reference: string;
  /** The most any check may demand of a target; anything beyond is never failed. */
  readonly asserts: string;
  /** Profile variables through which a user tells the harness what the target chose. */
  readonly settings?: readonly VariableName[];
}

const d = (id: string, kind: DecisionKind, point: string, reference: string, asserts: string, settings?: VariableName[]): Decision =>
  ({ id, kind, point, reference, asserts, ...(settings ? { settings } : {}) });

export const decisions: readonly Decision[] = [
  d('D1', 'unspecified', 'Which HTTP method each partner operation uses',
    'GetRegisteredCards and GetTransactionHistory are GET with a query string (their keys are query.*); every other operation is POST with JSON',
    'Nothing about the method itself; the method per operation is a setting', ['TARGET_METHODS']),
  d('D2', 'unspecified', 'How a partner call carries its access token',
    'An Authorization: Bearer header on every partner call, AuthenticatePartner included',
    'A call with no token, a malformed one or an expired one gets 401 (RFC 6750)'),
  d('D3', 'unspecified', 'What AuthenticatePartner takes as input',
    'A JSON body with a deviceId of 1 to 100 characters; success is 200 with a sessionId response header',
    'Success carries a non-empty sessionId header; a denied client gets the 401 UNAUTHORIZED Problem', ['TARGET_DEVICE_ID']),
  d('D4', 'unspecified', 'Status for a missing, unknown or mismatched sessionId or deviceId header',
    '401 Problem UNAUTHORIZED',
    'Any 4xx with a JSON error body; never a success'),
  d('D5', 'ambiguous', 'Where apiVersion goes, and what an absent or unknown version does',
    'Header and query string both select version 1; absent means 1; any other value is a 400 Problem',
    'Version 1 by header and by query string are both served; absent or other values are not judged', ['TARGET_API_VERSION_IN']),
  d('D6', 'unspecified', 'Success body of DeleteCard, AddCustomerAttributes and AddSessionAttributes',
    '200 with an empty JSON object',
    'A 2xx; if there is a body, it is JSON'),
  d('D7', 'unspecified', 'Media type of bodies',
    'application/json on success, application/problem+json on errors',
    'A body is labelled with a JSON media type (either of the two, parameters allowed) and parses'),
  d('D8', 'ambiguous', 'FindCustomer when nobody matches: an empty customerId or 422 CUSTOMER_NOT_FOUND',
    '422 CUSTOMER_NOT_FOUND',
    'Either answer; the report names the one the target gave'),
  d('D9', 'contradictory', 'dateOfBirth: "exactly 10 characters" next to 8-character month-first formats',
    'Takes YYYY-MM-DD, YYYY/MM/DD, MM-DD-YYYY and MM/DD/YYYY; refuses every other length',
    'Valid cases send YYYY-MM-DD or YYYY/MM/DD; lengths other than 8 and 10 must be refused; month-first forms are never judged'),
  d('D10', 'contradictory', 'E-mail key: emailAddress in the table, email in the example',
    'Reads emailAddress, and email as an alias',
    'The key sent is a setting (emailAddress unless told otherwise)', ['TARGET_EMAIL_KEY']),
  d('D11', 'contradictory', 'allowTexts: a 1-character string in the table, a boolean in the example',
    'Takes true/false and "Y"/"N"',
    'Valid cases send a boolean; string forms are never judged'),
  d('D12', 'contradictory', 'AddOrUpdateCard address lines 50 vs 100, cardToken 255 vs 256',
    'Enforces the smaller bounds, 50 and 255',
    'Values up to the larger bound are not judged; values above it must be refused'),
  d('D13', 'contradictory', 'Casing of validation keys (command.Gender next to command.cardId)',
    'command. + PascalCase for body fields (camelCase for DeleteCard), query. + camelCase for query fields, [i] for list items',
    'The command./query. prefix and the [i] form exactly; the field name ignoring case unless strict casing is asked for', ['TARGET_STRICT_KEY_CASE']),
  d('D14', 'unspecified', 'Several invalid fields in one request',
    'At least one validationErrors entry for each invalid field',
    'Every invalid field is named and no valid one is'),
  d('D15', 'unspecified', 'Shape and codes of a card authorization failure',
    '422 with ErrorCode and ErrorMessage; declines the configured declined card number',
    'A 4xx with an error code and a message, in that legacy shape or as a Problem errorCode', ['TARGET_DECLINED_CARD_NUMBER']),
  d('D16', 'unspecified', 'Codes for a duplicate SSN or e-mail at EnrollCustomer',
    '422 with ErrorCode DUPLICATE_SSN or DUPLICATE_EMAIL and an ErrorMessage',
    'As D15'),
  d('D17', 'unspecified', 'What a "linked account" is',
    'A customer has one as soon as a card is registered',
    'Before any card AuthenticateOBO gets 422 NO_LINKED_ACCOUNT; after a card it returns an ssoToken'),
  d('D18', 'unspecified', 'Whether an ssoToken can be used more than once',
    'The newest ssoToken of the session keeps working for AddSessionAttributes',
    'Nothing about reuse'),
  d('D19', 'unspecified', 'How AddSessionAttributes refuses bad input',
    '422 INVALID_INFORMATION naming the field, for every refusal',
    '422 INVALID_INFORMATION for invalid values and for both filters at once; a missing SsoToken or unknown name: any 4xx with a JSON error body'),
  d('D20', 'unspecified', 'How AddCustomerAttributes refuses bad input',
    '400 keyed on the item (Name or Value) or on the list; 422 CUSTOMER_NOT_FOUND for an unknown CustomerId',
    'The documented lengths and value formats; without a CustomerId or SSN attribute, any 4xx with a JSON error body'),
  d('D21', 'unspecified', 'Where transactions come from (no operation creates them)',
    'Each card gets a fixed synthetic history of 0 to 45 transactions',
    'Invariants only (order, page bounds, continuity, filter, totals); no history makes them not covered, never passed'),
  d('D22', 'ambiguous', 'Paging: "it and the next pageSize older" is pageSize or pageSize+1 items',
    'At most pageSize items, the referenced one first',
    'At most pageSize+1 items, the referenced one first; the report names the reading seen'),
  d('D23', 'ambiguous', 'pageSize 0, and what totalRecords counts',
    '0 means the default of 20; totalRecords counts every match of the filter',
    'pageSize 1 to 10 honoured, negative or above 10 refused on query.pageSize, 0 not judged; totalRecords equal on every page and not below what was paged'),
  d('D24', 'standard', 'Token endpoint errors (RFC 6749 section 5.2)',
    '400 invalid_request, unsupported_grant_type or invalid_scope; 401 invalid_client',
    'An RFC 6749 error JSON whose error code is one of section 5.2'),
  d('D25', 'unspecified', 'How the allow list refuses an address',
    '403 Problem FORBIDDEN, or the connection is refused',
    'Probed only when the run has a source address off the list', ['TARGET_PROBE_SOURCE_ADDRESS']),
  d('D26', 'unspecified', 'Transport security',
    'HTTPS only, TLS 1.2 or later, a certificate from its own CA',
    'A TLS 1.0/1.1 handshake fails; plain HTTP is not served', ['TARGET_CA_FILE']),
  d('D27', 'standard', 'WWW-Authenticate on 401 (required by the RFC the 401 type URL names)',
    'Bearer on partner calls; Basic realm on invalid_client when Basic credentials were sent',
    'A 401 carries a WWW-Authenticate header'),
  d('D28', 'contradictory', 'A length column looser than the field format (ssn, state, cardBin, cardToken)',
    'A valid value meets both; the format is enforced and a required field refuses empty',
    'Breaking the format is a violation; lengths only the looser column allows are never sent as valid'),
  d('D29', 'unspecified', 'An empty string in an optional field',
    'Treated as if the field were absent',
    'Nothing'),
  d('D30', 'unspecified', 'Errors missing from the Errors table (unknown card, foreign account, malformed JSON, a non-JSON body)',
    '422 CARD_NOT_FOUND, an empty page, 400 INVALID_JSON, 415',
    'Never 5xx; a 4xx carries a JSON error body'),
  d('D31', 'contradictory', 'TransactionsPerMonth is "a number, averaged over cards" while other counts are whole',
    'Takes whole and decimal numbers',
    'Digits with at most one decimal part are valid; letters, signs, other separators and empty are violations'),
  d('D32', 'unspecified', 'hashId "may be empty" and only add-or-update returns it',
    'Present, maybe empty, on add-or-update; absent from GetRegisteredCards',
    'Cards of GetRegisteredCards may leave hashId out; where present it is a string'),
  d('D33', 'unspecified', 'Token request encodings other than the documented form',
    'Only form encoding; anything else is 400 invalid_request',
    'The harness sends the form; a server that accepts more is not failed'),
  d('D34', 'standard', 'The scope granted in the token response',
    'Exactly the scope requested',
    'scope is present and not empty; it may differ from the one requested (RFC 6749 section 3.3)'),
  d('D35', 'unspecified', 'zip and state of the two add-or-update card operations (lengths only)',
    'The EnrollCustomer rules: 5 digits, a state code',
    'Lengths only: a zip not 5 long, a state empty or longer than 2 are violations; characters are not judged'),
  d('D36', 'unspecified', 'Timestamps of transaction events that have not happened yet',
    'Every timestamp filled in',
    'createdOn is an ISO 8601 UTC date-time; other timestamps, where present and not null, are too'),
  d('D37', 'unspecified', 'A valid generated payload refused for a business reason the harness cannot foresee',
    'Only the configured declined card and real duplicates are refused',
    'A D15/D16-shaped refusal is observed, not failed; a 400 or 5xx to a valid payload fails; all valid cases refused is not covered'),
  d('D38', 'ambiguous', 'Letter case of enumerated values the document writes one way: "True or False", gender "M or F"',
    'True/False in any letter case (as common boolean parsers read them); gender M and F only',
    'True/False and M/F are valid; a value that is none of the words or letters in any case (1, 0, yes, Y, Tru, X, empty) is a violation; letter case alone is observed, never failed or passed'),
  d('D39', 'ambiguous', 'What makes an e-mail address valid beyond "containing @" (PreferredEmail has no format at all)',
    'One @ with a non-empty local part and domain, no whitespace',
    'No @, more than one @, or nothing before or after it is a violation; anything stricter (whitespace, dots, lengths of the parts) is observed at most; PreferredEmail is not judged'),
  d('D40', 'unspecified', 'Values the document neither allows nor forbids: characters beyond printable ASCII in free-text fields, JSON null for an optional field',
    'Accepted (null counts as not sent)',
    'The generic contract only: never 5xx, a 4xx carries a JSON error body and a validation answer names the field; acceptance or refusal is observed'),
  d('D41', 'unspecified', 'Whitespace and non-ASCII characters around or inside string values of a fixed format (digits-only strings, GUIDs, dates, MMYY, amounts and counts in attribute values), and around free text',
    'A formatted string is checked as sent: surrounding whitespace or a digit outside ASCII 0-9 breaks the format; free text is stored as sent',
    'In a fixed-format string field, surrounding whitespace or non-ASCII digits is a violation (400 naming the field); around free text, trimming, keeping or refusing is open (generic contract only); pageSize with whitespace and e-mail addresses (D39) are generic contract only'),
  d('D42', 'unspecified', 'Request members the document does not name, and a member name given twice in one JSON object',
    'Ignored (of two duplicates the last counts, as common JSON parsers do)',
    'Ignoring or refusing (400 naming the member, or INVALID_JSON) are both conformant; only the generic contract: never 5xx, a 4xx carries a JSON error body'),
  d('D43', 'unspecified', 'Media type and encoding of a JSON request body',
    'application/json with or without parameters (charset=utf-8, any letter case) is JSON; a UTF-8 byte order mark before the body is refused as INVALID_JSON',
    'A valid payload sent as application/json; charset=utf-8 is served exactly as without the parameter (RFC 8259 section 11, RFC 9110 section 8.3.1); a body with a byte order mark may be accepted or refused with 400, never 5xx'),
  d('D44', 'unspecified', 'Two writes sent at the same time (two identical EnrollCustomer, two identical AddOrUpdateCard, a DeleteCard repeated)',
    'Handled one after the other',
    'The outcome is one some serial order of the same requests gives: one customer per SSN and per e-mail (the other refused as D16), one card for identical card data (the same cardId), a repeated DeleteCard answered as D30, never 5xx'),
  d('D45', 'unspecified', "A customer's resources named with another customer's id (a cardId, a card number or token another customer holds, an AccountIdFilter value)",
    'Treated as unknown for that customer (the D30 answer); never read, changed, removed or listed',
    "Another customer's card is never changed, removed, listed or accepted as a filter through a request that names this customer (Card.customerId is the owner); how it is refused follows D30"),
  d('D46', 'unspecified', 'Source address and the allow list on every operation, and forwarding headers',
    'Every operation, token endpoint included, checks the connection\'s own address; X-Forwarded-For or Forwarded sent by the client change nothing',
    'The allow list is asserted on every operation where the run has an address off the list (D25); from that address a request with a forwarding header naming an allowed address is refused like one without'),
];

export function decision(id: string): Decision {
  const found = decisions.find((x) => x.id === id);
  if (!found) throw new Error(`contract: unknown decision ${id}`);
  return found;
}
