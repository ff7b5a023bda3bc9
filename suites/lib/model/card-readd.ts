import fc from 'fast-check';
import { expectUpsert, knownIds, nickname, register } from './card-common.js';
import { deleteModelCard, writeCards } from './card-list.js';
import { cardFieldDraws, mutableFields, operationOf, shown, type FieldDraws } from './card-update.js';
import { ModelCommand } from './command.js';
import type { HarnessContext } from '../runner/context.js';
import type { SequenceRun } from './real.js';
import { cardAt, customerWith, maxCustomers, tail, type CardKind, type Model, type ModelCustomer } from '../../../oracles/model/state.js';

/**
 * A token stands in for the card number: a target may take a token with the BIN and last four
 * of a registered tokenized card for that card re-tokenized (reading tcard-new-token-same-card),
 * so re-adding such a token may update that card instead of adding one. Not documented either way.
 */
const sameTokenizedCard = (a: { payload: Record<string, unknown> }, b: { payload: Record<string, unknown> }): boolean =>
  a.payload.cardBin === b.payload.cardBin && (a.payload.lastFourOfCard ?? '') === (b.payload.lastFourOfCard ?? '');

/** A deleted card of the customer whose number or token is not registered again yet (nor, for a token, its card re-tokenized). */
export function readdable(c: ModelCustomer) {
  return c.deleted.filter((d) => !c.cards.some((k) => k.kind === d.kind && (k.identity === d.identity || (d.kind === 'token' && sameTokenizedCard(k, d)))));
}

const holdsReaddable = (c: ModelCustomer): boolean => readdable(c).length > 0;

type Deleted = ModelCustomer['deleted'][number];

/**
 * States: adding a deleted card again creates a different card entry, whatever data comes with it: the
 * deleted card's own, or other values in any of the fields a partner sends anew (blind19: a changed
 * expiry took the update path and revived the old cardId). `draws` gives the fields' new values (none: the same data).
 */
export class ReaddCard extends ModelCommand {
  constructor(readonly customer: number, readonly deleted: number, readonly draws: FieldDraws = {}) { super(); }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, holdsReaddable) !== undefined; }
  protected describe(): string { return `AddOrUpdate(customer[${this.customer}], deleted card[${this.deleted}] again${drawn(this.draws)})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, holdsReaddable)!;
    const options = readdable(c);
    await readdAgain(m, r, c, options[this.deleted % options.length]!, this.draws, (said) => this.begin(r, said));
  }
}

const drawn = (draws: FieldDraws): string => {
  const fields = Object.keys(draws).filter((f) => draws[f] !== undefined);
  return fields.length ? `, ${fields.join(', ')} drawn anew` : '';
};

/** Adds the deleted card `d` again with `draws` over its data and expects a new entry: none of its earlier cardIds, nor any the model knows. */
async function readdAgain(m: Model, r: SequenceRun, c: ModelCustomer, d: Deleted, draws: FieldDraws, begin: (said: string) => void): Promise<void> {
  const op = operationOf(d.kind);
  const payload: Record<string, unknown> = { ...d.payload };
  for (const field of mutableFields[d.kind]) {
    const value = draws[field];
    if (value !== undefined) payload[field] = field === 'cardNickname' ? nickname(r, value) : value;
  }
  const changed = mutableFields[d.kind].filter((f) => payload[f] !== d.payload[f]);
  const said = changed.map((f) => (shown.has(f) ? `${f} ${String(d.payload[f] ?? '(none)')} → ${String(payload[f])}` : `${f} changed`)).join(', ');
  begin(`${op}(${c.label}, deleted card ${d.cardId.slice(0, 8)}… ${tail(d.identity)} again, ${said || 'same data'})`);
  const x = await writeCards(r, c, op, payload);
  const earlier = c.deleted.filter((e) => e.kind === d.kind && e.identity === d.identity).map((e) => e.cardId);
  const cardId = expectUpsert(r, x, { ...d, payload }, {
    requirement: 'STATE-CARD-DELETED', notAny: [...earlier, ...knownIds(m)],
    documentedSuccess: 'a deleted card can be added again', documented: 'adding the same card again creates a different card entry',
  });
  register(m, r, c, { cardId, kind: d.kind, identity: d.identity, payload, because: 'STATE-CARD-DELETED' });
}

/**
 * A card of `kind` deleted and at once added again with other data (its own deletion, so the coverage
 * sequence meets both kinds whatever else it deleted and re-added): a number card with its expiry drawn
 * anew, a tokenized card with its nickname (its last four kept: other last four behind a token may be
 * another card), each with a random subset of the other fields.
 */
export class DeleteThenReaddChanged extends ModelCommand {
  constructor(readonly kind: CardKind, readonly customer: number, readonly card: number, readonly draws: FieldDraws) { super(); }
  private holds = (c: ModelCustomer): boolean => cardAt(c, this.card, this.kind) !== undefined;
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, this.holds) !== undefined; }
  protected describe(): string { return `DeleteCard(customer[${this.customer}], ${this.kind} card[${this.card}]), then added again${drawn(this.draws)}`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, this.holds)!;
    const card = cardAt(c, this.card, this.kind)!;
    this.begin(r, `DeleteCard(${c.label}, ${card.label} ${tail(card.identity)}), to add it again with other data`);
    await deleteModelCard(r, c, card);
    // A token whose BIN and last four another registered card shares may be taken for that card (readdable): not judged.
    const d = readdable(c).find((e) => e.cardId === card.cardId);
    if (d) await readdAgain(m, r, c, d, this.draws, (said) => r.step(said));
  }
}

export function readdChangedCommands(ctx: HarnessContext): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  const of = (kind: CardKind, lead: string) => fc.tuple(customer, card, cardFieldDraws(ctx, kind, lead))
    .map(([i, k, d]) => new DeleteThenReaddChanged(kind, i, k, { ...d, lastFourOfCard: undefined }));
  return [of('number', 'expirationMonthYear'), of('token', 'cardNickname')];
}
