import { cardFields, operations, responseMembers, transitions, type Operation, type RequirementId } from '../../../contract/index.js';
import { successRequirementId } from '../../../contract/requirements.js';

/**
 * Which write of the contract leaves an effect the API shows, and which read shows it (classes20a: a
 * write served with apiVersion either way was judged by its answer alone). Derived from contract/, so
 * an operation added there with such an answer or transition gets its read-back without code:
 * - a card write answers `{cards: [Card]}`: the card list shows that card with the Card members it sent;
 * - a card removal is the trigger of a Card transition to "removed": the list no longer shows the card;
 * - a customer write answers `{CustomerId}`: the lookup by the identity it sent finds that id.
 * The attribute writes answer nothing (D6) and move no state a read of the API returns: none here.
 */
const cardsMember = `{${responseMembers.cards}:`;

export const writesCard = (op: Operation): boolean => op.writes && op.success.body.startsWith(cardsMember);
export const removesCard = (op: Operation): boolean => transitions.some((t) => t.subject === 'Card' && t.next === 'removed' && t.trigger === op.id);
export const enrolsCustomer = (op: Operation): boolean => op.writes && op.success.body === `{${responseMembers.enrollCustomer}}`;

/** The read that lists a customer's cards (GetRegisteredCards): no write, answers a card list. */
export const cardListRead = (): Operation => operations.find((o) => !o.writes && o.success.body.startsWith(cardsMember))!;

/** The read that finds a customer by fields an enrolment sends (FindCustomer): no write, answers a customerId. */
export const customerLookup = (write: Operation): Operation | undefined => operations.find((o) => !o.writes
  && o.success.body === `{${responseMembers.findCustomer}}` && o.fields.every((f) => write.fields.some((w) => w.name === f.name)));

/** The request fields of a card write that the Card resource shows back (expirationMonthYear, cardNickname), the owner aside. */
export function shownCardFields(op: Operation): Array<{ name: string; type: string }> {
  return cardFields.filter((c) => c.name !== 'customerId' && op.fields.some((f) => f.name === c.name));
}

/**
 * The row a card write's effect fails: the first write of a card its success row; a later one whose data differ
 * the Card transition to "reauthorized" (STATE-CARD-CHANGED, STATE-TCARD-CHANGED). An identical one ("unchanged")
 * keeps the row of the write that set the data.
 */
export function cardWriteRow(op: Operation, first: boolean): RequirementId {
  const changed = transitions.find((t) => t.subject === 'Card' && t.next === 'reauthorized' && t.trigger === op.id)?.requirement as RequirementId | undefined;
  return first || !changed ? successRequirementId(op) : changed;
}

/** The row a removal's effect fails: its Card transition to "removed" (STATE-CARD-DELETED). */
export const removalRow = (op: Operation): RequirementId =>
  transitions.find((t) => t.subject === 'Card' && t.next === 'removed' && t.trigger === op.id)!.requirement as RequirementId;

/** Every row a read-back of the writes may judge: declared by the case up front. */
export function writeEffectRows(): RequirementId[] {
  const rows = new Set<RequirementId>();
  for (const op of operations) {
    if (writesCard(op)) rows.add(cardWriteRow(op, true)).add(cardWriteRow(op, false));
    if (removesCard(op)) rows.add(removalRow(op));
    // enrolledIdFound (oracles/model/expect.ts): the id found is the enrolment's (its success row), found at all the lookup's.
    if (enrolsCustomer(op) && customerLookup(op)) rows.add(successRequirementId(op)).add('FIND-ENROLLED');
  }
  return [...rows];
}

/** The write operations whose effect a read shows: the cells of the read-back (write operation x version place). */
export const effectWrites = (): Operation[] => operations.filter((op) => writesCard(op) || removesCard(op) || (enrolsCustomer(op) && customerLookup(op) !== undefined));
