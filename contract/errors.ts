import type { Severity } from './types.js';

/** An RFC section that a Problem `type` URL must name. */
export interface RfcSection {
  readonly rfc: number;
  readonly section: string;
  /** The URL the reference sends; any URL naming the same RFC section conforms. */
  readonly url: string;
}

export const rfcSections = {
  unauthorized: { rfc: 7235, section: '3.1', url: 'https://tools.ietf.org/html/rfc7235#section-3.1' },
  unprocessable: { rfc: 4918, section: '11.2', url: 'https://tools.ietf.org/html/rfc4918#section-11.2' },
  badRequest: { rfc: 7231, section: '6.5.1', url: 'https://tools.ietf.org/html/rfc7231#section-6.5.1' },
  forbidden: { rfc: 7231, section: '6.5.3', url: 'https://tools.ietf.org/html/rfc7231#section-6.5.3' },
  notFound: { rfc: 7231, section: '6.5.4', url: 'https://tools.ietf.org/html/rfc7231#section-6.5.4' },
  unsupportedMediaType: { rfc: 7231, section: '6.5.13', url: 'https://tools.ietf.org/html/rfc7231#section-6.5.13' },
} as const satisfies Record<string, RfcSection>;

export type ErrorShape = 'problem' | 'validationProblem' | 'legacy';

/** One row of the Errors table of interface.md (plus the D-decisions that fill its gaps). */
export interface ErrorRow {
  readonly key: string;
  readonly status: number;
  /** undefined: the row has no errorCode in the body (400 validation). */
  readonly errorCode?: string;
  readonly title: string;
  readonly shape: ErrorShape;
  /** The RFC section the `type` URL must name, where the row documents one. */
  readonly typeRfc?: RfcSection;
  readonly condition: string;
  readonly severity: Severity;
  readonly requirement: string;
  readonly section: string;
  /** Where the row says what `detail` names: the request's attribute list whose item names it must mention. */
  readonly detailNamesItemsOf?: string;
}

export const errorRows = [
  {
    key: 'UNAUTHORIZED', status: 401, errorCode: 'UNAUTHORIZED', title: 'Unauthorized', shape: 'problem',
    typeRfc: rfcSections.unauthorized, condition: 'AuthenticatePartner denied', severity: 'documented',
    requirement: 'ERR-UNAUTHORIZED', section: 'Errors',
  },
  {
    key: 'CUSTOMER_NOT_FOUND', status: 422, errorCode: 'CUSTOMER_NOT_FOUND', title: 'Customer Not Found', shape: 'problem',
    typeRfc: rfcSections.unprocessable, condition: 'FindCustomer or AuthenticateOBO finds no customer', severity: 'documented',
    requirement: 'ERR-CUSTOMER-NOT-FOUND', section: 'Errors',
  },
  {
    key: 'NO_LINKED_ACCOUNT', status: 422, errorCode: 'NO_LINKED_ACCOUNT', title: 'No linked account', shape: 'problem',
    condition: 'AuthenticateOBO on a customer without a linked account', severity: 'documented',
    requirement: 'ERR-NO-LINKED-ACCOUNT', section: 'Errors',
  },
  {
    key: 'BAD_REQUEST', status: 422, errorCode: 'BAD_REQUEST', title: 'Error', shape: 'problem',
    condition: 'Tokenized card account is not allowed in the network', severity: 'documented',
    requirement: 'ERR-BAD-REQUEST', section: 'Errors',
  },
  {
    key: 'INVALID_INFORMATION', status: 422, errorCode: 'INVALID_INFORMATION', title: 'Invalid Information', shape: 'problem',
    condition: 'AddSessionAttributes value invalid', severity: 'documented',
    requirement: 'ERR-INVALID-INFORMATION', section: 'Errors',
    // "detail names the invalid fields" (AddSessionAttributes): the invalid items are among the names sent.
    detailNamesItemsOf: 'sessionAttributes',
  },
  {
    key: 'VALIDATION', status: 400, title: 'Bad Request', shape: 'validationProblem',
    typeRfc: rfcSections.badRequest, condition: 'One or more validation errors', severity: 'documented',
    requirement: 'ERR-VALIDATION', section: 'Errors',
  },
] as const satisfies readonly ErrorRow[];

export type ErrorKey = (typeof errorRows)[number]['key'];

/** A row of the table, its requirement the literal id (a RequirementId). */
export type ContractErrorRow = ErrorRow & { readonly requirement: (typeof errorRows)[number]['requirement'] };

export function errorRow(key: ErrorKey | string): ContractErrorRow {
  const row = (errorRows as readonly ContractErrorRow[]).find((r) => r.key === key);
  if (!row) throw new Error(`contract: unknown error row ${key}`);
  return row;
}

/**
 * Errors the document mentions without codes (D15, D16) or does not list (D4, D25, D30).
 * The reference's defaults; the harness asserts only what each decision's "harness" column says
 * (never these codes: another target declines or refuses with codes of its own, D37).
 */
export const referenceOnlyErrors = {
  cardAuthorizationFailed: { status: 422, legacyCode: 'CARD_AUTHORIZATION_FAILED', decision: 'D15' },
  duplicateSsn: { status: 422, legacyCode: 'DUPLICATE_SSN', decision: 'D16' },
  duplicateEmail: { status: 422, legacyCode: 'DUPLICATE_EMAIL', decision: 'D16' },
  sessionRefused: { status: 401, errorCode: 'UNAUTHORIZED', decision: 'D4' },
  forbidden: { status: 403, errorCode: 'FORBIDDEN', title: 'Forbidden', typeRfc: rfcSections.forbidden, decision: 'D25' },
  cardNotFound: { status: 422, errorCode: 'CARD_NOT_FOUND', title: 'Card Not Found', typeRfc: rfcSections.unprocessable, decision: 'D30' },
  invalidJson: { status: 400, errorCode: 'INVALID_JSON', title: 'Bad Request', typeRfc: rfcSections.badRequest, decision: 'D30' },
  unsupportedMediaType: { status: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE', title: 'Unsupported Media Type', typeRfc: rfcSections.unsupportedMediaType, decision: 'D30' },
  badApiVersion: { status: 400, errorCode: 'UNSUPPORTED_API_VERSION', title: 'Bad Request', typeRfc: rfcSections.badRequest, decision: 'D5' },
  notFound: { status: 404, errorCode: 'NOT_FOUND', title: 'Not Found', typeRfc: rfcSections.notFound, decision: 'D30' },
} as const;

/** D7: media types a JSON body may carry. */
export const jsonMediaTypes = ['application/json', 'application/problem+json'] as const;
export const problemMediaType = 'application/problem+json';
export const successMediaType = 'application/json';

/** Problem and validation-problem members as the Errors part lists them. */
export const problemMembers = ['type', 'title', 'status', 'detail', 'instance', 'errorCode'] as const;
export const validationProblemMembers = ['errors', 'type', 'title', 'status', 'detail', 'instance', 'validationErrors'] as const;
