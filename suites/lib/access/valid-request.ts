import fc from 'fast-check';
import type { Operation } from '../../../contract/index.js';
import type { Exchange, HeaderNames } from '../../../client/index.js';
import { validPayload, type Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { stateFields, withState } from '../state/case-state.js';
import { customerWithCard } from '../state/customer-with-card.js';
import type { FamilyMember } from '../state/family.js';
import { samplePayload } from '../state/setup-call.js';
import { bearerProbeInput } from './requests.js';
import { shownCardFields, writesCard } from './write-effect-cells.js';

/**
 * A valid request of `op` with real state, new for each call (a fresh card to delete, a fresh identity to enrol),
 * apiVersion `where` and the documented header names spelt as `names` asks; with `identity`, an enrolment of that
 * family identity, the same body each time (a later one meets D16). The versioning suite's requests (D5, and the
 * letter case of header names).
 */
export async function sendValid(ctx: HarnessContext, op: Operation, where: 'header' | 'query', identity?: FamilyMember, names?: HeaderNames, data: Record<string, unknown> = {}): Promise<Exchange> {
  const spelt = names ? { headerNames: names } : {};
  if (!op.sessionRequired) return ctx.client.call(op.id, bearerProbeInput(ctx, op), { apiVersionIn: where, ...spelt });
  const session = await ctx.session();
  const remembered = (x: Exchange) => (ctx.footprint.rememberWrite(x), x);
  // FindCustomer names its customer by SSN and date of birth, no state field: the run's customer, so the answer is a match.
  const known = op.id === 'FindCustomer' ? ((await customerWithCard(ctx)) as { ssn?: string; dateOfBirth?: string }) : {};
  if (known.ssn && known.dateOfBirth) return ctx.client.call(op.id, { body: { ssn: known.ssn, dateOfBirth: known.dateOfBirth } }, { session, apiVersionIn: where, ...spelt });
  const drawn = drawnPayload(ctx, op);
  // Card data of another draw makes a later write of the case an update of the card the first one wrote.
  const payload = Object.keys(data).length ? { ...drawn, body: { ...drawn.body, ...data } } : drawn;
  if (identity) {
    const { emailAddress, ...person } = identity.person;
    return ctx.client.call(op.id, { body: samplePayload(ctx, op.id, { ...person, [ctx.profile.emailKey]: emailAddress }) }, { session, apiVersionIn: where, ...spelt });
  }
  return remembered(await ctx.client.call(op.id, await withState(ctx, session, payload, 'valid'), { session, apiVersionIn: where, ...spelt }));
}

/** The run seed's valid payload of `op` (`offset` draws another), state fields as stand-ins. */
function drawnPayload(ctx: HarnessContext, op: Operation, offset = 0): Payload {
  return fc.sample(validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey, includeOptional: false }), { seed: ctx.runSeed + offset, numRuns: 1 })[0]!;
}

/**
 * Card data other than the run seed's draw in every Card member the write sends (an expiration, a nickname), the
 * card itself (number or token) kept: sent after the drawn payload, it is an update of that card ("any card data
 * differs": reauthorized), whose effect a list shows (version-write-effect.ts). `{}` for any other operation.
 */
export function otherCardData(ctx: HarnessContext, op: Operation): Record<string, unknown> {
  const shown = shownCardFields(op).map((f) => f.name);
  if (!writesCard(op) || shown.length === 0) return {};
  const first = drawnPayload(ctx, op).body ?? {};
  const sent = shown.filter((k) => first[k] !== undefined);
  for (let offset = 1; offset <= 50; offset += 1) {
    const other = drawnPayload(ctx, op, offset).body ?? {};
    if (sent.every((k) => other[k] !== undefined && other[k] !== first[k])) return Object.fromEntries(sent.map((k) => [k, other[k]]));
  }
  return {};
}

/** `x`'s body sent again in the worker's session (an enrolment already sent: served, it meets D16 now). */
export async function sendAgain(ctx: HarnessContext, x: Exchange, where: 'header' | 'query', names?: HeaderNames): Promise<Exchange> {
  return ctx.client.call(x.request.operation, { body: (x.request.body ?? {}) as Record<string, unknown> }, { session: await ctx.session(), apiVersionIn: where, ...(names ? { headerNames: names } : {}) });
}
