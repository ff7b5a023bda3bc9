import { errorRow } from '../contract/errors.js';
import type { Expectation } from '../generators/expectation.js';
import { alternativeCodes, businessErrorCode, businessRefusal } from './error-row.js';
import { defineCheck } from './define.js';
import { is2xx, is4xx, onlyWithResponse } from './support.js';
import { fieldRequirementId, requirements, successRequirementId, type RequirementId } from '../contract/requirements.js';
import { operations } from '../contract/operations.js';
import { errorRows } from '../contract/errors.js';

/**
 * GEN-NO-5XX: no request, valid or not, is answered with a 5xx.
 * @see decisions.md "unspecified" (the generic contract)
 */
export const noServerError = defineCheck({
  id: 'noServerError', requirement: 'GEN-NO-5XX', expectation: 'unknown',
  description: 'no response has a 5xx status',
  rule(exchange, _e: unknown, fail) {
    const { status } = exchange.response;
    if (status < 500) return [];
    return [fail(exchange.request.operation, {
      title: 'Server error',
      received: `status ${status}`,
      documented: 'no request is answered with a 5xx status',
      key: [status],
    }, exchange)];
  },
  when: [onlyWithResponse],
});

/**
 * GEN-VALID-ACCEPTED: a valid payload gets a 2xx, or a 4xx carrying one of the operation's
 * Errors-table codes, or — where the operation may decline a card or find a duplicate (D15, D16) —
 * a refusal in that shape (a 4xx with a non-empty error code and no validationErrors): a target
 * may decline a generated card or SSN for a reason the harness cannot foresee (D37). The suites record such a refusal as observed,
 * never as a pass. A 400 validation answer or a 5xx is never right.
 * @see interface.md "Endpoints", decisions.md D37
 */
export const validPayloadAccepted = defineCheck({
  id: 'validPayloadAccepted', requirement: 'GEN-VALID-ACCEPTED', expectation: "Expectation 'accepted'",
  cases: ['accepted'],
  description: 'a valid payload gets 2xx or an allowed business error; never 400',
  rule(exchange, e: Expectation, fail) {
  if (e.kind !== 'accepted') return [];
  const { status } = exchange.response;
  const refusal = businessRefusal(exchange);
  if (is2xx(status) || (refusal && (e.ownRefusals || e.allowedBusinessErrors.includes(refusal.code)))) return [];
  const code = businessErrorCode(exchange);
  const allowed = e.ownRefusals ? ' or a 4xx refusal with an error code and no validationErrors (D15/D16 shape, D37)'
    : e.allowedBusinessErrors.length ? ` or a 4xx with errorCode ${e.allowedBusinessErrors.join(', ')}` : '';
  return [fail(e.operation, {
    title: status === 400 ? 'Valid payload rejected as invalid' : 'Valid payload not accepted',
    received: `status ${status}${code ? ` with errorCode ${code}` : ''}`,
    documented: `a valid payload is answered with 2xx${allowed}`,
    evidence: { errorCode: code, allowedBusinessErrors: e.allowedBusinessErrors },
    key: [status, code ?? ''],
  }, exchange)];
  },
  when: [(_x, e) => e.kind === 'accepted'],
});

/** What status the case documents, as text, and whether `status`/`code` meet it. */
function statusRule(e: Expectation, status: number, code: string | undefined): { ok: boolean; documented: string; requirement: RequirementId } {
  switch (e.kind) {
    case 'validation': {
      const alternatives = alternativeCodes(e);
      const ok = status === 400 || (status === 422 && code !== undefined && alternatives.includes(code));
      const requirement = e.broken.length === 1 ? e.broken[0]!.requirement : 'ERR-VALIDATION';
      return { ok, requirement, documented: `400${alternatives.length ? ` (or 422 with errorCode ${alternatives.join(', ')})` : ''} for an invalid ${e.broken.map((b) => b.key).join(', ')}` };
    }
    case 'problem': {
      const row = errorRow(e.row);
      return { ok: status === row.status, requirement: row.requirement as RequirementId, documented: `${row.status} ${row.errorCode ?? row.title} (${row.condition})` };
    }
    case 'refused':
      return { ok: is4xx(status), requirement: e.requirement, documented: 'a 4xx refusal' };
    default:
      return { ok: true, requirement: 'GEN-VALID-ACCEPTED', documented: '' };
  }
}

const kinds = ['REQUIRED', 'LENGTH', 'FORMAT', 'TYPE', 'RANGE'] as const;
const documentedIds = new Set<string>(requirements.map((q) => q.id));
/** Every id a case can document: field rules, Errors rows, and (for the docs) success rows the judge adds beside it. */
const statusRequirements: readonly RequirementId[] = [
  ...operations.flatMap((op) => op.fields.flatMap((f) => kinds.map((k) => fieldRequirementId(op, f, k)))).filter((id) => documentedIds.has(id)),
  ...errorRows.map((e) => e.requirement),
  ...operations.map(successRequirementId),
];

/** What statusMatches answers for on a case: every broken field's rule, the problem's row, the refusal's requirement. */
function statusAnswersFor(e: Expectation): readonly RequirementId[] {
  if (e.kind === 'validation') return e.broken.map((b) => b.requirement);
  if (e.kind === 'problem') return [errorRow(e.row).requirement as RequirementId];
  if (e.kind === 'refused') return [e.requirement];
  return [];
}

/**
 * The status a field-rule case documents: 400 for a validation case (or an accepted 422
 * alternative, D19), the row's status for a problem case, any 4xx for a refused case (D4/D20/D30).
 * @see interface.md "Errors"
 */
export const statusMatches = defineCheck({
  id: 'statusMatches', expectation: 'Expectation',
  cases: ['validation', 'problem', 'refused'],
  requirement: { from: 'field requirement / row requirement / case requirement', among: statusRequirements, of: statusAnswersFor },
  description: 'validation → 400 (or an allowed 422), problem → the row status, refused → any 4xx',
  rule(exchange, e: Expectation, fail) {
    const { status } = exchange.response;
    const code = businessErrorCode(exchange);
    const rule = statusRule(e, status, code);
    if (rule.ok) return [];
    return [fail(rule.requirement)(e.operation, {
      title: 'Unexpected status',
      received: `status ${status}${code ? ` with errorCode ${code}` : ''}`,
      documented: rule.documented,
      evidence: { errorCode: code, expectation: e.kind },
      key: [e.kind, rule.requirement, status],
    }, exchange)];
  },
  when: [(_x, e) => e.kind !== 'accepted'],
});
