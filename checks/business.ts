import { responseMembers } from '../contract/resources.js';
import type { RequirementId } from '../contract/requirements.js';
import { defineCheck } from './define.js';
import { bodyObject, is4xx, nonEmptyString } from './support.js';

/** A scenario with only a requirement to answer for: D15/D16 business errors, D4/D19/D20/D30 refusals. */
export interface RefusalExpectation {
  readonly operation: string;
  /** E.g. CARD-AUTH-FAILURE, ENROLL-DUPLICATE, SESSION-REQUIRED. */
  readonly requirement: RequirementId;
}

/** The legacy `{ErrorCode, ErrorMessage}` shape: a non-empty (or non-zero) code and a string message. */
function legacyError(body: Record<string, unknown>): boolean {
  const code = body[responseMembers.legacyErrorCode];
  const codeOk = nonEmptyString(code) || (typeof code === 'number' && code !== 0);
  return codeOk && typeof body[responseMembers.legacyErrorMessage] === 'string';
}

/**
 * D15/D16: a 4xx carrying an error code and a message, either in the legacy shape
 * `{ErrorCode, ErrorMessage}` or as a Problem with a non-empty `errorCode`.
 * @see interface.md "States and transitions" (authorization fails), "EnrollCustomer"
 */
export const legacyOrProblemError = defineCheck({
  id: 'legacyOrProblemError', expectation: 'RefusalExpectation',
  requirement: { from: 'case requirement', among: ['CARD-AUTH-FAILURE', 'ENROLL-DUPLICATE', 'STATE-CARD-AUTH-FAILED'], of: (e: RefusalExpectation) => [e.requirement] },
  description: 'a 4xx with {ErrorCode, ErrorMessage} or a Problem errorCode (D15, D16)',
  rule(x, e: RefusalExpectation, fail) {
    const { status } = x.response;
    const body = bodyObject(x);
    const carriesCode = body !== undefined && (legacyError(body) || nonEmptyString(body.errorCode));
    if (is4xx(status) && carriesCode) return [];
    return [fail(e.requirement)(e.operation, {
      title: is4xx(status) ? 'Business error carries no error code' : 'Business error not reported',
      received: `status ${status} with body ${x.response.bodyText ? x.response.bodyText.slice(0, 100) : 'empty'}`,
      documented: `a 4xx with {${responseMembers.legacyErrorCode}, ${responseMembers.legacyErrorMessage}} or a Problem with a non-empty errorCode`,
      key: [is4xx(status) ? 'shape' : `status-${status}`],
    }, x)];
  },
});

/**
 * The generic contract where the status is unspecified (D4, D19, D20, D30): a 4xx whose body
 * is JSON; never 2xx.
 * @see decisions.md "unspecified"
 */
export const genericRefusal = defineCheck({
  id: 'genericRefusal', expectation: 'RefusalExpectation',
  requirement: {
    from: 'case requirement', of: (e: RefusalExpectation) => [e.requirement],
    among: ['SESSION-REQUIRED', 'SESSION-DEVICE-REQUIRED', 'SESSION-DEVICE-MATCH', 'STATE-SESSION', 'SATTR-AFTER-OBO', 'STATE-SESSION-ATTRIBUTES', 'SATTR-REQUIRED-ATTRIBUTES'],
  },
  description: 'a 4xx with a JSON error body, never 2xx (D4, D19, D20, D30)',
  rule(x, e: RefusalExpectation, fail) {
    const { status, bodyText, jsonError } = x.response;
    const jsonBody = bodyText.trim().length > 0 && jsonError === undefined;
    if (is4xx(status) && jsonBody) return [];
    return [fail(e.requirement)(e.operation, {
      title: is4xx(status) ? 'Refusal without a JSON error body' : 'Request not refused',
      received: is4xx(status) ? `status ${status} with ${bodyText.trim() ? 'a body that is not JSON' : 'an empty body'}` : `status ${status}`,
      documented: 'a 4xx with a JSON error body',
      key: [is4xx(status) ? 'body' : `status-${status}`],
    }, x)];
  },
});
