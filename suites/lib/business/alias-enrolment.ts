import { operation, responseMembers } from '../../../contract/index.js';
import type { Session } from '../../../client/index.js';
import { wireName, type Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { fixtureBody } from '../state/fixture-errors.js';
import { enrollFrom, sendEnrollment, type Enrolled } from './fixtures.js';

const enroll = operation('EnrollCustomer');
const emailField = enroll.fields.find((f) => f.format === 'email')!;

/**
 * A customer enrolled with the e-mail key the profile does not send (D10: `emailAddress`, and `email`
 * as an alias; the key sent is a profile setting, so the other one is open). A customer the target
 * accepted is a customer whatever form its request took (blind18: the alias path stored the date of
 * birth so that FindCustomer never matched it): the caller reads it back as any other. A target that
 * refuses the other key is answered with the profile's (one request more, D10 allows the refusal).
 */
export async function enrollWithOtherEmailKey(ctx: HarnessContext, session: Session, payload: Payload, overrides: () => Record<string, unknown>): Promise<Enrolled> {
  const own = wireName(emailField, { emailKey: ctx.profile.emailKey });
  const other = wireName(emailField, { emailKey: ctx.profile.emailKey === 'email' ? 'emailAddress' : 'email' });
  const body = payload.body ?? {};
  if (!(own in body) || own === other) return enrollFrom(ctx, session, payload, overrides);
  const { [own]: email, ...rest } = body;
  const x = await sendEnrollment(ctx, session, { ...payload, body: { ...rest, [other]: email } }, overrides());
  if (x.response === undefined || x.response.status < 200 || x.response.status >= 300) return enrollFrom(ctx, session, payload, overrides);
  const member = responseMembers.enrollCustomer;
  const customerId = fixtureBody(ctx, x, { what: `EnrollCustomer with the ${other} key (D10)`, operation: enroll.id, member: [member] })[member] as string;
  // The customer's data as the rest of the run reads it (a duplicate e-mail reuses it under the profile's key); the exchange keeps the alias.
  const { [other]: sentEmail, ...sent } = (x.request.body ?? {}) as Record<string, unknown>;
  return { customerId, body: { ...sent, [own]: sentEmail }, exchange: x };
}
