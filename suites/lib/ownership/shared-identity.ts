import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { genericOracles, judge } from '../judge/oracles.js';
import { deleteCard } from '../state/cards.js';
import type { ScenarioCard } from './fixtures.js';
import { othersCardIdNotReturned, unlisted } from './oracles.js';

/**
 * One card identity held by two customers (D45, RESTler NamespaceRule): customer A registered the
 * number or token customer B holds as a card of its own (`held`, A's cardId). A's later writes
 * naming that card, an update of its data and then its DeleteCard, are A's own business and never
 * reach B's card of the same identity (blind13: a DeleteCard keyed on the token removed every
 * holder's card). The caller reads B's cards once after them, for both identity kinds at once.
 * Where the target refused A's registration (D37, readings card-number-one-customer and
 * card-token-one-customer) there is no such card: the writes are not sent and nothing is passed
 * for them, the note says why. `expirationMonthYear` is the update's: neither B's nor A's registered one.
 */
export async function sharedIdentityWrites(ctx: HarnessContext, session: Session, customerId: string, card: ScenarioCard, held: string | undefined, expirationMonthYear: string): Promise<CaseOutcome[]> {
  const what = card.kind === 'number' ? 'card number' : 'card token';
  if (held === undefined)
    return [{ exchanges: [], findings: [], checked: [], observed: { 'OWNERSHIP-CARDS': `not covered: this customer holds no card of the ${what} another customer holds (its registration was not accepted), so its update and DeleteCard of such a card were not sent` } }];
  const op = card.kind === 'number' ? 'AddOrUpdateCard' : 'AddOrUpdateTokenizedCard';
  const update = await ctx.client.call(op, { body: { ...card.payload, customerId, expirationMonthYear } }, { session });
  const removal = await deleteCard(ctx, session, customerId, held);
  return [
    // How an update of a card another customer also holds is answered is D30's (a 4xx with a JSON body at most).
    judge(update, { oracles: [...unlisted(ctx, update), othersCardIdNotReturned(card)] }),
    judge(removal, { oracles: genericOracles(ctx, removal) }),
  ];
}
