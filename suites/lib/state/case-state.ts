import { randomUUID } from 'node:crypto';
import type { Session } from '../../../client/index.js';
import { responseMembers } from '../../../contract/index.js';
import type { HarnessContext } from '../runner/context.js';
import { addCard } from './cards.js';
import { customerWithCard } from './customer-with-card.js';
import type { CustomerFixture } from './enrolment.js';
import { fixtureBody, FixtureError } from './fixture-errors.js';
import { nextPerson } from './people.js';
import { freshValues } from './fresh.js';
import { heldCardIdSlot, registeredCardSlot, unknownResourceIdSlot } from '../../../generators/operators/slots.js';
import { registeredCard } from '../fields/registered-card.js';

/**
 * Stand-ins that generated payloads carry where a field must name target state. They are
 * shaped like the real values (a GUID, nine digits), and replaced just before the request
 * is sent, so generation stays pure and replayable by seed and path.
 */
export const stateSlot = {
  customerId: '00000000-0000-4000-8000-00000000c001',
  cardId: heldCardIdSlot,
  /** A card made for this one case (DeleteCard deletes it). */
  freshCardId: '00000000-0000-4000-8000-00000000c003',
  customerSsn: '900000001',
  ssoToken: 'conformance-sso-token-slot',
  /** A new identity per case where a customer is enrolled (D16: no duplicate). */
  freshSsn: '900000002',
  freshEmail: 'fresh-identity-slot@conformance.invalid',
  /** A GUID of no customer, card or transaction (operator unknown-resource-id): new by construction, in valid and violation cases alike. */
  unknownId: unknownResourceIdSlot,
  /** The number or token of a card added for this case's customer (operator violation-on-update: the update path). */
  registeredCardNumber: registeredCardSlot.number,
  registeredCardToken: registeredCardSlot.token,
} as const;

type Slot = keyof typeof stateSlot;
const slotOf = new Map<string, Slot>(Object.entries(stateSlot).map(([k, v]) => [v, k as Slot]));

/** Whether the case is sent as valid (needs real state) or as a violation (a stand-in GUID will do). */
export type CaseKind = 'valid' | 'violation';

async function fixtureOrNone(ctx: HarnessContext): Promise<CustomerFixture | undefined> {
  try {
    return await customerWithCard(ctx);
  } catch (error) {
    if (error instanceof FixtureError) return undefined;
    throw error;
  }
}

/** A fresh ssoToken for `customerId` in `session` (AddSessionAttributes needs the newest, D18). */
export async function ssoTokenFor(ctx: HarnessContext, session: Session, customerId: string): Promise<string> {
  const x = await ctx.client.call('AuthenticateOBO', { body: { customerId } }, { session });
  const token = fixtureBody(ctx, x, { what: 'AuthenticateOBO of a customer with a card', operation: 'AuthenticateOBO', member: [responseMembers.ssoToken] })[responseMembers.ssoToken];
  if (typeof token !== 'string' || token === '') throw new FixtureError(`AuthenticateOBO gave no ${responseMembers.ssoToken} for the customer (status ${x.response?.status})`);
  ctx.client.redactor.learn(token, 'ssoToken');
  return token;
}

/** Resolves every slot `value` holds; a valid case without the state it needs throws FixtureError. */
async function resolveSlots(ctx: HarnessContext, session: Session, slots: ReadonlySet<Slot>, kind: CaseKind): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (slots.size === 0) return out;
  const fixture = await fixtureOrNone(ctx);
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new FixtureError(`no ${what} to send (sandbox: the fixture could not be made; production: set TARGET_FIXTURE_CUSTOMER_ID and TARGET_FIXTURE_CARD_ID)`);
    return v;
  };
  // A violation is refused before the target reads the state it names: any GUID will do where there is none.
  const orAnyGuid = <T extends string>(v: T | undefined, what: string): string => (kind === 'violation' ? v ?? randomUUID() : need(v, what));
  for (const slot of slots) {
    const standIn = stateSlot[slot];
    if (slot === 'customerId') out.set(standIn, orAnyGuid(fixture?.customerId, 'customer'));
    if (slot === 'cardId') out.set(standIn, orAnyGuid(fixture?.cardId, 'card'));
    if (slot === 'customerSsn') out.set(standIn, kind === 'violation' ? fixture?.ssn ?? standIn : need(fixture?.ssn, 'SSN of a customer this run enrolled'));
    if (slot === 'freshCardId')
      out.set(standIn, kind === 'violation' ? randomUUID() : (await addCard(ctx, session, need(fixture, 'customer').customerId)).cardId);
    if (slot === 'unknownId') out.set(standIn, freshValues(ctx).guid());
    // A violation on the update path needs the real card: without it the request would take the new-card path.
    if (slot === 'registeredCardNumber') out.set(standIn, (await registeredCard(ctx, session, need(fixture, 'customer').customerId, 'number')).identity);
    if (slot === 'registeredCardToken') out.set(standIn, (await registeredCard(ctx, session, need(fixture, 'customer').customerId, 'token')).identity);
    if (slot === 'freshSsn' || slot === 'freshEmail') {
      const person = nextPerson(ctx);
      out.set(stateSlot.freshSsn, person.ssn);
      out.set(stateSlot.freshEmail, person.emailAddress);
    }
    if (slot === 'ssoToken') {
      const customer = fixture?.customerId;
      out.set(standIn, kind === 'violation' && !customer ? standIn : await ssoTokenFor(ctx, session, need(customer, 'customer')));
    }
  }
  return out;
}

/** The fresh e-mail stand-in's parts: an open or broken address built from it (`x jr@domain`, `@domain`) keeps them whole. */
const [freshLocal, freshDomain] = stateSlot.freshEmail.split('@') as [string, string];
const holdsFreshEmailPart = (s: string) => s !== stateSlot.freshEmail && (s.includes(freshLocal) || s.includes(`@${freshDomain}`));

/** A near miss built from the fresh SSN stand-in (`900000002\n`, ` 900000002`) carries the fresh SSN the same way. */
const holdsFreshSsn = (s: string) => s !== stateSlot.freshSsn && s.includes(stateSlot.freshSsn);

/** A list value built on stand-ins (list-item-near-miss: `<card>, <card>`): the stand-ins its items hold. */
const listSlots: readonly Slot[] = ['cardId'];
const inList = (s: string): Slot[] => (s.includes(',') ? listSlots.filter((k) => s.includes(stateSlot[k])) : []);

function slotsIn(value: unknown, found = new Set<Slot>()): Set<Slot> {
  if (typeof value === 'string') {
    for (const k of inList(value)) found.add(k);
    const slot = slotOf.get(value) ?? (holdsFreshEmailPart(value) ? 'freshEmail' : holdsFreshSsn(value) ? 'freshSsn' : undefined);
    if (slot) found.add(slot);
  } else if (Array.isArray(value)) value.forEach((v) => slotsIn(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => slotsIn(v, found));
  return found;
}

function replace<T>(value: T, map: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') {
    const email = map.get(stateSlot.freshEmail);
    if (!map.has(value) && email && holdsFreshEmailPart(value)) {
      const [local, domain] = email.split('@') as [string, string];
      return value.replace(freshLocal, local).replace(`@${freshDomain}`, `@${domain}`) as T;
    }
    const ssn = map.get(stateSlot.freshSsn);
    if (!map.has(value) && ssn && holdsFreshSsn(value)) return value.replace(stateSlot.freshSsn, ssn) as T;
    const listed = map.has(value) ? [] : inList(value).filter((k) => map.has(stateSlot[k]));
    if (listed.length) return listed.reduce((acc, k) => acc.split(stateSlot[k]).join(map.get(stateSlot[k])!), value as string) as T;
    return (map.get(value) ?? value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => replace(v, map)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v, map)])) as T;
  return value;
}

/**
 * Which fields name target state, by field (or attribute) name: one place for every
 * operation, so an operation added to contract/ with these names is wired without code.
 */
export function stateFields(op: { readonly writes: boolean; readonly fields: ReadonlyArray<{ readonly name: string }> }): Record<string, unknown> {
  const byName: Record<string, unknown> = {
    customerId: stateSlot.customerId,
    CustomerId: stateSlot.customerId,
    accountId: stateSlot.cardId,
    cardId: op.writes ? stateSlot.freshCardId : stateSlot.cardId,
    // D30: an unknown paging reference is unspecified, so a valid case sends none
    pagingTransactionReferenceNumber: undefined,
    SSN: stateSlot.customerSsn,
    SsoToken: stateSlot.ssoToken,
    ...(op.writes ? { ssn: stateSlot.freshSsn, emailAddress: stateSlot.freshEmail } : {}),
  };
  const names = new Set(op.fields.map((f) => f.name));
  const attributeList = op.fields.some((f) => (f as { type?: string }).type === 'attributeList');
  return Object.fromEntries(Object.entries(byName).filter(([k]) => names.has(k) || (attributeList && /^[A-Z]/.test(k))));
}

/** The input names the session's ssoToken: it is fetched just before the call, which needs it the newest (D18). */
export const needsSsoToken = (input: unknown): boolean => slotsIn(input).has('ssoToken');

const tokenTurns = new WeakMap<object, Promise<unknown>>();

/**
 * Runs cases that fetch and use the session's ssoToken one after another in this worker, while
 * other cases may be in flight beside them (issue 29): another case's AuthenticateOBO between
 * a case's own and its AddSessionAttributes would make its token stale (D18).
 */
export function oneTokenAtATime<T>(ctx: HarnessContext, task: () => Promise<T>): Promise<T> {
  const turn = (tokenTurns.get(ctx.client) ?? Promise.resolve()).then(task);
  tokenTurns.set(ctx.client, turn.catch(() => undefined));
  return turn;
}

/** The generated input with its stand-ins replaced by real state of the target. */
export async function withState<T>(ctx: HarnessContext, session: Session, input: T, kind: CaseKind): Promise<T> {
  const map = await resolveSlots(ctx, session, slotsIn(input), kind);
  const resolved = map.size === 0 ? input : replace(input, map);
  return kind === 'valid' ? newIdentityEmail(ctx, resolved) : resolved;
}

/** The members an identity's e-mail travels under (D10: either key), which D16 keeps unique. */
const identityEmailKeys = ['emailAddress', 'email'];

/**
 * A valid case's drawn e-mail (a bound, which no fresh address fits) made new with its length and
 * form kept (FreshValues.emailLike); one built from the fresh stand-in is new already.
 */
function newIdentityEmail<T>(ctx: HarnessContext, input: T): T {
  const body = (input as { body?: Record<string, unknown> } | null)?.body;
  if (!body || typeof body !== 'object') return input;
  const key = identityEmailKeys.find((k) => typeof body[k] === 'string' && /^[a-z0-9.-]+@[a-z0-9.-]+\.[a-z]+$/.test(body[k] as string));
  const drawn = key === undefined ? undefined : (body[key] as string);
  if (key === undefined || drawn === undefined || drawn.endsWith(`@${freshValues(ctx).domain}`)) return input;
  return { ...input, body: { ...body, [key]: freshValues(ctx).emailLike(drawn) } };
}
