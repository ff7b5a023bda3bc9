import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judge } from '../judge/oracles.js';
import { predict } from '../../../oracles/model/predict.js';
import { ssoTokenFor } from '../state/case-state.js';
import { addCard, addTokenizedCard } from '../state/cards.js';

/**
 * The session's customer context (blind18): AuthenticateOBO for `owner` (a customer holding cards), then
 * `named` gets a card of each kind in that session. The States table ties AuthenticateOBO to the session, but
 * every request names its customer: a card written for `named` is `named`'s (Card.customerId is the owner),
 * so each reply's customerId, where not empty, is `named`'s, never the session's customer. The ownership
 * requests the caller sends next (another customer's card named through `named`, D45) go in the same
 * session, whose customer is then the owner of the card they name: a check made against the session's
 * customer rather than the request's lets them through, and the caller's reads of the owner's list show it.
 * The cards join the footprint (deleted at the end); `named` holds a card from here on.
 */
export async function inOthersContext(ctx: HarnessContext, session: Session, named: string, owner: string): Promise<CaseOutcome[]> {
  await ssoTokenFor(ctx, session, owner);
  const byNumber = await addCard(ctx, session, named);
  const byToken = await addTokenizedCard(ctx, session, named);
  return [
    judge(byNumber.exchange, { oracles: [predict.cardData({ payload: byNumber.payload, requirement: 'CARD-SUCCESS' })] }),
    judge(byToken.exchange, { oracles: [predict.cardData({ payload: byToken.payload, requirement: 'TCARD-SUCCESS' })] }),
  ];
}
