import { responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import { finding, is2xx } from '../../../checks/support.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { genericOracles, judge, type Oracle } from '../judge/oracles.js';

/**
 * A write refused for a business reason leaves no trace (D16): what the refused EnrollCustomer would have
 * created is read back, FindCustomer by the SSN and date of birth it sent. A service that inserts the person
 * before it checks the e-mail and does not roll the insert back (blind17) leaves a customer that lookup
 * finds. The one customer it may name is the original whose SSN made the request a duplicate (the same SSN
 * and date of birth name it; which answer another date of birth gets is FIND-EVERY-KEY's, not this rule's).
 */
const noNewCustomer = (original: string, what: string): Oracle => ({
  id: 'refusalLeftNoTrace', requirements: ['ENROLL-DUPLICATE'], applies: (x) => x.response !== undefined && is2xx(x.response.status),
  run: (x) => {
    const found = (x.response?.json as Record<string, unknown> | undefined)?.[responseMembers.findCustomer];
    if (typeof found !== 'string' || found === '' || found.toLowerCase() === original.toLowerCase()) return [];
    return [finding('refusalLeftNoTrace', 'ENROLL-DUPLICATE', x.request.operation, {
      title: 'A refused enrolment left a customer',
      received: `customerId ${found.slice(0, 8)}… found by the SSN and dateOfBirth of ${what}`,
      documented: 'an SSN or e-mail already in use is refused (D16): the refused enrolment creates no customer',
      key: ['refused enrolment found'],
    }, x)];
  },
});

/** FindCustomer of the identity a refused enrolment `refused` sent, judged against `original` (the customer it duplicated). */
export async function refusedEnrolmentUnfound(ctx: HarnessContext, session: Session, refused: Exchange, original: string, what: string): Promise<CaseOutcome> {
  const sent = (refused.request.body ?? {}) as Record<string, unknown>;
  const x = await ctx.client.call('FindCustomer', { body: { ssn: sent.ssn, dateOfBirth: sent.dateOfBirth } }, { session });
  return judge(x, { oracles: [noNewCustomer(original, what), ...genericOracles(ctx, x)] });
}
