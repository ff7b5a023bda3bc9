import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { combine, genericOracles, judge } from '../judge/oracles.js';
import { idFilter, numberFilter } from '../business/session.js';
import { accepted } from '../state/setup-call.js';
import { FixtureError, SetupBroken } from '../state/fixture-errors.js';
import { transportBroken } from '../../../checks/index.js';
import { cardsOf, ownCustomer, numberCard, sameGuid, tokenCard, type ScenarioCard } from './fixtures.js';
import { deletedCardUnlisted, readdedCardNewId, twinCardKept } from './oracles.js';
import { filterRefused } from './ownership-case.js';
import { unlisted } from './oracles.js';
import { PairLog } from './pairs.js';
import { otherKindCases } from './other-kind-case.js';
import { ownerOfAnotherKindCases } from './owner-of-another-kind.js';
import { nearMissCases } from './near-miss-case.js';
import { twinCard, twinHistories } from './twin-card.js';
import { noEntryFilterCases } from './no-entry-filters.js';
import { otherListSeparators } from '../../../generators/operators/class-values.js';

/**
 * Use after delete (RESTler UseAfterFree; D30, States "DeleteCard") and filter exactness (D19):
 * a deleted card deleted again (a client's retry), named as accountId and in both session
 * filters, added again; filters naming the customer's cards only in part (a prefix of its token),
 * with an empty entry beside them or parted by another separator than the comma; the customer's own identifiers of another
 * kind (other-kind-case.ts) and its own ids near-missed in length (near-miss-case.ts). The customer keeps one card throughout,
 * so its linked account (D17) never depends on what a delete did.
 */
export async function deletedCardCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const session = await ctx.session();
  const log = new PairLog();
  const parts: CaseOutcome[] = [];
  const call = (op: string, body: Record<string, unknown>) => ctx.client.call(op, { body }, { session });
  const a = await ownCustomer(ctx, session, 'ownership:deleted-card');
  const kept = await numberCard(ctx, session, a.customerId);
  const gone = await numberCard(ctx, session, a.customerId);
  const token = await tokenCard(ctx, session, a.customerId);
  // The card to be deleted gets a twin (twin-card.ts, blind14): its history apart from the card's, and kept by the card's DeleteCard.
  const { twin, judged } = await twinCard(ctx, session, a.customerId, gone);
  if (judged) parts.push(judged);
  if (twin) parts.push(...(await twinHistories(ctx, session, a.customerId, gone, twin)));

  const remove = async (card: ScenarioCard) => {
    const x = await call('DeleteCard', { customerId: a.customerId, cardId: card.cardId });
    // Transport trouble proves nothing: the case is broken and runs again from the start (rerun.ts), never "not covered".
    const lost = transportBroken(x);
    if (lost) throw new SetupBroken(x, `DeleteCard of the scenario's own card: ${lost}`);
    if (!accepted(x)) throw new FixtureError(`DeleteCard of the scenario's own card was not served (status ${x.response?.status ?? x.transportError?.code}): a deleted card cannot be used again`, { exchange: x });
    ctx.footprint.cardRemoved(card.cardId);
    parts.push(judge(x, { oracles: genericOracles(ctx, x) }));
  };
  const unlistedAfter = async (cardId: string, what: string) => {
    const x = await call('GetRegisteredCards', { customerId: a.customerId });
    parts.push(judge(x, { oracles: [...genericOracles(ctx, x), deletedCardUnlisted(cardId, what), ...(twin ? [twinCardKept(twin)] : [])] }));
  };
  /** The card added again, under the cardId the answer gave it (the deleted one's where it gave none). */
  const readd = async (card: ScenarioCard, op: string, member: string): Promise<ScenarioCard> => {
    const x = await call(op, card.payload);
    const id = cardsOf(x)[0]?.cardId;
    if (accepted(x) && typeof id === 'string' && !sameGuid(id, card.cardId)) ctx.footprint.cardAdded(a.customerId, id);
    parts.push(judge(x, { oracles: [...genericOracles(ctx, x), readdedCardNewId(card.cardId)] }));
    log.sent('deleted-card-added-again', `${op} body ${member}`);
    return typeof id === 'string' ? { ...card, cardId: id } : card;
  };

  // Filters that name the customer's own cards only in part (the token cut in half, a last-four twin).
  parts.push(await filterRefused(ctx, session, a.customerId, numberFilter, token.identity.slice(0, Math.ceil(token.identity.length / 2))));
  log.sent('filter-token-prefix', `AddSessionAttributes attribute ${numberFilter}`);
  // A number sharing only the last four digits (filter-same-last-four) is the business suite's: its scenario of
  // filters naming the customer's cards in part sends it (business/session-filters.ts) and records the pair.

  // An empty entry beside the customer's own card: no card GUID, number or token, so the list is invalid (D19).
  parts.push(await filterRefused(ctx, session, a.customerId, idFilter, `${kept.cardId},`));
  log.sent('filter-empty-entry', `AddSessionAttributes attribute ${idFilter}`);
  parts.push(await filterRefused(ctx, session, a.customerId, numberFilter, `,${kept.identity}`));
  log.sent('filter-empty-entry', `AddSessionAttributes attribute ${numberFilter}`);
  // A list of no item, beside the other filter and alone (no-entry-filters.ts, blind18).
  parts.push(...(await noEntryFilterCases(ctx, session, a.customerId, kept, log)));

  // Two of the customer's own cards parted by another separator than the comma, in both lists (blind17: a list split on [,;]).
  for (const separator of otherListSeparators) {
    parts.push(await filterRefused(ctx, session, a.customerId, idFilter, `${kept.cardId}${separator}${gone.cardId}`));
    parts.push(await filterRefused(ctx, session, a.customerId, numberFilter, `${kept.identity}${separator}${token.identity}`));
  }
  log.sent('filter-other-separator', `AddSessionAttributes attribute ${idFilter}`);
  log.sent('filter-other-separator', `AddSessionAttributes attribute ${numberFilter}`);

  // The customer's own identifiers of another kind in each place that names one (blind12: a cardId taken as a card number).
  parts.push(...(await otherKindCases(ctx, session, a, kept, log)));

  await remove(gone);
  await unlistedAfter(gone.cardId, 'DeleteCard');
  // A retried delete: D30 leaves its answer open (an idempotent 2xx included), never a 5xx, never the card back.
  const again = await call('DeleteCard', { customerId: a.customerId, cardId: gone.cardId });
  parts.push(judge(again, { oracles: unlisted(ctx, again) }));
  log.sent('deleted-card-id', 'DeleteCard body cardId');
  await unlistedAfter(gone.cardId, 'a second DeleteCard of it');
  // D21 lets a deleted card's history stay: only the generic contract.
  const history = await call('GetTransactionHistory', { customerId: a.customerId, accountId: gone.cardId });
  parts.push(judge(history, { oracles: unlisted(ctx, history) }));
  log.sent('deleted-card-id', 'GetTransactionHistory query accountId');

  parts.push(await filterRefused(ctx, session, a.customerId, idFilter, gone.cardId));
  log.sent('deleted-card-id', `AddSessionAttributes attribute ${idFilter}`);
  log.sent('filter-deleted-card', `AddSessionAttributes attribute ${idFilter}`);
  parts.push(await filterRefused(ctx, session, a.customerId, numberFilter, gone.identity));
  log.sent('filter-deleted-card', `AddSessionAttributes attribute ${numberFilter}`);

  await readd(gone, 'AddOrUpdateCard', 'cardNumber');
  await remove(token);
  const tokenAgain = await readd(token, 'AddOrUpdateTokenizedCard', 'cardToken');
  // Last, since a target matching ids by prefix may remove the card: its own ids near-missed in length (blind12) and in notation (blind14).
  parts.push(...(await nearMissCases(ctx, session, { customer: a, card: kept, token }, log)));
  // Then its own ids of another kind as its customerId (owner-of-another-kind.ts): a target taking one for its owner may remove `kept`.
  parts.push(...(await ownerOfAnotherKindCases(ctx, session, a, kept, tokenAgain, log)));
  return { ...combine(parts), operatorPairs: log.pairs };
}
