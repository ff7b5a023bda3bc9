import fc from 'fast-check';
import { exclusiveSessionFilters, operation } from '../../../contract/index.js';
import { validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { AddCard } from './cards.js';
import { DeleteCard } from './card-list.js';
import { ModelCommand } from './command.js';
import { authenticateObo } from './obo.js';
import { predict } from '../../../oracles/model/predict.js';
import { ok, type SequenceRun } from './real.js';
import { customerWith, holdsCard, maxCustomers, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

const [idFilter] = exclusiveSessionFilters;
type Change = 'added' | 'deleted';
/** A card is deleted only where one stays: the customer still holds a linked account for the session. */
const canChange = (change: Change) => (c: ModelCustomer): boolean => (change === 'added' ? holdsCard(c) : c.cards.length >= 2);

/**
 * AuthenticateOBO, then a card write of the same customer, then AddSessionAttributes naming the
 * card the write touched. "Account values are validated for format and for applicability to the
 * client or customer" when AddSessionAttributes is called: a card added after the AuthenticateOBO
 * is the customer's, one deleted after it is not (D19). A target that checks the filters against
 * the cards AuthenticateOBO saw answers the other way (blind11: a card added after it refused).
 */
export class SessionAttributesAfterCardChange extends ModelCommand {
  constructor(readonly customer: number, readonly generated: Record<string, unknown>) { super(); }
  /**
   * A new card and a deleted one in turn (the model counts them): one command, so the coverage
   * sequence's three draws of it send both whatever the seed at half the requests of two commands.
   */
  private change(m: Readonly<Model>): Change {
    return m.cardChangesAfterObo % 2 === 0 ? 'added' : 'deleted';
  }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, canChange(this.change(m))) !== undefined; }
  protected describe(): string { return `AuthenticateOBO, a card added or deleted, then AddSessionAttributes(customer[${this.customer}], ${idFilter} of that card)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const change = this.change(m);
    m.cardChangesAfterObo += 1;
    const c = customerWith(m, this.customer, canChange(change))!;
    const index = m.customers.indexOf(c);
    this.begin(r, `AuthenticateOBO(${c.label}), before a card is ${change}`);
    const token = await authenticateObo(m, r, c);
    if (token === undefined) return;
    const card = await this.write(m, r, c, index, change);
    if (!card) return; // a new card refused for the target's own reasons (D37): nothing to name
    this.begin(r, `AddSessionAttributes(SsoToken of that AuthenticateOBO, ${idFilter} of ${card.label}, ${change} after it)`);
    const items = [['SsoToken', token], [idFilter, card.cardId]] as const;
    const x = await r.call('AddSessionAttributes', { body: { sessionAttributes: items.map(([name, value]) => ({ name, value })) } });
    r.judge(x, {
      oracles: [change === 'added'
        ? predict.accepted({ requirement: 'SATTR-FILTERS', documented: 'a filter naming a card the customer holds when AddSessionAttributes is called is accepted, whenever it was added' })
        : predict.refusedWithRow({ requirement: 'SATTR-FILTERS', row: 'INVALID_INFORMATION', documented: 'the filter names a card deleted after the AuthenticateOBO: not the customer\'s card any more' })],
    });
    if (ok(x)) for (const [name, value] of items) m.session.attributes[name] = value;
  }

  /** The card write between the two, as the model's own card commands send and judge it; the card it touched. */
  private async write(m: Model, r: SequenceRun, c: ModelCustomer, index: number, change: Change): Promise<ModelCard | undefined> {
    if (change === 'added') {
      const before = c.cards.length;
      await new AddCard(index, this.generated).run(m, r);
      return c.cards.length > before ? c.cards.at(-1) : undefined;
    }
    const card = c.cards[0]!;
    await new DeleteCard(index, 0).run(m, r);
    return card;
  }
}

export function cardChangeAfterOboCommands(ctx: HarnessContext): Array<fc.Arbitrary<ModelCommand>> {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  const customer = fc.nat({ max: maxCustomers - 1 });
  const generated = validPayload(operation('AddOrUpdateCard'), { declinedCardNumber, deniedCardBin, includeOptional: false }).map((p) => p.body ?? {});
  return [fc.tuple(customer, generated).map(([i, g]) => new SessionAttributesAfterCardChange(i, g))];
}
