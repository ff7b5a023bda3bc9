import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import type { Exchange, HeaderNames } from '../../../client/index.js';
import { validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { stateFields, withState } from '../state/case-state.js';
import { customerWithCard } from '../state/customer-with-card.js';
import type { FamilyMember } from '../state/family.js';
import { samplePayload } from '../state/setup-call.js';
import { bearerProbeInput } from './requests.js';

/**
 * A valid request of `op` with real state, new for each call (a fresh card to delete, a fresh identity to enrol),
 * apiVersion `where` and the documented header names spelt as `names` asks; with `identity`, an enrolment of that
 * family identity, the same body each time (a later one meets D16). The versioning suite's requests (D5, and the
 * letter case of header names).
 */
export async function sendValid(ctx: HarnessContext, op: Operation, where: 'header' | 'query', identity?: FamilyMember, names?: HeaderNames): Promise<Exchange> {
  const spelt = names ? { headerNames: names } : {};
  if (!op.sessionRequired) return ctx.client.call(op.id, bearerProbeInput(ctx, op), { apiVersionIn: where, ...spelt });
  const session = await ctx.session();
  const remembered = (x: Exchange) => (ctx.footprint.rememberWrite(x), x);
  // FindCustomer names its customer by SSN and date of birth, no state field: the run's customer, so the answer is a match.
  const known = op.id === 'FindCustomer' ? ((await customerWithCard(ctx)) as { ssn?: string; dateOfBirth?: string }) : {};
  if (known.ssn && known.dateOfBirth) return ctx.client.call(op.id, { body: { ssn: known.ssn, dateOfBirth: known.dateOfBirth } }, { session, apiVersionIn: where, ...spelt });
  const payload = fc.sample(validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey, includeOptional: false }), { seed: ctx.runSeed, numRuns: 1 })[0]!;
  if (identity) {
    const { emailAddress, ...person } = identity.person;
    return ctx.client.call(op.id, { body: samplePayload(ctx, op.id, { ...person, [ctx.profile.emailKey]: emailAddress }) }, { session, apiVersionIn: where, ...spelt });
  }
  return remembered(await ctx.client.call(op.id, await withState(ctx, session, payload, 'valid'), { session, apiVersionIn: where, ...spelt }));
}

/** `x`'s body sent again in the worker's session (an enrolment already sent: served, it meets D16 now). */
export async function sendAgain(ctx: HarnessContext, x: Exchange, where: 'header' | 'query', names?: HeaderNames): Promise<Exchange> {
  return ctx.client.call(x.request.operation, { body: (x.request.body ?? {}) as Record<string, unknown> }, { session: await ctx.session(), apiVersionIn: where, ...(names ? { headerNames: names } : {}) });
}
