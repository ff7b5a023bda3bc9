import type { FastifyInstance } from 'fastify';
import { defaults, errorRow, referenceOnlyErrors, responseMembers } from '../../contract/index.js';
import { sendErrorRow, sendLegacyError, sendProblem } from '../problems.js';
import type { CardData, CardKind, StoredCard } from '../state/index.js';
import { defineOperation } from './route.js';
import { cardView } from './card-view.js';
import { oneInFive } from './customers.js';
import { pause, sendOk, text, type OperationContext, type ValidRequest } from './context.js';
import { raceWindow } from '../faults/blind3/access.js';
import { forgetCards } from '../faults/blind5/memo.js';
import { evictList } from '../faults/blind7/memo.js';
import { blind10CardView } from '../faults/blind10/hooks.js';
import { evictStaleList, markUnchanged } from '../faults/stale-caches.js';
import { updatedCards } from '../faults/blind9/hooks.js';
import { rememberAdded } from '../faults/session-memo.js';
import { deniedCheckSkipped } from '../faults/blind12/handlers.js';
import { luhnValid } from './reading-rules-blind.js';
import { blind16NetworkCheckCached } from '../faults/blind16/access.js';
import { binOffNetwork } from '../blind2/rules.js';
import { revivesChangedToken } from '../faults/state-classes.js';
import { networkDecisionCached, rememberNetworkAllowed } from '../faults/masked-decisions.js';
import { updateNotStoredForVersion } from '../faults/version-effects.js';

/** How the two add-or-update operations differ. */
interface CardKindRule {
  readonly operationId: string;
  readonly kind: CardKind;
  /** The field that identifies the card together with customerId. */
  readonly identityField: string;
  /** Fields whose change triggers reauthorization; undefined: any change (AddOrUpdateCard). */
  readonly reauthorizeOn?: readonly string[];
}

const numberRule: CardKindRule = { operationId: 'AddOrUpdateCard', kind: 'number', identityField: 'cardNumber' };
/**
 * States table: a tokenized card is reauthorized when its number or expiration differs; the
 * token identifies the card, so the number parts it carries (BIN, last four) stand for the number.
 */
const tokenRule: CardKindRule = {
  operationId: 'AddOrUpdateTokenizedCard', kind: 'token', identityField: 'cardToken', reauthorizeOn: ['cardBin', 'lastFourOfCard', 'expirationMonthYear'],
};

/** The submitted card data: every validated string but the customer id and the identity. */
function cardData(values: ValidRequest['values'], rule: CardKindRule): CardData {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && k !== 'customerId' && k !== rule.identityField) out[k] = v;
  return out;
}

function sameData(a: CardData, b: CardData): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/** Reading `blind-expired-card-declined`: MMYY before the current month (YY in 2000-2099). */
function expired(mmyy: string | undefined): boolean {
  if (!mmyy || !/^[0-9]{4}$/.test(mmyy)) return false;
  const now = new Date();
  const [month, year] = [Number(mmyy.slice(0, 2)), 2000 + Number(mmyy.slice(2))];
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

const denied = (rule: CardKindRule, identity: string, data: CardData): boolean =>
  rule.kind === 'number' ? identity === defaults.declinedCardNumber : data.cardBin === defaults.deniedCardBin;

/** tcard-identical-check-reads-first-data: each tokenized card's data as first registered (written only while the fault is on). */
const firstData = new WeakMap<StoredCard, CardData>();

function handle(rule: CardKindRule) {
  return async (c: OperationContext, { values, session, request, reply }: ValidRequest) => {
    const customerId = text(values, 'customerId');
    const identity = text(values, rule.identityField);
    // tcard-owner-check-skipped-for-unknown-customer: with no customer row, the owner check is skipped and the token found whoever holds it.
    const ownerless = rule.kind === 'token' && !c.state.customers.get(customerId) && c.faults.has('tcard-owner-check-skipped-for-unknown-customer')
      ? c.state.cards.findAnyCustomer(rule.kind, identity) : undefined;
    if (!c.state.customers.get(customerId) && !ownerless) return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    const data = cardData(values, rule);
    // blind5-cards-cached-after-delete: the add-or-update operations clear the customer's cached card list.
    if (c.faults.has('blind5-cards-cached-after-delete')) forgetCards(c.state.cards, customerId);
    let card: StoredCard | undefined = ownerless ?? c.state.cards.find(customerId, rule.kind, identity);
    // card-found-by-number-alone (and blind2's): the card number is taken for a unique key.
    const byNumberAlone = c.faults.has('blind2-card-found-by-number-only') || c.faults.has('card-found-by-number-alone');
    if (!card && rule.kind === 'number' && byNumberAlone) card = c.state.cards.findAnyCustomer(rule.kind, identity);
    // blind3-tcard-token-any-customer: the token is taken for a unique key of the card table.
    if (!card && rule.kind === 'token' && c.faults.has('blind3-tcard-token-any-customer')) card = c.state.cards.findAnyCustomer(rule.kind, identity);
    // tcard-found-by-token-alone: the token is taken for a unique key, whoever holds it.
    if (!card && rule.kind === 'token' && c.faults.has('tcard-found-by-token-alone')) card = c.state.cards.findAnyCustomer(rule.kind, identity);
    // blind4-tcard-token-other-customer-updated: the token is taken for a unique key, whoever holds it.
    if (!card && rule.kind === 'token' && c.faults.has('blind4-tcard-token-other-customer-updated')) card = c.state.cards.findAnyCustomer(rule.kind, identity);
    // blind6-card-nickname-change-adds-card: the card is looked up by number and nickname together.
    if (card && rule.kind === 'number' && c.faults.has('blind6-card-nickname-change-adds-card') && card.data.cardNickname !== data.cardNickname) card = undefined;
    // blind2-tcard-expiration-change-new-card: the token and its expiration together identify the card.
    if (card && rule.kind === 'token' && c.faults.has('blind2-tcard-expiration-change-new-card') && card.data.expirationMonthYear !== data.expirationMonthYear) card = undefined;
    // Reading `tcard-new-token-same-card`: a new token for the same BIN and last four is the same card re-tokenized.
    const sameCard = rule.kind === 'token' && !card && c.readings.has('tcard-new-token-same-card')
      ? c.state.cards.listValid(customerId).find((s) => s.kind === 'token' && s.data.cardBin === data.cardBin && (s.data.lastFourOfCard ?? '') === (data.lastFourOfCard ?? ''))
      : undefined;
    if (sameCard) card = c.state.cards.reidentify(sameCard, identity);
    // cards-list-stale-after-token-update: every card write evicts the customer's cached list but a tokenized card's update.
    if (c.faults.has('cards-list-stale-after-token-update') && !(rule.kind === 'token' && card)) evictStaleList(c.state.cards, customerId);
    // Whether this call changes a card already on file (the blind10 update-path faults).
    let updated = false;
    // blind11-card-update-answers-previous-data: the card as read before the update, answered instead of the stored one.
    let previous: StoredCard | undefined;
    const view = (stored: StoredCard) => {
      const out = blind10CardView(c.faults, stored, cardView(stored, c.faults, { addOrUpdate: true, sparse: c.readings.has('sparse-card-after-upsert'), readings: c.readings }), 'upsert', updated);
      // blind6-tcard-hash-id-omitted: the tokenized card's hashId is null, and null members are not written.
      if (rule.kind === 'token' && c.faults.has('blind6-tcard-hash-id-omitted')) delete out.hashId;
      // blind8-card-last-four-from-double: the number parsed to a double to take its last four digits.
      if (stored.kind === 'number' && c.faults.has('blind8-card-last-four-from-double')) out.lastFourDigits = BigInt(Number(stored.identity)).toString().slice(-4);
      // blind9-card-show-terms-string: the number card's response DTO declares the flag as a string.
      if (stored.kind === 'number' && c.faults.has('blind9-card-show-terms-string')) out.showTermsAndConditions = String(out.showTermsAndConditions);
      return out;
    };
    const reply200 = (stored: StoredCard) => sendOk(reply, { [responseMembers.cards]: [view(stored)] });
    // States: identical data on a registered card → unchanged, no reauthorization, no validation.
    // blind1-card-update-compares-expiration-only: the tokenized card's "unchanged" test reused for number cards.
    const looksSame = (stored: StoredCard) => sameData(stored.data, data)
      || (rule.kind === 'number' && c.faults.has('blind1-card-update-compares-expiration-only') && stored.data.expirationMonthYear === data.expirationMonthYear)
      // tcard-identical-check-reads-first-data: the data the token was first registered with counts as "the same" too.
      || (rule.kind === 'token' && c.faults.has('tcard-identical-check-reads-first-data') && firstData.has(stored) && sameData(firstData.get(stored)!, data));
    if (card?.valid && looksSame(card)) {
      // blind10-card-identical-answer-empty-list: "nothing changed" answered with an empty list.
      if (rule.kind === 'number' && c.faults.has('blind10-card-identical-answer-empty-list')) return sendOk(reply, { [responseMembers.cards]: [] });
      if (rule.kind === 'number' && c.faults.has('card-identical-new-id')) card = c.state.cards.renew(card);
      // blind6-tcard-identical-new-id: the token path "upserts" by delete and insert.
      if (rule.kind === 'token' && c.faults.has('blind6-tcard-identical-new-id')) card = c.state.cards.renew(card);
      // blind7-tcard-identical-returns-first-card: the "unchanged" branch answers with the head of the customer's card list.
      if (rule.kind === 'token' && c.faults.has('blind7-tcard-identical-returns-first-card')) return reply200(c.state.cards.listValid(customerId)[0] ?? card);
      // obo-linked-lost-on-identical-resubmission: the unchanged branch writes the card's status as Unchanged.
      if (c.faults.has('obo-linked-lost-on-identical-resubmission')) markUnchanged(card, true);
      return reply200(card);
    }
    // blind7-card-declined-again-200: a card already on file is answered as it is, its failed authorization not run again.
    if (card && !card.valid && rule.kind === 'number' && c.faults.has('blind7-card-declined-again-200')) return reply200(card);
    // blind13-card-decline-again-message-missing: a stored decline is answered from its row, which keeps the code only.
    if (card && !card.valid && rule.kind === 'number' && c.faults.has('blind13-card-decline-again-message-missing'))
      return reply.code(referenceOnlyErrors.cardAuthorizationFailed.status).type('application/json').send({ [responseMembers.legacyErrorCode]: referenceOnlyErrors.cardAuthorizationFailed.legacyCode });
    const reauthorize = !card?.valid || !rule.reauthorizeOn || rule.reauthorizeOn.some((k) => card?.data[k] !== data[k]);
    // tcard-denied-bin-new-only (and blind1's): the network check is part of the "new card" path only.
    const newOnly = c.faults.has('blind1-tcard-denied-bin-on-update') || c.faults.has('tcard-denied-bin-new-only');
    // Reading `blind2-tcard-bin-network`: a BIN of no payment network is not allowed in the network either.
    if (reauthorize && rule.kind === 'token' && (denied(rule, identity, data) || binOffNetwork(c.readings, rule.kind, data)) && !c.faults.has('tcard-bin-not-denied') && !(card && newOnly) && !deniedCheckSkipped(c, data)
      // blind16-tcard-network-check-cached-per-customer: the customer's cached "allowed in the network" answer.
      && !blind16NetworkCheckCached(c.faults, c.state, customerId)
      // tcard-network-decision-cached-by-masked-token: a new token takes the decision cached under its first six and last four.
      && !(!card && networkDecisionCached(c.faults, c.state, identity))) {
      // blind10-tcard-denied-detail-missing-on-update: the update path builds its problem by hand, without the detail.
      if (card && c.faults.has('blind10-tcard-denied-detail-missing-on-update'))
        return reply.code(422).type('application/problem+json').send(JSON.stringify({ type: errorRow('BAD_REQUEST').typeRfc?.url ?? 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Error', status: 422, instance: request.url.split('?')[0], errorCode: 'BAD_REQUEST' }));
      // blind8-tcard-denied-status-member-400: the body's status is taken from the error code's name, BAD_REQUEST.
      if (c.faults.has('blind8-tcard-denied-status-member-400'))
        return reply.code(422).type('application/problem+json').send(JSON.stringify({ type: 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Error', status: 400, detail: 'The card account is not allowed in the network.', instance: request.url.split('?')[0], errorCode: 'BAD_REQUEST' }));
      if (c.faults.has('blind2-tcard-denied-status-400'))
        return sendProblem(reply, request, { status: 400, errorCode: 'BAD_REQUEST', title: 'Error', detail: 'The card account is not allowed in the network.' });
      // blind6-tcard-denied-invalid-information: the session attributes' error reused for the network refusal.
      if (c.faults.has('blind6-tcard-denied-invalid-information')) return sendErrorRow(reply, request, 'INVALID_INFORMATION', 'The card account is not allowed in the network.');
      if (c.faults.has('blind1-tcard-denied-title-bad-request'))
        return sendProblem(reply, request, { status: 422, errorCode: 'BAD_REQUEST', title: 'Bad Request', detail: 'The card account is not allowed in the network.' });
      // blind5-tcard-denied-200-empty: the network refusal is a card that was not added, not an error.
      if (c.faults.has('blind5-tcard-denied-200-empty')) return sendOk(reply, { [responseMembers.cards]: [] });
      return sendErrorRow(reply, request, 'BAD_REQUEST', 'The card account is not allowed in the network.');
    }
    if (reauthorize && rule.kind === 'token') rememberNetworkAllowed(c.faults, c.state, identity);
    // Reading `blind-card-number-luhn` (D15, D37): a number whose check digit is wrong is declined at authorization, never a 400.
    if (!card && rule.kind === 'number' && c.readings.has('blind-card-number-luhn') && !luhnValid(identity))
      return sendLegacyError(reply, 422, 'INVALID_CARD_NUMBER', 'The card number failed the issuer\'s check.');
    // Reading `decline-own-code` (D37): the issuer declines about one new card number in five with a code of its own.
    if (!card && rule.kind === 'number' && !denied(rule, identity, data) && c.readings.has('decline-own-code') && oneInFive(identity))
      return sendLegacyError(reply, 422, 'ISSUER_DECLINED', 'The card issuer declined the card.');
    // Reading `card-number-one-customer` (D37): a card number another customer holds is refused with a code of the target's own.
    if (!card && rule.kind === 'number' && !denied(rule, identity, data) && c.readings.has('card-number-one-customer') && c.state.cards.findAnyCustomer(rule.kind, identity))
      return sendLegacyError(reply, 422, 'CARD_HELD_ELSEWHERE', 'The card is registered to another customer.');
    // Reading `card-token-one-customer` (D37): a token another customer holds is refused with a code of the target's own.
    if (!card && rule.kind === 'token' && !denied(rule, identity, data) && c.readings.has('card-token-one-customer') && c.state.cards.findAnyCustomer(rule.kind, identity))
      return sendLegacyError(reply, 422, 'TOKEN_HELD_ELSEWHERE', 'The card token is registered to another customer.');
    const added = !card;
    // blind9-cards-readd-after-delete-not-listed: the insert finds the soft-deleted row of the same card and never clears its flag.
    const readdHidden = !card && c.faults.has('blind9-cards-readd-after-delete-not-listed') && c.state.cards.listRemoved(customerId).some((r) => r.kind === rule.kind && r.identity === identity);
    if (!card) {
      // card-add-check-then-insert: the lookup and the insert are two statements with a pause between.
      if (c.faults.has('card-add-check-then-insert')) await pause();
      // blind3-card-race: the insert waits on I/O after the lookup, with no unique constraint on (customer, card number).
      if (rule.kind === 'number' && c.faults.has('blind3-card-race')) await raceWindow();
      // blind4-card-race-two-cards: the issuer authorization is awaited between the lookup above and the insert.
      if (rule.kind === 'number' && c.faults.has('blind4-card-race-two-cards')) await new Promise((resolve) => setTimeout(resolve, 150));
      // blind9-tcard-race-two-cards: the token vault is called between the lookup above and the insert, with no unique key on the token.
      if (rule.kind === 'token' && c.faults.has('blind9-tcard-race-two-cards')) await new Promise((resolve) => setTimeout(resolve, 150));
      card = c.state.cards.add(customerId, rule.kind, identity, data, {
        reuseDeletedId: c.faults.has('readd-same-id') || (rule.kind === 'token' && (c.faults.has('blind11-tcard-readd-after-delete-same-id') || revivesChangedToken(c.faults, c.state, customerId, identity, data))),
      });
      if (rule.kind === 'token' && c.faults.has('tcard-identical-check-reads-first-data')) firstData.set(card, data);
      // tcard-list-session-only: the token list query joins the rows the calling session wrote.
      if (rule.kind === 'token' && c.faults.has('tcard-list-session-only')) rememberAdded(session, card.cardId);
      // blind7-cards-list-stale-after-update: a new card evicts the customer's cached list (an update does not).
      if (c.faults.has('blind7-cards-list-stale-after-update')) evictList(c.state.cards, customerId);
    } else {
      // blind9-history-account-filter-lost-after-card-update / blind9-delete-updated-card-not-found: the update writes a new row version.
      if (c.faults.has('blind9-history-account-filter-lost-after-card-update') || c.faults.has('blind9-delete-updated-card-not-found')) updatedCards.add(card);
      // Each update fault breaks the transition row of one operation (STATE-CARD-CHANGED or STATE-TCARD-CHANGED).
      const keptNickname: CardData = c.faults.has(rule.kind === 'number' ? 'card-update-keeps-nickname' : 'tcard-update-keeps-nickname') ? { cardNickname: card.data.cardNickname ?? '' } : {};
      // blind5-tcard-expiration-not-updated: the tokenized card's UPDATE statement leaves the expiration column out.
      const keptExpiration: CardData = rule.kind === 'token' && c.faults.has('blind5-tcard-expiration-not-updated') && card.data.expirationMonthYear !== undefined
        ? { expirationMonthYear: card.data.expirationMonthYear } : {};
      // blind10-card-update-expiration-not-stored: the number card's UPDATE statement leaves the expiration column out.
      const keptNumberExpiration: CardData = rule.kind === 'number' && c.faults.has('blind10-card-update-expiration-not-stored') && card.data.expirationMonthYear !== undefined
        ? { expirationMonthYear: card.data.expirationMonthYear } : {};
      // blind10-tcard-last-four-not-updated: the tokenized card's UPDATE statement leaves the last four out.
      const keptLastFour: CardData = rule.kind === 'token' && c.faults.has('blind10-tcard-last-four-not-updated') && card.data.lastFourOfCard !== undefined
        ? { lastFourOfCard: card.data.lastFourOfCard } : {};
      updated = true;
      if (rule.kind === 'number' && c.faults.has('blind11-card-update-answers-previous-data')) previous = { ...card, data: card.data };
      if (!c.faults.has(rule.kind === 'number' ? 'card-update-not-stored' : 'tcard-update-not-stored') && !updateNotStoredForVersion(c.faults, request, rule.kind)) card.data = { ...data, ...keptNickname, ...keptExpiration, ...keptNumberExpiration, ...keptLastFour };
      card.updates += 1;
      if (c.faults.has('obo-linked-lost-on-identical-resubmission')) markUnchanged(card, false);
      // card-update-writes-every-holder: the UPDATE statement is keyed on the card number alone, every holder's row.
      if (rule.kind === 'number' && c.faults.has('card-update-writes-every-holder'))
        for (const other of c.state.cards.anyValid()) if (other !== card && other.kind === 'number' && other.identity === identity) other.data = card.data;
      if (rule.kind === 'number' && c.faults.has('card-update-new-id')) card = c.state.cards.renew(card);
    }
    if (!reauthorize) return reply200(previous ?? card);
    card.authorizations += 1;
    const outOfDate = rule.kind === 'number' && c.readings.has('blind-expired-card-declined') && expired(data.expirationMonthYear);
    // card-decline-skipped-with-name-on-card: with a cardholder name the card goes to a name-match authorization that never declines.
    const byName = rule.kind === 'number' && c.faults.has('card-decline-skipped-with-name-on-card') && Boolean(data.nameOnCard);
    const authorized = (byName || !(rule.kind === 'number' && denied(rule, identity, data))) && !outOfDate;
    // blind4-card-declined-still-listed: the decline is answered, but the card's flag is never written.
    card.valid = (authorized || c.faults.has('blind4-card-declined-still-listed')) && !readdHidden;
    // blind8-card-new-card-response-first-card: the new-card branch answers with the head of the customer's list.
    if (authorized && added && rule.kind === 'number' && c.faults.has('blind8-card-new-card-response-first-card')) return reply200(c.state.cards.listValid(customerId)[0] ?? card);
    if (authorized) return reply200(previous ?? card);
    if (outOfDate) return sendLegacyError(reply, 422, 'CARD_EXPIRED', 'The card has expired.');
    // D15: authorization failed; the card is flagged invalid and no longer listed.
    const e = referenceOnlyErrors.cardAuthorizationFailed;
    const message = 'The card could not be authorized.';
    if (c.readings.has('decline-problem')) return sendProblem(reply, request, { status: e.status, errorCode: 'CARD_DECLINED', title: 'Card Declined', detail: message });
    if (c.faults.has('card-decline-missing-code')) return reply.code(e.status).type('application/json').send({ [responseMembers.legacyErrorMessage]: message });
    return sendLegacyError(reply, c.faults.has('blind1-card-decline-200') ? 200 : c.readings.has('decline-400-legacy') ? 400 : e.status, e.legacyCode, message);
  };
}

/** AddOrUpdateCard and AddOrUpdateTokenizedCard (interface.md "States and transitions", D15). */
export function cardUpserts(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, numberRule.operationId, handle(numberRule));
  defineOperation(app, ctx, tokenRule.operationId, handle(tokenRule));
}
