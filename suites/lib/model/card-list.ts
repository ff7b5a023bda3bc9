import fc from 'fast-check';
import { responseMembers } from '../../../contract/index.js';
import { cardsMatchSchema } from '../../../checks/index.js';
import { ModelCommand } from './command.js';
import { byCheck, predict } from '../../../oracles/model/predict.js';
import { body, ok, type SequenceRun } from './real.js';
import { cardAt, customerAt, customerWith, holdsCard, maxCustomers, tail, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';
import { isBrokenError } from '../runner/stop.js';
import type { Responded } from '../../../checks/support.js';

/** GetRegisteredCards: exactly the model's cards, every Card field with its type (CARDS-SHAPE). */
export async function compareCardList(r: SequenceRun, c: ModelCustomer): Promise<void> {
  const x = await r.call('GetRegisteredCards', { body: { customerId: c.customerId } });
  c.listRead = true;
  r.judge(x, { oracles: [byCheck(cardsMatchSchema, undefined)] }, { oracles: [predict.cardList(c)] });
}

const holding = (c: ModelCustomer): string => (c.cards.length ? c.cards.map((k) => k.label).join(', ') : 'no card');

/**
 * A write of `c`'s cards (a new, changed or deleted card), read-write-read (the stale read of
 * RESTler's and Schemathesis' stateful checks): its list is read first if no read followed its last
 * write, so the next read (the one before the next write, or the end's) shows a list a read cached
 * and the write did not evict. Only an unread list is read: the budget pays one read per write at
 * most. The read is an exchange of the write's step, not a step of its own: a story of the coverage
 * sequence stays as short as it was, so its failing step still shows in the 40 lines the live output prints.
 */
export async function writeCards(r: SequenceRun, c: ModelCustomer, operationId: string, body: Record<string, unknown>): Promise<Responded> {
  if (!c.listRead) await compareCardList(r, c);
  c.listRead = false;
  return r.call(operationId, { body });
}

export class GetRegisteredCards extends ModelCommand {
  constructor(readonly customer: number) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `GetRegisteredCards(customer[${this.customer}])`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    this.begin(r, `GetRegisteredCards(${c.label}: the model holds ${holding(c)})`);
    await compareCardList(r, c);
  }
}

/** States: DeleteCard → removed; the card leaves the list. */
export class DeleteCard extends ModelCommand {
  constructor(readonly customer: number, readonly card: number) { super(); }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, holdsCard) !== undefined; }
  protected describe(): string { return `DeleteCard(customer[${this.customer}], card[${this.card}])`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, holdsCard)!;
    const card = cardAt(c, this.card)!;
    this.begin(r, `DeleteCard(${c.label}, ${card.label} ${tail(card.identity)})`);
    await deleteModelCard(r, c, card);
  }
}

/** DeleteCard of `card`, judged accepted, and the model's customer without it (its entry among the deleted). */
export async function deleteModelCard(r: SequenceRun, c: ModelCustomer, card: ModelCard): Promise<void> {
  const x = await writeCards(r, c, 'DeleteCard', { customerId: c.customerId, cardId: card.cardId });
  r.judge(x, { oracles: [predict.accepted({ requirement: 'STATE-CARD-DELETED', documented: 'a registered card is deleted' })] });
  c.cards.splice(c.cards.indexOf(card), 1);
  c.deleted.push({ cardId: card.cardId, kind: card.kind, identity: card.identity, payload: card.payload });
  r.ctx.footprint.cardRemoved(card.cardId);
}

/** After the last command: every customer's list agrees with the model. */
export async function verifyCardLists(m: Model, r: SequenceRun): Promise<void> {
  for (const c of m.customers) {
    r.step(`end: GetRegisteredCards(${c.label}: the model holds ${holding(c)})`);
    await compareCardList(r, c);
  }
}

/**
 * Deletes every card the sequence's customers hold (all of them were added by the sequence:
 * the customers are its own), whatever the model says, so a shared sandbox keeps nothing.
 */
export async function deleteAllCards(m: Model, r: SequenceRun): Promise<void> {
  for (const c of m.customers) {
    r.step(`clean-up: delete the cards of ${c.label}`);
    const x = await r.call('GetRegisteredCards', { body: { customerId: c.customerId } });
    const listed = body(x)[responseMembers.cards];
    const ids = new Set([...c.cards.map((k) => k.cardId), ...(Array.isArray(listed) ? listed.map((l: { cardId?: unknown }) => l?.cardId) : [])]);
    for (const cardId of ids) {
      if (typeof cardId !== 'string') continue;
      // A delete whose reply was lost is not resent: the card stays remembered and the suite's end deletes it if it is still there.
      const d = await r.call('DeleteCard', { body: { customerId: c.customerId, cardId } }).catch((error: unknown) => {
        if (isBrokenError(error)) return undefined;
        throw error;
      });
      if (d && ok(d)) r.ctx.footprint.cardRemoved(cardId);
    }
  }
}

export function listCommands(): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  return [
    customer.map((i) => new GetRegisteredCards(i)),
    fc.tuple(customer, fc.nat({ max: 5 })).map(([i, k]) => new DeleteCard(i, k)),
  ];
}
