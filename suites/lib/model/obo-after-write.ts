import fc from 'fast-check';
import { mmyy } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { ChangeCard, ResubmitCard } from './cards.js';
import { DeleteCard } from './card-list.js';
import { AddTokenizedCard, ChangeTokenizedExpiration, tokenCardDraw } from './tokenized.js';
import { ModelCommand } from './command.js';
import { authenticateObo } from './obo.js';
import { refusedCallsKeepSession } from './obo-refused-keeps.js';
import type { SequenceRun } from './real.js';
import { holdsCard, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

/**
 * The kinds of card write after which the linked account is read again. A new card (the D17 row
 * itself), a tokenized one (AuthenticateObo's tokenizedOnly) and a card written between AuthenticateOBO
 * and AddSessionAttributes (obo-card-change.ts) are read after elsewhere. `emptied`: every card the
 * customer holds deleted (the answer is observed: D17's column asserts nothing after a deletion), then a
 * card added again (an ssoToken once more, asserted: "after a card was added").
 */
export type CardWrite = 'changed' | 'identical' | 'deleted' | 'emptied';
const writes: readonly CardWrite[] = ['changed', 'identical', 'deleted', 'emptied'];

const said: Record<CardWrite, string> = {
  changed: 'every card it holds changed (reauthorized)',
  identical: 'every card it holds resubmitted with identical data (unchanged)',
  deleted: 'all its cards but one deleted',
  emptied: 'all its cards deleted',
};

/** Cards the customer must hold for the write to leave the linked account hanging on what it wrote (a card stays after a deletion). */
const least: Record<CardWrite, number> = { changed: 1, identical: 1, deleted: 2, emptied: 1 };

/**
 * The customer holding the fewest cards the write needs: every card it holds is then written at the
 * fewest requests, and no card the write left alone can stand in for the linked account.
 */
function customerFor(m: Readonly<Model>, write: CardWrite): ModelCustomer | undefined {
  const able = m.customers.filter((c) => c.cards.length >= least[write]);
  return able.sort((a, b) => a.cards.length - b.cards.length)[0];
}

/** Where a card stands among the customer's cards of its kind (the card commands name a card so). */
const indexOfKind = (c: ModelCustomer, card: ModelCard): number => c.cards.filter((k) => k.kind === card.kind).indexOf(card);

/**
 * D17 after every kind of card write: a linked-account query that counts only cards in some state
 * answers NO_LINKED_ACCOUNT once every card the customer holds was last written another way. For
 * each kind not read after yet in this sequence (Model.linkedReadAfter), the customer's cards are
 * written as the cards model's own commands send and judge them, so that every card it still holds
 * was last written by this kind; then AuthenticateOBO must answer with an ssoToken (it holds a card).
 * After `emptied` nothing is asserted; where the target refuses it (NO_LINKED_ACCOUNT), the session first gave
 * another customer holding a card a token, which that refusal and one for a customerId of no customer must leave
 * in force (obo-refused-keeps.ts); then a tokenized card added again is read after. One command for every kind: the random sequences draw among one command more, not three (a hunt
 * for a failure elsewhere stays as likely to find it), and the coverage sequence reads after every
 * kind at its first draw where customers hold cards.
 */
export class OboAfterCardWrites extends ModelCommand {
  /** `expirations`: two different MMYY values, one of which differs from a card's own; `generated`: the card added again after `emptied`. */
  constructor(readonly expirations: readonly [string, string], readonly generated: Record<string, unknown>) { super(); }
  private pending(m: Readonly<Model>): CardWrite[] {
    return writes.filter((w) => !m.linkedReadAfter.has(w) && customerFor(m, w) !== undefined);
  }
  check(m: Readonly<Model>): boolean { return this.pending(m).length > 0; }
  protected describe(): string { return 'each kind of card write not read after yet, then AuthenticateOBO'; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    for (const write of this.pending(m)) {
      // A kind whose customer an earlier kind's writes took away (a deletion) waits for a later draw.
      const c = customerFor(m, write);
      if (!c) continue;
      m.linkedReadAfter.add(write);
      const index = m.customers.indexOf(c);
      // Before a customer is emptied, another holding a card gets the session's token: the refusal to come must leave it so.
      const holder = write === 'emptied' ? m.customers.find((k) => k !== c && holdsCard(k)) : undefined;
      if (holder) this.begin(r, `AuthenticateOBO(${holder.label}, which holds ${holder.cards.map((k) => k.label).join(', ')}), before another customer's cards are all deleted`);
      const kept = holder && (await authenticateObo(m, r, holder));
      for (const card of write === 'deleted' ? c.cards.slice(0, -1) : [...c.cards]) await this.writeOne(m, r, write, index, c, card);
      const holds = c.cards.length ? `which holds ${c.cards.map((k) => k.label).join(', ')}` : 'which holds no card';
      this.begin(r, `AuthenticateOBO(${c.label}, ${holds}, after ${said[write]})`);
      const issued = await authenticateObo(m, r, c);
      if (write !== 'emptied' || c.cards.length > 0) continue;
      if (holder && kept !== undefined && issued === undefined) await refusedCallsKeepSession(m, r, holder, kept);
      // A card added again, tokenized: a card of either kind is a linked account, and the run's other first cards are
      // numbers almost everywhere, so a linked flag only one insert path sets shows (refused for the target's own reasons,
      // D37: nothing more to read).
      await new AddTokenizedCard(index, this.generated).run(m, r);
      if (c.cards.length === 0) continue;
      this.begin(r, `AuthenticateOBO(${c.label}, which holds ${c.cards.map((k) => k.label).join(', ')}, added after all its cards were deleted)`);
      await authenticateObo(m, r, c);
    }
  }

  private async writeOne(m: Model, r: SequenceRun, write: CardWrite, index: number, c: ModelCustomer, card: ModelCard): Promise<void> {
    if (write === 'deleted' || write === 'emptied') return new DeleteCard(index, c.cards.indexOf(card)).run(m, r);
    const k = indexOfKind(c, card);
    if (write === 'identical') return new ResubmitCard(index, k, card.kind).run(m, r);
    const value = this.expirations.find((e) => e !== card.payload.expirationMonthYear)!;
    if (card.kind === 'token') return new ChangeTokenizedExpiration(index, k, value).run(m, r);
    return new ChangeCard(index, k, { field: 'expirationMonthYear', value }).run(m, r);
  }
}

export function oboAfterWriteCommand(ctx: HarnessContext): fc.Arbitrary<ModelCommand> {
  return fc.tuple(fc.uniqueArray(mmyy(), { minLength: 2, maxLength: 2 }), tokenCardDraw(ctx)).map(([[a, b], g]) => new OboAfterCardWrites([a!, b!], g));
}
