import { errorRows, errorRow, type ErrorRow } from '../contract/errors.js';
import { responseMembers } from '../contract/resources.js';
import type { Expectation } from '../generators/expectation.js';
import { bodyObject, is4xx, type Responded } from './support.js';

/**
 * The business error code a body carries: a Problem's `errorCode`, or the D15/D16 legacy
 * `ErrorCode` (a string, or a non-zero number: AddSessionAttributes speaks of a "non-zero ErrorCode").
 */
export function businessErrorCode(exchange: Responded): string | undefined {
  const body = bodyObject(exchange);
  if (!body) return undefined;
  for (const member of ['errorCode', responseMembers.legacyErrorCode]) {
    const v = body[member];
    if (typeof v === 'string' && v.length > 0) return v;
    if (typeof v === 'number' && v !== 0) return String(v);
  }
  return undefined;
}

/** A refusal of a valid payload for a business reason the harness cannot foresee (D37). */
export interface BusinessRefusal {
  readonly status: number;
  readonly code: string;
}

/**
 * D37: the answer refuses in the shape of D15/D16 — a 4xx carrying a legacy
 * `{ErrorCode, ErrorMessage}` with a non-empty code, or a Problem with a non-empty `errorCode`.
 * D15 allows any 4xx, 400 included (reading decline-400-legacy); what D37 fails is a 400
 * *validation* answer, so a body with `validationErrors` is never a business refusal, and
 * neither is a 5xx.
 */
export function businessRefusal(exchange: Responded): BusinessRefusal | undefined {
  const { status } = exchange.response;
  const body = bodyObject(exchange);
  // 415 names the request's media type (RFC 9110 §15.5.16), never a business reason: a valid JSON body refused with it fails (D30, D43).
  if (!is4xx(status) || status === 415 || !body || body.validationErrors !== undefined) return undefined;
  const legacy = body[responseMembers.legacyErrorCode];
  const legacyCode = typeof legacy === 'string' && legacy.length > 0 ? legacy : typeof legacy === 'number' && legacy !== 0 ? String(legacy) : undefined;
  if (legacyCode !== undefined && typeof body[responseMembers.legacyErrorMessage] === 'string') return { status, code: legacyCode };
  const problem = body.errorCode;
  return typeof problem === 'string' && problem.length > 0 ? { status, code: problem } : undefined;
}

const rowByCode = (code: string | undefined): ErrorRow | undefined =>
  code === undefined ? undefined : (errorRows as readonly ErrorRow[]).find((r) => r.errorCode === code);

/** Row keys of `alternatives` mapped to their errorCodes (a bare errorCode is taken as itself). */
export const alternativeCodes = (e: Expectation & { kind: 'validation' }): string[] =>
  (e.alternatives ?? []).map((key) => (errorRows as readonly ErrorRow[]).find((r) => r.key === key)?.errorCode ?? key);

/**
 * The Errors-table row this response must follow, or undefined where the expectation and
 * the observed status leave the body shape unasserted (D4, D15/D16 legacy, D30 stay generic).
 * - validation case answered 400 → VALIDATION; answered 422 with an accepted alternative → that row
 * - problem case answered with the row's status → the row
 * - valid payload answered with an allowed business error that is an Errors-table row → that row
 */
export function documentedErrorRow(exchange: Responded, e: Expectation): ErrorRow | undefined {
  const status = exchange.response.status;
  const code = businessErrorCode(exchange);
  switch (e.kind) {
    case 'validation': {
      if (status === 400) return errorRow('VALIDATION');
      const row = rowByCode(code);
      return row && row.status === status && alternativeCodes(e).includes(code!) ? row : undefined;
    }
    case 'problem': {
      const row = errorRow(e.row);
      return row.status === status ? row : undefined;
    }
    case 'accepted': {
      const row = rowByCode(code);
      return row && is4xx(status) && row.status === status && e.allowedBusinessErrors.includes(code!) ? row : undefined;
    }
    default:
      return undefined;
  }
}

/** True when the 422 alternative (D19) was chosen instead of a 400 validation problem. */
export function choseAlternative(exchange: Responded, e: Expectation): boolean {
  return e.kind === 'validation' && exchange.response.status !== 400 && documentedErrorRow(exchange, e) !== undefined;
}

/** Whether the Errors table documents this answer to the case (the Problem checks apply only then). */
export const hasDocumentedRow = (exchange: Responded, e: Expectation): boolean => documentedErrorRow(exchange, e) !== undefined;

/** A member of the error body, or undefined. */
export const problemMember = (exchange: Responded, name: string): unknown => bodyObject(exchange)?.[name];
