import { operation } from '../contract/operations.js';
import { successRequirementId, type RequirementId } from '../contract/requirements.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, show, type Responded } from './support.js';

/** A fixture call: the operation, and where its documented success body holds what the fixture needs. */
export interface FixtureAnswerExpectation {
  readonly operation: string;
  /** Path to the member, e.g. ['CustomerId'] or ['cards', 0, 'cardId']; it must be a string. */
  readonly member: ReadonlyArray<string | number>;
}

function at(body: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), body);
}

const printPath = (path: ReadonlyArray<string | number>): string =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');

/**
 * A fixture sends a valid payload to make target state (a customer, a card, an ssoToken) that
 * other checks need. An answer out of contract fails the rule it breaks, and everything that
 * needed the fixture is reported blocked by it: a 5xx (GEN-NO-5XX), a 400 to the valid payload
 * (GEN-VALID-ACCEPTED, D37), or a 2xx without the documented member (the operation's success
 * row). Any other refusal (a business 4xx, D37) is no finding: the dependants are only not covered.
 * @see interface.md "Endpoints" and each operation's success response
 */
export const fixtureAnswerInContract = defineCheck({
  id: 'fixtureAnswerInContract', expectation: 'FixtureAnswerExpectation',
  requirement: { from: "case requirement (the fixture operation's success row, GEN-VALID-ACCEPTED, GEN-NO-5XX)", among: ['GEN-NO-5XX', 'GEN-VALID-ACCEPTED'] },
  description: 'a fixture call (valid payload) gets 2xx with its documented member; a 400, a 5xx or a missing member fails that rule and blocks what needed the fixture',
  rule(exchange, e: FixtureAnswerExpectation, failAs) {
    const { status } = exchange.response;
    const member = printPath(e.member);
    const fail = (requirement: RequirementId, title: string, received: string, documented: string) =>
      [failAs(requirement)(e.operation, { title, received, documented, key: [requirement, status], evidence: { member } }, exchange)];
    if (status >= 500) return fail('GEN-NO-5XX', 'Server error on a fixture call', `status ${status}`, 'no request is answered with a 5xx status');
    if (status === 400) return fail('GEN-VALID-ACCEPTED', 'Valid fixture payload rejected as invalid', 'status 400', 'a valid payload is never rejected with 400');
    if (!is2xx(status)) return [];
    const value = at(bodyObject(exchange), e.member);
    if (typeof value === 'string') return [];
    const op = operation(e.operation);
    const keys = Object.keys(bodyObject(exchange) ?? {});
    return fail(successRequirementId(op), 'Success answer without its documented member',
      `status ${status} with ${member} ${show(value)}${keys.length ? ` (members: ${keys.join(', ')})` : ''}`,
      `${op.id} success: ${op.success.status} ${op.success.body}, ${member} a string`);
  },
});
