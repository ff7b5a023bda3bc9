import fc from 'fast-check';
import { type Operation, sessionHeaders } from '../../../contract/index.js';
import type { CallInput, Exchange, Session } from '../../../client/index.js';
import { validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { addCard } from '../state/cards.js';
import { stateFields, stateSlot, ssoTokenFor, withState } from '../state/case-state.js';
import { customerWithCard } from '../state/customer-with-card.js';
import { FixtureError } from '../state/fixture-errors.js';
import { mayWrite } from '../state/setup-call.js';

/**
 * Issue 27, blind batch 8: a negative access case (a bad token, a wrong session) proves nothing
 * unless its request WOULD SUCCEED with proper access. A body that fails validation (400) or names
 * no customer (422 CUSTOMER_NOT_FOUND) is refused by a target that skipped the access check too.
 * So every access case sends a valid body naming real state of this run: the pooled customer with
 * a card, its SSN and date of birth where an operation finds it by them, a card of its own where
 * the request would delete one, the session's newest ssoToken.
 */

/**
 * Fields that find a customer by who they are (FindCustomer's ssn and dateOfBirth): a read naming
 * them takes the fixture customer's recorded values, else it finds no one. A writing operation keeps
 * its fresh identity (EnrollCustomer must enrol someone new, D16).
 */
const identityFields = ['ssn', 'dateOfBirth'] as const;

/** `input` with the customer's identity put in the fields of a read that finds a customer by them. */
export async function withCustomerIdentity<T extends CallInput>(ctx: HarnessContext, op: Operation, input: T): Promise<T> {
  if (op.writes || !input.body || typeof input.body !== 'object') return input;
  const names = new Set(op.fields.map((f) => f.name));
  const wanted = identityFields.filter((k) => names.has(k));
  if (wanted.length === 0) return input;
  const fixture = await customerWithCard(ctx).catch((error: unknown) => {
    if (error instanceof FixtureError) return undefined;
    throw error;
  });
  // Production names a customer by TARGET_FIXTURE_CUSTOMER_ID alone: without its SSN the body stays as drawn.
  if (!fixture || wanted.some((k) => fixture[k] === undefined)) return input;
  return { ...input, body: { ...(input.body as Record<string, unknown>), ...Object.fromEntries(wanted.map((k) => [k, fixture[k]])) } };
}

/** State the bearer cases of one worker share: one card to delete and the session's ssoToken, made again only once used up. */
interface Shared { cardId?: string; ssoToken?: string }
const sharedOf = new WeakMap<HarnessContext['client'], Shared>();

/**
 * What an access case sends to `op`: the run seed's valid payload with real state in every field
 * that names some. A card to delete and an ssoToken are made once and kept while the access cases
 * are refused (a conformant target changes nothing); `spent` drops what an accepted request used up.
 * A run that may not write sends writing operations `{}`, which validation rejects (production:
 * nothing may be written even by a target that ignores the token), and so does a run whose fixtures
 * could not be made; `succeeds` is false then, and the case says a 400 left the rule unchecked there.
 */
export async function succeedingInput(ctx: HarnessContext, session: Session, op: Operation): Promise<{ input: CallInput; succeeds: boolean }> {
  // AuthenticatePartner takes the run's deviceId (D3) and opens a session, which changes nothing of the partner's.
  if (!op.sessionRequired) return { input: { body: { [sessionHeaders.deviceId]: ctx.profile.deviceId } }, succeeds: true };
  if (op.writes && !mayWrite(ctx)) return { input: { body: {} }, succeeds: false };
  const drawn = fc.sample(validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey, includeOptional: false }), { seed: ctx.runSeed, numRuns: 1 })[0]!;
  const shared = sharedOf.get(ctx.client) ?? {};
  sharedOf.set(ctx.client, shared);
  const own = new Map<string, string>();
  const text = JSON.stringify(drawn);
  try {
    if (text.includes(stateSlot.freshCardId)) own.set(stateSlot.freshCardId, shared.cardId ??= (await addCard(ctx, session, (await customerWithCard(ctx)).customerId)).cardId);
    if (text.includes(stateSlot.ssoToken)) own.set(stateSlot.ssoToken, shared.ssoToken ??= await ssoTokenFor(ctx, session, (await customerWithCard(ctx)).customerId));
    const mine = own.size === 0 ? drawn : (JSON.parse([...own].reduce((t, [slot, value]) => t.split(slot).join(value), text)) as CallInput);
    return { input: await withCustomerIdentity(ctx, op, await withState(ctx, session, mine, 'valid')), succeeds: true };
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    // No state to name (production without fixtures, a fixture the target refused): a read goes with its
    // stand-ins, a write with a body validation rejects, so nothing is written; a refusal then may be the body's.
    return { input: op.writes ? { body: {} } : drawn, succeeds: false };
  }
}

/**
 * What an accepted access case used up: a deleted card, an ssoToken replaced by a newer one (D18).
 * A wrongly accepted write is counted (an enrolment, a card added or removed) so the suite's clean-up undoes what it can.
 */
export function spent(ctx: HarnessContext, x: Exchange): void {
  if (!x.response || x.response.status >= 300) return;
  const shared = sharedOf.get(ctx.client);
  if (shared && x.request.operation === 'DeleteCard' && (x.request.body as { cardId?: unknown } | undefined)?.cardId === shared.cardId) delete shared.cardId;
  if (shared && x.request.operation === 'AuthenticateOBO') delete shared.ssoToken;
  if (x.request.operation === 'EnrollCustomer') ctx.footprint.customerEnrolled();
  ctx.footprint.rememberWrite(x);
}
