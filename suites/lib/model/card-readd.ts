import { expectUpsert, knownIds, register } from './card-common.js';
import { writeCards } from './card-list.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { customerWith, tail, type Model, type ModelCustomer } from '../../../oracles/model/state.js';

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

/** States: adding a deleted card again creates a different card entry. */
export class ReaddCard extends ModelCommand {
  constructor(readonly customer: number, readonly deleted: number) { super(); }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, holdsReaddable) !== undefined; }
  protected describe(): string { return `AddOrUpdate(customer[${this.customer}], deleted card[${this.deleted}] again)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, holdsReaddable)!;
    const options = readdable(c);
    const d = options[this.deleted % options.length]!;
    const op = d.kind === 'number' ? 'AddOrUpdateCard' : 'AddOrUpdateTokenizedCard';
    this.begin(r, `${op}(${c.label}, deleted card ${d.cardId.slice(0, 8)}… ${tail(d.identity)} again, same data)`);
    const x = await writeCards(r, c, op, d.payload);
    const earlier = c.deleted.filter((e) => e.kind === d.kind && e.identity === d.identity).map((e) => e.cardId);
    const cardId = expectUpsert(r, x, d, {
      requirement: 'STATE-CARD-DELETED', notAny: [...earlier, ...knownIds(m)],
      documentedSuccess: 'a deleted card can be added again', documented: 'adding the same card again creates a different card entry',
    });
    register(m, r, c, { cardId, kind: d.kind, identity: d.identity, payload: d.payload, because: 'STATE-CARD-DELETED' });
  }
}
