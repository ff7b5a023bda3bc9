import fc from 'fast-check';
import { changedRow, mutableFields, operationOf, shown, writeCardData } from './card-update.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { customerWith, maxCustomers, tail, type CardKind, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

/**
 * States: "any card data differs" → reauthorized and stored, also when the data differs from the card's
 * present data only by going back to what it held before (A -> B -> A). A service that decides "unchanged"
 * against data it cached at insert, or kept from an earlier version of the card (blind17), answers such a
 * write "unchanged" and stores nothing. The card's data the reply or list shows (expiration, nickname, last four)
 * is sent back as the card was registered, every other member as it is now (its number or token, its owner);
 * the reply is compared with it, and the list where the model reads it next (before the next write, or at the end).
 */
export class RestoreCardData extends ModelCommand {
  constructor(readonly kind: CardKind, readonly customer: number, readonly card: number) { super(); }
  /** The card's data as registered, where a member the Card resource shows differs from it now. */
  private earlier = (k: ModelCard): Record<string, unknown> | undefined => {
    if (k.kind !== this.kind || !k.registeredWith) return undefined;
    // A member the registration left out is sent as it is now: what leaving it out on an update means is not shown.
    const back = Object.fromEntries(mutableFields[this.kind].filter((f) => k.registeredWith![f] !== undefined).map((f) => [f, k.registeredWith![f]]));
    return [...shown].some((f) => f in back && back[f] !== k.payload[f]) ? back : undefined;
  };
  private holds = (c: ModelCustomer): boolean => c.cards.some((k) => this.earlier(k) !== undefined);
  check(m: Readonly<Model>): boolean { return !m.restoredKinds.has(this.kind) && customerWith(m, this.customer, this.holds) !== undefined; }
  protected describe(): string { return `${operationOf(this.kind)}(customer[${this.customer}], ${this.kind} card[${this.card}] back to its data as registered)`; }

  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, this.holds)!;
    m.restoredKinds.add(this.kind);
    const cards = c.cards.filter((k) => this.earlier(k) !== undefined);
    const card = cards[this.card % cards.length]!;
    const back = this.earlier(card)!;
    const payload: Record<string, unknown> = { ...card.payload, ...back };
    const changed = mutableFields[this.kind].filter((f) => payload[f] !== card.payload[f]);
    const requirement = changedRow(this.kind);
    const said = changed.map((f) => (shown.has(f) ? `${f} ${String(card.payload[f] ?? '(none)')} → ${String(payload[f] ?? '(none)')}` : `${f} back`)).join(', ');
    this.begin(r, `${operationOf(this.kind)}(${c.label}, ${card.label} ${tail(card.identity)} back to its data as registered: ${said})`);
    await writeCardData(r, c, card, payload, changed, requirement, {
      documentedSuccess: 'card data changed back to what the card held before is reauthorized and stored',
      documented: 'the same cardId after a change of the card\'s data',
    });
    // The list is read before the customer's next card write (writeCards) or at the sequence's end: no read of its own.
  }
}

/** A return to earlier data of each kind of card: after the updates in the coverage sequence's order, so one has data to go back to. */
export function cardRestoreCommands(): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  return (['number', 'token'] as const).map((kind) => fc.tuple(customer, card).map(([i, k]) => new RestoreCardData(kind, i, k)));
}
