import fc from 'fast-check';
import { operation } from '../../../contract/index.js';
import { compareCardList } from './card-list.js';
import { changedRow, mutableFields, operationOf, shown, writeCardData } from './card-update.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { cardAt, customerWith, maxCustomers, tail, type CardKind, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

type Body = Record<string, unknown>;

/**
 * The card data of `kind` that is free text (a string with no format of its own, read from contract/,
 * so a new free-text field of a card is covered too): the values a collation may compare ignoring case.
 */
export const freeTextCardFields = (kind: CardKind): readonly string[] =>
  operation(operationOf(kind)).fields
    .filter((f) => f.type === 'string' && !f.format && !f.referenceFormat && mutableFields[kind].includes(f.name))
    .map((f) => f.name);

/** Every letter in the other case: the same text under a case-insensitive collation, other data as sent. */
const otherCase = (v: string): string => [...v].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');

/**
 * States: "any card data differs" → the data stored. blind19: the "unchanged" comparison ran under a
 * case-insensitive collation, so a nickname changed only in letter case was taken as identical and
 * not stored. This update sends every free-text field of the card with its letters in the other case
 * and nothing else anew; the reply and GetRegisteredCards right after it show the nickname (and any
 * shown free text) as now sent, on number and token cards alike.
 */
export class UpdateCardCaseOnly extends ModelCommand {
  constructor(readonly kind: CardKind, readonly customer: number, readonly card: number) { super(); }
  private holds = (c: ModelCustomer): boolean => this.cardOf(c) !== undefined;
  /** The customer's card of this kind whose free text has a letter to change. */
  private cardOf(c: ModelCustomer): ModelCard | undefined {
    const card = cardAt(c, this.card, this.kind);
    return card && freeTextCardFields(this.kind).some((f) => typeof card.payload[f] === 'string' && otherCase(card.payload[f]) !== card.payload[f]) ? card : undefined;
  }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, this.holds) !== undefined; }
  protected describe(): string { return `${operationOf(this.kind)}(customer[${this.customer}], ${this.kind} card[${this.card}], free text in the other letter case)`; }

  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, this.holds)!;
    const card = this.cardOf(c)!;
    const payload: Body = { ...card.payload };
    for (const f of freeTextCardFields(this.kind)) if (typeof payload[f] === 'string') payload[f] = otherCase(payload[f]);
    const changed = mutableFields[this.kind].filter((f) => payload[f] !== card.payload[f]);
    const said = changed.map((f) => (shown.has(f) ? `${f} ${String(card.payload[f])} → ${String(payload[f])}` : `${f} in the other case`)).join(', ');
    this.begin(r, `${operationOf(this.kind)}(${c.label}, ${card.label} ${tail(card.identity)}, only letter case changed: ${said}), then GetRegisteredCards`);
    await writeCardData(r, c, card, payload, changed, changedRow(this.kind), {
      documentedSuccess: 'card data that differs (in letter case only) is reauthorized and stored',
      documented: 'the same cardId after an update of the card\'s data',
    });
    await compareCardList(r, c);
  }
}

/** A case-only update of each card kind, so the coverage sequence (one draw of each command) sends both. */
export function cardCaseOnlyCommands(): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  const of = (kind: CardKind) => fc.tuple(customer, card).map(([i, k]) => new UpdateCardCaseOnly(kind, i, k));
  return [of('number'), of('token')];
}
