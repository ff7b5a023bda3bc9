import type { Field, Operation, Severity } from './types.js';
import { operations, type OperationCode, type OperationRow } from './operations.js';
import { errorRows } from './errors.js';
import { transitions } from './states.js';
import { upperKebab } from './keys.js';
import type { FieldRequirementIdOf, FieldRuleKind } from './field-requirement-ids.js';

export type { FieldRuleKind } from './field-requirement-ids.js';

/** A traceable rule: every check result names one; the report has a row for each. */
export interface Requirement {
  readonly id: string;
  readonly section: string;
  readonly severity: Severity;
  readonly text: string;
  readonly operation?: string;
  readonly decisions?: readonly string[];
}

/**
 * A field rule's id: exactly the (operation, field, rule) combinations the field tables define, so
 * a misspelt field, another operation's field or a rule the field lacks does not compile.
 */
export type FieldRequirementId = FieldRequirementIdOf<OperationRow>;
/** An operation's success row. */
export type SuccessRequirementId = `${OperationCode}-${'SUCCESS'}`;

/** Built from any operation and field (extensions too): one the tables do not define gets an id no row has. */
export function fieldRequirementId(op: Operation, field: Field, kind: FieldRuleKind): FieldRequirementId {
  return `${op.code}-${upperKebab(field.name)}-${kind}` as FieldRequirementId;
}

export function successRequirementId(op: Operation): SuccessRequirementId {
  return `${op.code}-SUCCESS` as SuccessRequirementId;
}

function fieldRequirements(op: Operation, field: Field): ContractRequirement[] {
  const base = { section: op.section, operation: op.id, ...(field.decisions ? { decisions: field.decisions } : {}) };
  const out: ContractRequirement[] = [];
  const add = (kind: FieldRuleKind, text: string, severity: Severity = 'documented') =>
    out.push({ id: fieldRequirementId(op, field, kind), severity, text, ...base });
  if (field.required) add('REQUIRED', `${field.name} is required`);
  // A query string carries text: only an Int can be sent as the wrong type there.
  if (field.in === 'body' || field.type === 'int') add('TYPE', `${field.name} is of type ${field.type}`);
  // A length rule exists where a value can break it: a positive minimum or a maximum.
  if ((field.minLength ?? 0) > 0 || field.maxLength !== undefined || field.attributes)
    add('LENGTH', `${field.name} length ${field.minLength ?? '-'}..${field.maxLength ?? '-'}`);
  if (field.format || field.attributes) add('FORMAT', `${field.name} format: ${field.format ?? 'allowed attribute names and value formats'}`);
  if (field.range) add('RANGE', `${field.name} in ${field.range.min}..${field.range.max}`);
  return out;
}

const r = <const Id extends string>(id: Id, section: string, severity: Severity, text: string, decisions?: string[]) =>
  ({ id, section, severity, text, ...(decisions ? { decisions } : {}) });

/** Rules that hold across operations (Errors, Authentication, Versioning, Limits); their ids are written here only. */
const generalRows = [
  r('GEN-NO-5XX', 'Errors', 'unspecified', 'no request is answered with a 5xx status'),
  r('GEN-JSON-BODY', 'Errors', 'documented', 'every body is JSON with a JSON media type', ['D7']),
  r('GEN-VALID-ACCEPTED', 'Endpoints', 'documented', 'a valid payload is never rejected with 400'),
  r('ERR-PROBLEM-SHAPE', 'Errors', 'documented', 'Problem bodies carry type, title, status, detail, instance, errorCode'),
  r('ERR-VALIDATION-SHAPE', 'Errors', 'documented', 'validation problems carry errors, type, title, status, detail, instance, validationErrors'),
  r('ERR-TYPE-URL', 'Errors', 'documented', '`type` is a URL naming the RFC section documented for the status'),
  r('ERR-TITLE-CODE', 'Errors', 'documented', '`title` and `errorCode` as the Errors table says'),
  r('ERR-STATUS-MEMBER', 'Errors', 'standard', 'body `status` equals the HTTP status (RFC 7807)'),
  r('ERR-INSTANCE', 'Errors', 'documented', '`instance` is the request path'),
  r('ERR-KEY-PREFIX', 'Errors', 'documented', 'validation keys use command. for body fields, query. for query fields, [index] for array elements', ['D13']),
  r('ERR-JSON-BODY', 'Errors', 'documented', 'an error answer (4xx) carries a non-empty JSON body with a JSON media type ("Error bodies are JSON")', ['D2', 'D30']),
  r('ERR-KEYS-COMPLETE', 'Errors', 'documented', 'every invalid field is named and no valid field is blamed', ['D14']),
  r('SESSION-REQUIRED', 'Endpoints', 'documented', 'every operation but AuthenticatePartner is refused without a valid sessionId', ['D4']),
  r('SESSION-DEVICE-MATCH', 'Endpoints', 'documented', 'deviceId must equal the one used at AuthenticatePartner', ['D4']),
  r('SESSION-DEVICE-REQUIRED', 'Endpoints', 'documented', 'every operation but AuthenticatePartner is refused without the deviceId header', ['D4']),
  r('AUTH-SESSION-HEADER', 'AuthenticatePartner', 'documented', 'AuthenticatePartner success returns a non-empty sessionId header', ['D3']),
  r('TOKEN-ISSUED', 'Authentication', 'documented', 'the token endpoint issues tokens for the documented scopes, by Basic header and by form body'),
  r('TOKEN-SHAPE', 'Authentication', 'documented', 'access_token (JWT), expires_in 3600, token_type Bearer, a non-empty granted scope', ['D34']),
  r('TOKEN-NO-STORE', 'Authentication', 'standard', 'a response carrying a token has Cache-Control: no-store (RFC 6749 section 5.1)'),
  r('TOKEN-ERRORS', 'Authentication', 'standard', 'token errors are RFC 6749 section 5.2 JSON', ['D24']),
  r('TOKEN-FORM-ONLY', 'Authentication', 'unspecified', 'the harness sends the documented form; what a JSON body gets is observed, not asserted', ['D33']),
  r('TOKEN-REUSE', 'Authentication', 'documented', 'one token serves consecutive calls'),
  r('BEARER-REQUIRED', 'Authentication', 'standard', 'a call without a valid bearer token is refused with 401', ['D2']),
  r('BEARER-WWW-AUTHENTICATE', 'Errors', 'standard', 'a 401 carries a WWW-Authenticate header', ['D27']),
  r('TLS-MINIMUM', 'Authentication', 'documented', 'TLS 1.2 or later; an older handshake fails', ['D26']),
  r('HTTPS-ONLY', 'Authentication', 'documented', 'plain HTTP is not served', ['D26']),
  r('ALLOW-LIST', 'Authentication', 'documented', 'calls from an address off the allow list are refused', ['D25']),
  r('VERSION-HEADER', 'Versioning', 'documented', 'apiVersion 1 selected by header', ['D5']),
  r('VERSION-QUERY', 'Versioning', 'documented', 'apiVersion 1 selected by query string', ['D5']),
  r('NO-SECRET-ECHO', 'Resources and their fields', 'documented', 'no card number, card token, SSN or client secret sent appears in a response'),
  r('CARDS-SHAPE', 'Resources and their fields', 'documented', 'cards carry every Card field with its type; expirationMonthYear is MMYY'),
  r('HISTORY-SHAPE', 'Resources and their fields', 'documented', 'transactions carry every Transaction field with its type; timestamps ISO 8601 UTC'),
  r('HISTORY-ORDER', 'GetTransactionHistory', 'documented', 'the most recent transactions come first', ['D21']),
  r('HISTORY-PAGE-SIZE', 'GetTransactionHistory', 'documented', 'by default the 20 most recent; pageSize 1-10 honoured', ['D23']),
  // What both D22 readings share is documented: the referenced transaction first, then the older ones without gap.
  r('HISTORY-PAGING', 'GetTransactionHistory', 'documented', 'paging starts at the referenced transaction and goes on with the older ones, without gap or duplicate', ['D22']),
  r('HISTORY-ACCOUNT-FILTER', 'GetTransactionHistory', 'documented', 'accountId limits history to that card'),
  // Every D23 reading of totalRecords (all records of the filter, or of the customer) is stable and counts what was paged.
  r('HISTORY-TOTAL', 'GetTransactionHistory', 'documented', 'totalRecords stable across pages and not below what was paged', ['D23']),
  r('FIND-NOT-FOUND', 'FindCustomer', 'ambiguous', 'no match: empty customerId or 422 CUSTOMER_NOT_FOUND', ['D8']),
  r('FIND-ENROLLED', 'FindCustomer', 'documented', 'FindCustomer finds an enrolled customer'),
  // Both readings of D8 agree that a lookup whose date of birth matches no customer names nobody.
  r('FIND-EVERY-KEY', 'FindCustomer', 'documented', 'FindCustomer names a customer only when both the SSN and the date of birth match'),
  r('ENROLL-DUPLICATE', 'EnrollCustomer', 'documented', 'duplicate SSN or e-mail returns an ErrorCode and ErrorMessage', ['D16']),
  r('CARD-AUTH-FAILURE', 'AddOrUpdateCard', 'documented', 'authorization failure returns an ErrorCode and ErrorMessage', ['D15']),
  r('TCARD-DENIED-BIN', 'AddOrUpdateTokenizedCard', 'documented', 'a BIN not allowed in the network: 422 BAD_REQUEST'),
  r('OBO-LINKED-ACCOUNT', 'AuthenticateOBO', 'documented', 'NO_LINKED_ACCOUNT before a card, ssoToken after', ['D17']),
  r('SATTR-AFTER-OBO', 'AddSessionAttributes', 'documented', 'refused before a successful AuthenticateOBO', ['D19']),
  r('SATTR-FILTERS', 'AddSessionAttributes', 'documented', 'filters name the customer\'s own cards; both at once is 422 INVALID_INFORMATION', ['D19']),
  r('SATTR-REQUIRED-ATTRIBUTES', 'AddSessionAttributes', 'documented', 'a list without the SsoToken attribute is refused', ['D19']),
  // D45: Card.customerId is the owner; a request naming this customer never reaches another's card.
  r('OWNERSHIP-CARDS', 'Resources and their fields', 'documented', 'another customer\'s card is never changed, removed or listed through a request that names this customer', ['D45', 'D30']),
  // D44: two identical writes at the same time end as some serial order of them would.
  r('CONCURRENT-WRITES', 'States and transitions', 'documented', 'two identical writes sent at the same time end as one after the other would: one customer per SSN, one card for identical card data', ['D44', 'D16']),
  r('CATTR-REQUIRED-ATTRIBUTES', 'AddCustomerAttributes', 'documented', 'CustomerId and SSN attributes are required', ['D20']),
];

/**
 * Every requirement id of the contract, as a type: the hand-written ones above, the state
 * transitions' and Errors rows' (contract/states.ts, contract/errors.ts), each operation's success
 * row and its field rules. A misspelt id anywhere outside contract/ does not compile.
 */
export type RequirementId =
  | (typeof generalRows)[number]['id']
  | (typeof transitions)[number]['requirement']
  | (typeof errorRows)[number]['requirement']
  | SuccessRequirementId
  | FieldRequirementId;

const generalRequirements: ContractRequirement[] = [
  ...generalRows,
  ...transitions.map((t) => r(t.requirement, 'States and transitions', 'documented', `${t.subject}: ${t.trigger}${t.condition ? ` when ${t.condition}` : ''} → ${t.next}`)),
  ...errorRows.map((e) => r(e.requirement, e.section, e.severity, `${e.status} ${'errorCode' in e ? e.errorCode : ''} ${e.title}: ${e.condition}`.replace('  ', ' '))),
];

function operationRequirements(op: Operation): ContractRequirement[] {
  return [
    { id: successRequirementId(op), section: op.section, severity: op.success.severity, operation: op.id, text: `${op.id} success: ${op.success.status} ${op.success.body}` },
    ...op.fields.flatMap((f) => fieldRequirements(op, f)),
  ];
}

/** A row of the contract's catalogue: its id is a RequirementId (client rows and unlisted ids are not). */
export type ContractRequirement = Requirement & { readonly id: RequirementId };

export function buildRequirements(ops: readonly Operation[]): ContractRequirement[] {
  return [...generalRequirements, ...ops.flatMap(operationRequirements)];
}

export const requirements: readonly ContractRequirement[] = buildRequirements(operations);

const known = new Set<string>(requirements.map((q) => q.id));

/** For ids read at run time (records, waivers, CONFORMANCE_ONLY): typed only once they are known. */
export const isRequirementId = (id: string): id is RequirementId => known.has(id);

export function requirement(id: RequirementId): ContractRequirement {
  const found = requirements.find((q) => q.id === id);
  if (!found) throw new Error(`contract: unknown requirement ${id}`);
  return found;
}
