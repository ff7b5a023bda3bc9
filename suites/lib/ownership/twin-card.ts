import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import { FixtureError } from '../state/fixture-errors.js';
import { isLuhnValid } from '../../../generators/index.js';
import { genericOracles, judge } from '../judge/oracles.js';
import { addCard } from '../state/cards.js';
import { sameGuid, transactionIds, type ScenarioCard } from './fixtures.js';
import { ok, twinIsAnotherCard, twinTransactionsApart } from './oracles.js';

/**
 * A twin decoy (blind14: the history accountId filter joined the cards on their last four digits;
 * blind13: on the nickname; blind10: a delete keyed on the nickname): another card of the same
 * customer that shares every attribute a sloppy join could use, BIN, last four digits, expiration,
 * nickname, name on card and address, but not its number. Whatever names one card (a filter, a
 * delete) must not reach the other.
 */

/**
 * The number with its first six digits (the BIN) and last four kept and two digits between them changed,
 * so the check digit still holds (a target may decline a number that fails it, D37). Undefined where the
 * number has no digit between its BIN and its last four.
 */
export function twinNumber(number: string): string | undefined {
  const middle = Array.from({ length: Math.max(0, number.length - 10) }, (_, k) => 6 + k);
  for (const i of middle) for (const j of middle.filter((m) => m > i)) for (let a = 1; a < 10; a += 1) for (let b = 0; b < 10; b += 1) {
    const d = number.split('');
    d[i] = String((Number(d[i]) + a) % 10);
    d[j] = String((Number(d[j]) + b) % 10);
    const twin = d.join('');
    if (isLuhnValid(twin) === isLuhnValid(number) && twin !== number) return twin;
  }
  return undefined;
}

/**
 * The twin of `card` for `customerId`: the same payload but the number. Undefined where the target
 * refused it for a reason of its own (D37). A number card's twin answered with the card's own cardId
 * is judged, never skipped (blind18): the card is named by its number, and two numbers are two cards
 * however much else they share, since the Card resource shows none of the digits that part them, so a
 * partner could not even see which card it updated. A token's twin is not sent (reading
 * tcard-new-token-same-card: a token stands in for the number, so a new one may update its card).
 */
export async function twinCard(ctx: HarnessContext, session: Session, customerId: string, card: ScenarioCard): Promise<{ twin?: ScenarioCard; judged?: CaseOutcome }> {
  const cardNumber = card.kind === 'number' ? twinNumber(card.identity) : undefined;
  if (cardNumber === undefined) return {};
  try {
    const { cardId, exchange, payload } = await addCard(ctx, session, customerId, { ...card.payload, customerId, cardNumber });
    const judged = judge(exchange, { oracles: [...genericOracles(ctx, exchange), twinIsAnotherCard(card)] });
    return sameGuid(cardId, card.cardId) ? { judged } : { twin: { cardId, identity: cardNumber, kind: 'number', payload }, judged };
  } catch (error) {
    if (error instanceof FixtureError && error.exchange && ownReasonRefusal(error.exchange)) return {};
    throw error;
  }
}

/**
 * The history of each twin by its accountId ("limits history to that card"): a transaction is of one
 * card, so no transaction is listed under both. Judged on the second answer against the first; with no
 * transaction on either card (D21) there is nothing a join could mix, and the row is not judged.
 */
export async function twinHistories(ctx: HarnessContext, session: Session, customerId: string, card: ScenarioCard, twin: ScenarioCard): Promise<CaseOutcome[]> {
  const ofCard = (cardId: string) => ctx.client.call('GetTransactionHistory', { body: { customerId, accountId: cardId } }, { session });
  const first = await ofCard(card.cardId);
  const second = await ofCard(twin.cardId);
  const listed = ok(first) ? transactionIds(first) : undefined;
  return [
    judge(first, { oracles: genericOracles(ctx, first) }),
    judge(second, { oracles: [...genericOracles(ctx, second), ...(listed ? [twinTransactionsApart(listed)] : [])] }),
  ];
}
