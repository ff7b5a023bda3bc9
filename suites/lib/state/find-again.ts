import { responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import { transportBroken } from '../../../checks/index.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import type { HarnessContext } from '../runner/context.js';
import { familyMember, type FamilyUse } from './family.js';
import { fixtureBody, SetupBroken } from './fixture-errors.js';
import { accepted, samplePayload } from './setup-call.js';

/**
 * A customer of the run family (family.ts), found again or enrolled (issue 30 item 6): first
 * FindCustomer by its SSN and date of birth; found, its cards left by an earlier night are
 * deleted, so it starts as a fresh enrolment would, with no card; not found, it is enrolled, and
 * a refusal for the target's own reasons (D16: already enrolled, by a night whose lookup failed)
 * sends FindCustomer again. Undefined where the run has no family or the identity cannot be used
 * (its leftover cards would not go, or the target refused it): the caller enrols a fresh one.
 * Nothing here is judged: these are setup calls, and a found customer's data is another night's.
 */

export interface ReusedCustomer {
  readonly customerId: string;
  readonly ssn: string;
  /** As sent in the lookup (and the enrolment, if there was one). */
  readonly dateOfBirth: string;
  /** The e-mail the customer was enrolled with, where this process enrolled it; undefined otherwise (another night's may differ). */
  readonly emailAddress: string | undefined;
  /** Found by FindCustomer, not enrolled just now: it may have held cards before (its history is not known). */
  readonly found: boolean;
}

const slashedForm = (iso: string): string => iso.replace(/-/g, '/');

/** Slots this process enrolled or found: finding one of them again is not a customer of an earlier night. */
const known = new Set<number>();
/** Slots this process enrolled: their e-mail is known. */
const enrolledHere = new Set<number>();

/** Sends one setup request; a model sequence passes its own, so the story shows it. */
export type SetupSend = (operation: string, body: Record<string, unknown>) => Promise<Exchange>;

export async function reusableCustomer(ctx: HarnessContext, session: Session, use: FamilyUse, dateForm?: (iso: string) => string, sent?: SetupSend): Promise<ReusedCustomer | undefined> {
  const member = familyMember(ctx, use);
  if (!member) return undefined;
  const send: SetupSend = sent ?? ((operation, body) => ctx.client.call(operation, { body }, { session }));
  const { ssn } = member.person;
  // Both year-first forms (D9) spread over the family by slot, so each form is enrolled and read back (blind15).
  const dateOfBirth = (dateForm ?? (member.slot % 2 === 1 ? slashedForm : (d: string) => d))(member.person.dateOfBirth);
  const found = async (): Promise<ReusedCustomer | undefined> => {
    const customerId = await findCustomer(send, ssn, dateOfBirth);
    if (!customerId || !(await removeLeftCards(ctx, send, customerId))) return undefined;
    if (!known.has(member.slot)) ctx.footprint.customerFoundAgain();
    known.add(member.slot);
    return { customerId, ssn, dateOfBirth, emailAddress: enrolledHere.has(member.slot) ? member.person.emailAddress : undefined, found: true };
  };
  const again = await found();
  if (again) return again;
  const { emailAddress, ...person } = member.person;
  const payload = samplePayload(ctx, 'EnrollCustomer', { ...person, dateOfBirth, [ctx.profile.emailKey]: emailAddress });
  const x = await send('EnrollCustomer', payload);
  if (transportBroken(x)) throw new SetupBroken(x, `EnrollCustomer of a customer of the run family: ${transportBroken(x)}`);
  if (ownReasonRefusal(x)) return found();
  if (!accepted(x)) return undefined;
  const body = fixtureBody(ctx, x, { what: 'EnrollCustomer of a customer of the run family', operation: 'EnrollCustomer', member: [responseMembers.enrollCustomer] });
  known.add(member.slot);
  enrolledHere.add(member.slot);
  ctx.footprint.familyEnrolled();
  return { customerId: String(body[responseMembers.enrollCustomer]), ssn, dateOfBirth, emailAddress, found: false };
}

/** The customerId FindCustomer answers for the identity, or undefined (422 CUSTOMER_NOT_FOUND, or any other refusal). */
async function findCustomer(send: SetupSend, ssn: string, dateOfBirth: string): Promise<string | undefined> {
  const x = await send('FindCustomer', { ssn, dateOfBirth });
  if (transportBroken(x)) throw new SetupBroken(x, `FindCustomer of a customer of the run family: ${transportBroken(x)}`);
  const id = accepted(x) ? (x.response?.json as Record<string, unknown> | undefined)?.[responseMembers.findCustomer] : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Deletes every card listed for a found customer; false when one stays (the customer is not used then). */
async function removeLeftCards(ctx: HarnessContext, send: SetupSend, customerId: string): Promise<boolean> {
  const listed = await cardIds(send, customerId);
  if (!listed) return false;
  for (const cardId of listed) {
    const x = await send('DeleteCard', { customerId, cardId });
    if (transportBroken(x)) throw new SetupBroken(x, `DeleteCard of a card an earlier run left: ${transportBroken(x)}`);
    if (!accepted(x)) return false;
    // A slot found again within the run (a scenario's next case) holds this worker's own cards: removed as such.
    if (ctx.footprint.holds(cardId)) ctx.footprint.cardRemoved(cardId);
    else ctx.footprint.leftCardRemoved();
  }
  return listed.length === 0 || (await cardIds(send, customerId))?.length === 0;
}

async function cardIds(send: SetupSend, customerId: string): Promise<string[] | undefined> {
  const x = await send('GetRegisteredCards', { customerId });
  if (transportBroken(x)) throw new SetupBroken(x, `GetRegisteredCards of a customer of the run family: ${transportBroken(x)}`);
  const cards = accepted(x) ? (x.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards] : undefined;
  if (!Array.isArray(cards)) return undefined;
  return cards.flatMap((c) => (c && typeof c === 'object' && typeof (c as Record<string, unknown>).cardId === 'string' ? [String((c as Record<string, unknown>).cardId)] : []));
}
