import type { Exchange } from '../../../client/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import { finding } from '../../../checks/support.js';
import type { SuiteOracleId } from '../../../oracles/oracle-ids.js';
import { errorBodyIsJson } from '../../../checks/index.js';
import { is2xx } from '../../../checks/support.js';
import type { HarnessContext } from '../runner/context.js';
import { genericOracles, oracle, type Oracle } from '../judge/oracles.js';
import { cardsOf, sameGuid, transactionsOf, transactionsAmong, type ScenarioCard } from './fixtures.js';

/**
 * The scenario oracles of the ownership and use-after-delete cases: each reads what the scenario
 * made (another customer's card and transactions, a deleted card) and judges one answer.
 */
/** The answer is a success: what a scenario oracle reads, and whether a write took. */
export const ok = (x: Exchange): boolean => x.response !== undefined && is2xx(x.response.status);

/** D30: never 5xx, a 4xx carries a JSON error body; the status itself is open. */
export const unlisted = (ctx: HarnessContext, x: Exchange): Oracle[] => [...genericOracles(ctx, x), oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY')];
const short = (id: string) => `${id.slice(0, 8)}…`;

function scenarioOracle(id: SuiteOracleId, requirement: RequirementId, applies: (x: Exchange) => boolean,
  problem: (x: Exchange) => { title: string; received: string; documented: string } | undefined, acceptance = false): Oracle {
  return {
    id, requirements: [requirement], applies, ...(acceptance ? { judgesAcceptance: true } : {}),
    run: (x) => {
      const p = problem(x);
      return p ? [finding(id, requirement, x.request.operation, { ...p, key: [p.title] }, x)] : [];
    },
  };
}

/** GetRegisteredCards of the owner, after a request for another customer named its card: still listed, same expiration. */
export const othersCardUntouched = (card: ScenarioCard, what: string): Oracle => scenarioOracle('othersCardUntouched', 'OWNERSHIP-CARDS', ok, (x) => {
  const listed = cardsOf(x).find((c) => sameGuid(c.cardId, card.cardId));
  if (!listed) return { title: 'Another customer\'s card removed', received: `card ${short(card.cardId)} no longer listed for its owner after ${what}`, documented: 'a request naming this customer never removes another customer\'s card (D45)' };
  const expiration = card.payload.expirationMonthYear;
  if (typeof listed.expirationMonthYear === 'string' && listed.expirationMonthYear !== '' && listed.expirationMonthYear !== expiration)
    return { title: 'Another customer\'s card changed', received: `expirationMonthYear ${listed.expirationMonthYear} for its owner after ${what}`, documented: `${String(expiration)} as its owner registered it (D45)` };
  return undefined;
});

/** An answer for this customer lists none of another customer's transactions. */
export const othersTransactionsHidden = (foreign: ReadonlySet<string>, what: string): Oracle => scenarioOracle('othersTransactionsHidden', 'OWNERSHIP-CARDS', ok, (x) => {
  const shown = transactionsAmong(x, foreign);
  return shown.length === 0 ? undefined : {
    title: 'Another customer\'s transactions listed', received: `${shown.length} transaction(s) of another customer's card listed for ${what}`,
    documented: 'a customer\'s history holds its own cards\' transactions only (D45)',
  };
});

/** GetRegisteredCards of this customer lists none of another customer's cards, whatever number or token they share. */
export const othersCardUnlisted = (others: readonly ScenarioCard[], what: string): Oracle => scenarioOracle('othersCardUnlisted', 'OWNERSHIP-CARDS', ok, (x) => {
  const listed = others.filter((other) => cardsOf(x).some((c) => sameGuid(c.cardId, other.cardId)));
  return listed.length === 0 ? undefined : {
    title: 'Another customer\'s card listed', received: `card ${short(listed[0]!.cardId)} of another customer listed for ${what}`,
    documented: 'a customer\'s list holds its own cards only (Card.customerId is the owner, D45)',
  };
});

/** An add-or-update for this customer never answers with another customer's card. */
export const othersCardIdNotReturned = (other: ScenarioCard): Oracle => scenarioOracle('othersCardIdNotReturned', 'OWNERSHIP-CARDS', ok, (x) => {
  const card = cardsOf(x)[0];
  return card && sameGuid(card.cardId, other.cardId) ? {
    title: 'Another customer\'s card answered', received: `the cardId ${short(other.cardId)} of another customer's card`,
    documented: 'a card entry of the customer named (Card.customerId is the owner, D45)',
  } : undefined;
}, true);

/** GetRegisteredCards after a delete: the deleted card is not listed. */
export const deletedCardUnlisted = (cardId: string, what: string): Oracle => scenarioOracle('deletedCardUnlisted', 'STATE-CARD-DELETED', ok, (x) =>
  (cardsOf(x).some((c) => sameGuid(c.cardId, cardId)) ? {
    title: 'Deleted card listed', received: `card ${short(cardId)} listed after ${what}`, documented: 'DeleteCard removes the card (States)',
  } : undefined));

/** A deleted card added again: a different card entry. */
export const readdedCardNewId = (oldId: string): Oracle => scenarioOracle('readdedCardNewId', 'STATE-CARD-DELETED', ok, (x) => {
  const card = cardsOf(x)[0];
  return card && sameGuid(card.cardId, oldId) ? {
    title: 'Re-added card got its old cardId', received: `cardId ${short(oldId)} of the deleted card`, documented: 'adding the same card again creates a different card entry (States)',
  } : undefined;
}, true);

/** The history of a card's twin (twin-card.ts) lists none of the transactions the card's own listed: a transaction is of one card. */
export const twinTransactionsApart = (ofCard: ReadonlySet<string>): Oracle => scenarioOracle('twinTransactionsApart', 'HISTORY-ACCOUNT-FILTER',
  (x) => ok(x) && (ofCard.size > 0 || transactionsOf(x).length > 0), (x) => {
    const both = transactionsAmong(x, ofCard);
    return both.length === 0 ? undefined : {
      title: 'Account filter took a twin card\'s transactions', received: `${both.length} transaction(s) listed under the accountId of the card and of its twin (same BIN, last four digits, expiration, nickname, name and address)`,
      documented: 'accountId "limits history to that card"',
    };
  });

/** GetRegisteredCards after a DeleteCard of a card: its twin (twin-card.ts), which no request named, is still listed. */
export const twinCardKept = (twin: ScenarioCard): Oracle => scenarioOracle('twinCardKept', 'STATE-CARD-DELETED', ok, (x) =>
  (cardsOf(x).some((c) => sameGuid(c.cardId, twin.cardId)) ? undefined : {
    title: 'Twin card removed', received: `card ${short(twin.cardId)}, sharing the deleted card's BIN, last four digits and data, no longer listed`,
    documented: 'DeleteCard removes the card its cardId names (States)',
  }));

/** AddOrUpdateCard of a card's twin (twin-card.ts): another number is another card, answered with a cardId of its own. */
export const twinIsAnotherCard = (card: ScenarioCard): Oracle => scenarioOracle('twinIsAnotherCard', 'CARD-SUCCESS', ok, (x) => {
  const answered = cardsOf(x)[0];
  return answered && sameGuid(answered.cardId, card.cardId) ? {
    title: 'Another card number taken for a card of the customer', received: `the cardId ${short(card.cardId)} of the customer's card sharing the number's BIN, last four digits, expiration and data`,
    documented: '"Adds or updates a card": a card is named by its number, and the Card resource shows none of the digits that part the two',
  } : undefined;
}, true);
