import { cardBody, expectUpsert, knownIds, register } from './card-common.js';
import { writeCards } from './card-list.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { customerWith, foreignCards, tail, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

type Body = Record<string, unknown>;
const OP = 'AddOrUpdateCard';

/**
 * A card number another customer holds, added for this one: a card entry is a customer's, so an
 * accepted one is a new entry of this customer (never the other's cardId) and is listed for it.
 * Whether one number may be registered by two customers is not documented: a refusal is observed.
 */
export class AddOtherCustomersNumber extends ModelCommand {
  constructor(readonly customer: number, readonly card: number, readonly generated: Body) { super(); }
  private pair(m: Readonly<Model>): { c: ModelCustomer; other: ModelCard } | undefined {
    const c = customerWith(m, this.customer, (k) => foreignNumbers(m, k).length > 0);
    const numbers = c && foreignNumbers(m, c);
    return c && numbers?.length ? { c, other: numbers[this.card % numbers.length]! } : undefined;
  }
  check(m: Readonly<Model>): boolean { return this.pair(m) !== undefined; }
  protected describe(): string { return `AddOrUpdateCard(customer[${this.customer}], another customer's card[${this.card}])`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const { c, other } = this.pair(m)!;
    const payload = cardBody(r, c, { ...this.generated, cardNumber: other.identity });
    this.begin(r, `AddOrUpdateCard(${c.label}, ${other.label} ${tail(other.identity)} of another customer, expiration ${String(payload.expirationMonthYear)})`);
    const x = await writeCards(r, c, OP, payload);
    const cardId = expectUpsert(r, x, { kind: 'number', identity: other.identity, payload }, {
      requirement: 'CARD-SUCCESS', notAny: knownIds(m), documentedSuccess: 'the card is registered for the customer named', documented: 'a card entry of this customer, not the other customer\'s',
      refusable: 'a card number another customer holds',
    });
    if (cardId === undefined) return;
    register(m, r, c, { cardId, kind: 'number', identity: other.identity, payload, because: 'CARD-SUCCESS' });
  }
}

/** Card numbers other customers hold that this customer does not. */
const foreignNumbers = (m: Readonly<Model>, c: ModelCustomer): ModelCard[] =>
  foreignCards(m, c).filter((k) => k.kind === 'number' && !c.cards.some((own) => own.identity === k.identity));
