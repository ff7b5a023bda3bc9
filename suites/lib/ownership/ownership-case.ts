import type { Session } from '../../../client/index.js';
import { sendAgainIfLost } from '../runner/send-again.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { combine, genericOracles, judge, judgeRow } from '../judge/oracles.js';
import { idFilter, numberFilter, sattr, sessionList, ssoTokenName } from '../business/session.js';
import { ssoTokenFor } from '../state/case-state.js';
import { ownCustomer, numberCard, tokenCard, transactionIds, sameGuid, cardsOf, type ScenarioCard } from './fixtures.js';
import { ok, othersCardIdNotReturned, othersCardUntouched, othersTransactionsHidden, unlisted } from './oracles.js';
import { PairLog } from './pairs.js';
import { sharedIdentityWrites } from './shared-identity.js';
import { sharedIdentityReads } from './shared-reads.js';
import { throughNobody } from './unknown-owner.js';
import { inOthersContext } from './others-context.js';

/** Another expiration than `mmyy` (the month moved on by one): a change the owner's list would show. */
export const otherExpiration = (mmyy: unknown): string => {
  const s = String(mmyy);
  const month = (Number(s.slice(0, 2)) % 12) + 1;
  return `${String(month).padStart(2, '0')}${s.slice(2)}`;
};

/** AddSessionAttributes for `customerId` with a fresh ssoToken and one filter: 422 INVALID_INFORMATION (D19). */
export async function filterRefused(ctx: HarnessContext, session: Session, customerId: string, name: string, value: string): Promise<CaseOutcome> {
  const token = await ssoTokenFor(ctx, session, customerId);
  const x = await sendAgainIfLost(() => ctx.client.call(sattr.id, { body: { [sessionList.name]: [{ name: ssoTokenName, value: token }, { name, value }] } }, { session }));
  return judgeRow(ctx, x, 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] });
}

/**
 * Object ownership (D45, OWASP API1, RESTler NamespaceRule): customer A names customer B's card,
 * card number, token and transactions in every operation that names one. B's card is never
 * removed or changed, no answer for A carries B's card or transactions, and the session filters
 * refuse B's cards (D19). The card and transactions are named while A holds no card and again once it
 * holds one (the session filters need A's linked account, D17: once). How a refusal is worded is D30's.
 * A card number and a token B holds, once A holds them too, are updated and deleted by A before B's
 * cards are read (shared-identity.ts: one read for both identity kinds and every write that named them).
 * The same cards and a transaction are also named with a customerId that names no customer (unknown-owner.ts).
 * A's requests once it holds a card go in a session whose AuthenticateOBO named B (others-context.ts).
 */
export async function ownershipCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const session = await ctx.session();
  const log = new PairLog();
  const parts: CaseOutcome[] = [];
  // Every request below names another customer's resource through A and changes nothing of B's on a
  // conformant target: a lost reply is sent again (runner/send-again.ts) rather than breaking the case.
  const call = (op: string, body: Record<string, unknown>) => sendAgainIfLost(() => ctx.client.call(op, { body }, { session }));
  const a = await ownCustomer(ctx, session, 'ownership:holder');
  // B only needs to exist beside A, its cards made tonight: the family's too (found again with no card).
  const b = await ownCustomer(ctx, session, 'ownership:stranger');
  const bCard = await numberCard(ctx, session, b.customerId);
  const bToken = await tokenCard(ctx, session, b.customerId);
  // B's list is read once, after every write that named B's cards through A: each card still listed, unchanged.
  const bListed = async (cards: ReadonlyArray<readonly [ScenarioCard, string]>) => {
    const x = await call('GetRegisteredCards', { customerId: b.customerId });
    parts.push(judge(x, { oracles: [...genericOracles(ctx, x), ...cards.map(([card, what]) => othersCardUntouched(card, what))] }));
  };

  // A card's history may be empty (D21): B gets up to two more cards until one has transactions to leak.
  let historyCard = bCard;
  let foreign = new Set<string>();
  for (let tries = 0; tries < 3 && foreign.size === 0; tries += 1) {
    if (tries > 0) historyCard = await numberCard(ctx, session, b.customerId);
    const own = await call('GetTransactionHistory', { customerId: b.customerId, accountId: historyCard.cardId });
    parts.push(judge(own, { oracles: genericOracles(ctx, own) }));
    foreign = transactionIds(own);
  }

  // B's card and transactions named through A, first while A holds no card, then once it holds one: a lookup
  // that falls back to every customer's cards when the named customer has none (blind12) shows only the first time.
  const holding = 'holding a card';
  const throughA = async (holds: string) => {
    // With no transaction on B's cards there is nothing that could leak: the history cells are not judged.
    if (foreign.size > 0) {
      const byAccount = await call('GetTransactionHistory', { customerId: a.customerId, accountId: historyCard.cardId });
      parts.push(judge(byAccount, { oracles: [...unlisted(ctx, byAccount), othersTransactionsHidden(foreign, `this customer (${holds}) with accountId of another customer's card`)] }));
      log.sent('other-customers-card-id', 'GetTransactionHistory query accountId');
      // A paging reference names a transaction, not a card: sent once, the card lookups above and below twice.
      if (holds === holding) {
        const byReference = await call('GetTransactionHistory', { customerId: a.customerId, pagingTransactionReferenceNumber: [...foreign][0] });
        parts.push(judge(byReference, { oracles: [...unlisted(ctx, byReference), othersTransactionsHidden(foreign, 'this customer paged from another customer\'s transaction')] }));
        log.sent('other-customers-transaction', 'GetTransactionHistory query pagingTransactionReferenceNumber');
      }
    }
    const removal = await call('DeleteCard', { customerId: a.customerId, cardId: bCard.cardId });
    parts.push(judge(removal, { oracles: unlisted(ctx, removal) }));
    log.sent('other-customers-card-id', 'DeleteCard body cardId');
  };
  await throughA('holding no card');
  // From here the session carries B's customer context (AuthenticateOBO for B): a request naming A must be answered as
  // in a fresh session (blind18: an owner check and a reply's owner read from the session's customer, not the request's).
  parts.push(...(await inOthersContext(ctx, session, a.customerId, b.customerId)));
  await throughA(holding);
  // The same cards and transaction named with a customerId of nobody (unknown-owner.ts): B's list below shows what it reached.
  parts.push(...(await throughNobody(ctx, call, log, { card: bCard, token: bToken, historyCard, foreign, otherExpiration })));

  // Before A adds B's number and token as its own (below): until then they name no card of A's.
  for (const [name, value, operator] of [[idFilter, bCard.cardId, 'other-customers-card-id'], [numberFilter, bCard.identity, 'other-customers-card-number'], [numberFilter, bToken.identity, 'other-customers-card-token']] as const) {
    parts.push(await filterRefused(ctx, session, a.customerId, name, value));
    log.sent(operator, `AddSessionAttributes attribute ${name}`);
  }
  const held = new Map<ScenarioCard, string>();
  for (const [op, card, member] of [['AddOrUpdateCard', bCard, 'cardNumber'], ['AddOrUpdateTokenizedCard', bToken, 'cardToken']] as const) {
    const x = await call(op, { ...card.payload, customerId: a.customerId, expirationMonthYear: otherExpiration(card.payload.expirationMonthYear) });
    const added = cardsOf(x)[0]?.cardId;
    if (typeof added === 'string' && !sameGuid(added, card.cardId) && ok(x)) {
      ctx.footprint.cardAdded(a.customerId, added);
      held.set(card, added);
    }
    parts.push(judge(x, {
      oracles: [...unlisted(ctx, x), othersCardIdNotReturned(card)],
      // Whether one card may belong to two customers is not documented: a refusal is observed (D37).
      ownRefusal: { foreseen: [], requirement: 'OWNERSHIP-CARDS', what: `a ${member} another customer holds` },
    }));
    log.sent(card.kind === 'number' ? 'other-customers-card-number' : 'other-customers-card-token', `${op} body ${member}`);
  }
  // What A's card list and history show while A holds them: none of B's cards or transactions (shared-reads.ts, blind15).
  const shared = [bCard, bToken].flatMap((card) => (held.has(card) ? [[card, held.get(card)!] as const] : []));
  parts.push(...(await sharedIdentityReads(ctx, call, a.customerId, b.customerId, shared, foreign)));
  // A now holds a card of each identity B holds, where the target took it: A updates and deletes its own (shared-identity.ts).
  // The registration moved the expiration on by one month; the update moves it on again: B's stays as B registered it.
  for (const card of [bCard, bToken])
    parts.push(...(await sharedIdentityWrites(ctx, session, a.customerId, card, held.get(card), otherExpiration(otherExpiration(card.payload.expirationMonthYear)))));
  await bListed([
    [bCard, 'DeleteCard named it with another customer\'s customerId (holding no card, then a card) and with a customerId of nobody, AddOrUpdateCard sent its number for nobody and for another customer, then updated and deleted that customer\'s card of the number'],
    [bToken, 'AddOrUpdateTokenizedCard sent its token for nobody and for another customer, then updated and deleted that customer\'s card of the token'],
  ]);

  return { ...combine(parts), operatorPairs: log.pairs };
}
