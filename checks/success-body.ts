import { acceptedRegExp, operation, operations, successBodyOf, successRequirementId, type SuccessMemberType } from '../contract/index.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, onlyWhenStatus, show, type Responded } from './support.js';
import type { Finding } from './finding.js';

/** The operation answered; `kind` (a field-rule Expectation's) limits the check to valid cases. */
export interface SuccessExpectation {
  readonly operation: string;
  readonly kind?: string;
}

const guid = acceptedRegExp('guid');

const fits: Record<SuccessMemberType, (v: unknown) => boolean> = {
  guid: (v) => typeof v === 'string' && guid.test(v),
  guidOrEmpty: (v) => v === '' || (typeof v === 'string' && guid.test(v)),
  nonEmptyString: (v) => typeof v === 'string' && v.length > 0,
};

const expected: Record<SuccessMemberType, string> = {
  guid: 'a GUID (36 characters)',
  guidOrEmpty: 'a GUID (36 characters), or "" when no customer is found (D8)',
  nonEmptyString: 'a non-empty string',
};

const documentedFor = (e: SuccessExpectation): boolean =>
  (e.kind === undefined || e.kind === 'accepted') && successBodyOf(e.operation) !== undefined;

/**
 * <CODE>-SUCCESS: a 2xx of FindCustomer, EnrollCustomer or AuthenticateOBO carries its documented
 * member with its type (contract/success-bodies.ts): a GUID `CustomerId`, a GUID or empty
 * `customerId`, a non-empty `ssoToken`. Members besides it are not asserted.
 * @see interface.md "FindCustomer", "EnrollCustomer", "AuthenticateOBO", "Resources and their fields"
 */
export const successBodyShape = defineCheck({
  id: 'successBodyShape', expectation: 'SuccessExpectation',
  cases: ['accepted'],
  requirement: { from: 'operation requirement', among: operations.filter((op) => successBodyOf(op.id)).map(successRequirementId) },
  description: 'a 2xx carries the documented member with its type: CustomerId a GUID, customerId a GUID or "" (D8), ssoToken non-empty',
  rule(x, e: SuccessExpectation, fail) {
    const rule = successBodyOf(e.operation)!;
    const body = bodyObject(x);
    const value = body?.[rule.member];
    if (fits[rule.type](value)) return [];
    const received = body === undefined ? `status ${x.response.status} with ${x.response.bodyText.trim() ? 'a body that is not a JSON object' : 'no body'}`
      : value === undefined ? `status ${x.response.status} without ${rule.member}${Object.keys(body).length ? ` (members: ${Object.keys(body).join(', ')})` : ''}`
        : `${rule.member} ${show(value)}`;
    return [fail(successRequirementId(operation(e.operation)))(e.operation, {
      title: 'Success body not as documented',
      received,
      documented: `${rule.shown}: ${rule.member} is ${expected[rule.type]}`,
      evidence: { member: rule.member, value },
      key: [rule.member, value === undefined ? 'missing' : typeof value],
    }, x)];
  },
  when: [onlyWhenStatus(is2xx), (_x, e) => documentedFor(e)],
});
