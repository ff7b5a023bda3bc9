import type { FastifyInstance } from 'fastify';
import { fieldKey, responseMembers } from '../../contract/index.js';
import { sendErrorRow, sendReferenceProblem, sendValidationProblem } from '../problems.js';
import { defineOperation } from './route.js';
import { cardView } from './card-view.js';
import { pause, sendDone, sendOk, text, type OperationContext } from './context.js';
import { raceWindow } from '../faults/blind3/access.js';
import { cachedCards } from '../faults/blind5/memo.js';
import { cachedList, evictList } from '../faults/blind7/memo.js';
import { blind10CardView } from '../faults/blind10/hooks.js';
import { evictStaleList, staleList } from '../faults/stale-caches.js';
import { updatedCards } from '../faults/blind9/hooks.js';
import { addedIn } from '../faults/session-memo.js';
import { removeSameToken } from '../faults/blind13/handlers.js';
import { blind14ExtraCards } from '../faults/blind14/handlers.js';
import { lastFourTwins } from '../faults/identity-classes.js';
import { foreignCardRefused } from '../blind2/rules.js';

/**
 * GetRegisteredCards: the customer's registered (valid) cards. An unknown customer has no
 * cards, so the answer is 200 with an empty list (the document lists no error for it).
 */
export function getRegisteredCards(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'GetRegisteredCards', (c, { values, session, request, reply }) => {
    if (c.readings.has('blind-unknown-customer-422') && !c.state.customers.get(text(values, 'customerId')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    // cards-unknown-customer-500: the customer row is read first and dereferenced without a null check.
    if (c.faults.has('cards-unknown-customer-500') && !c.state.customers.get(text(values, 'customerId')))
      throw new TypeError("Cannot read properties of undefined (reading 'cards')");
    // blind4-cards-obo-customer-served: the customer is taken from the session once AuthenticateOBO named one.
    const listed = c.faults.has('blind4-cards-obo-customer-served') && session.oboCustomerId !== undefined ? session.oboCustomerId : text(values, 'customerId');
    // blind5-cards-cached-after-delete: the list is read through a per-customer cache that DeleteCard never clears.
    const all = c.faults.has('blind5-cards-cached-after-delete') ? cachedCards(c.state.cards, listed, () => c.state.cards.listValid(listed)) : c.state.cards.listValid(listed);
    // blind8-cards-list-capped-at-five: a `TOP 5` left in the list query.
    // blind10-delete-readd-not-listed: the list query excludes every card number or token that has a deletion row.
    const deleted = c.faults.has('blind10-delete-readd-not-listed') ? c.state.cards.listRemoved(listed) : [];
    const live = deleted.length > 0 ? all.filter((card) => !deleted.some((d) => d.kind === card.kind && d.identity === card.identity)) : all;
    const capped = c.faults.has('blind8-cards-list-capped-at-five') ? live.slice(0, 5) : live;
    // tcard-list-session-only: of the tokenized cards, only the rows the calling session wrote.
    // blind11-cards-list-one-per-nickname: the list is built through a dictionary keyed by nickname, the newer card winning.
    const keyed = c.faults.has('blind11-cards-list-one-per-nickname') ? [...new Map(capped.map((card) => [card.data.cardNickname ?? '', card])).values()] : capped;
    const cards = c.faults.has('tcard-list-session-only') ? keyed.filter((card) => card.kind !== 'token' || addedIn(session, card.cardId)) : keyed;
    // blind4-cards-deleted-token-card-listed: the tokenized cards' query has no deletion clause.
    if (c.faults.has('blind4-cards-deleted-token-card-listed')) cards.push(...c.state.cards.listRemoved(listed).filter((card) => card.kind === 'token'));
    // blind14-cards-joined-by-number-across-customers: the list joins on the card number instead of the customer.
    if (c.faults.has('blind14-cards-joined-by-number-across-customers')) cards.push(...blind14ExtraCards(c, cards));
    // cards-readded-card-listed-twice: the list joins the deletion log by number or token; a card added again comes once per row.
    if (c.faults.has('cards-readded-card-listed-twice')) {
      const gone = c.state.cards.listRemoved(listed);
      cards.push(...cards.filter((card) => gone.some((d) => d.kind === card.kind && d.identity === card.identity)));
    }
    // The order of the card list is not shown: the reading lists the newest card first.
    if (c.readings.has('cards-newest-first')) cards.reverse();
    if (c.readings.has('blind-cards-by-id-order')) cards.sort((a, b) => a.cardId.localeCompare(b.cardId));
    // Reading `blind4-cards-by-nickname`: sorted for display.
    if (c.readings.has('blind4-cards-by-nickname')) cards.sort((a, b) => (a.data.cardNickname ?? '').localeCompare(b.data.cardNickname ?? '') || a.cardId.localeCompare(b.cardId));
    // blind1-cards-null-when-empty: an empty result set is serialised as null.
    if (cards.length === 0 && c.faults.has('blind1-cards-null-when-empty')) return sendOk(reply, { [responseMembers.cards]: null });
    // blind1-cards-ints-as-strings: the numeric columns are written as their text.
    const asText = (view: Record<string, unknown>) => (c.faults.has('blind1-cards-ints-as-strings')
      ? { ...view, issuerType: String(view.issuerType), currentCardMin: String(view.currentCardMin), currentCardMax: String(view.currentCardMax) } : view);
    // blind2-cards-expiration-yymm / blind2-cards-last-four-first-four: columns read back in the wrong order or from the wrong end.
    const blind2 = (card: (typeof cards)[number], view: Record<string, unknown>) => {
      const out = { ...view };
      if (c.faults.has('blind2-cards-expiration-yymm') && typeof out.expirationMonthYear === 'string' && out.expirationMonthYear.length === 4)
        out.expirationMonthYear = out.expirationMonthYear.slice(2) + out.expirationMonthYear.slice(0, 2);
      if (c.faults.has('blind2-cards-last-four-first-four') && card.kind === 'number') out.lastFourDigits = card.identity.slice(0, 4);
      // blind6-cards-expiration-leading-zero-lost: the list reads expirationMonthYear from an int column.
      if (c.faults.has('blind6-cards-expiration-leading-zero-lost') && typeof out.expirationMonthYear === 'string' && /^0[0-9]{3}$/.test(out.expirationMonthYear))
        out.expirationMonthYear = String(Number(out.expirationMonthYear));
      // blind6-cards-token-card-min-null: the token table's limit columns are nullable and never filled.
      if (c.faults.has('blind6-cards-token-card-min-null') && card.kind === 'token') out.currentCardMin = null;
      return out;
    };
    // blind7-cards-token-last-four-number: the tokenized card's last four read from an int column.
    const blind7 = (card: (typeof cards)[number], view: Record<string, unknown>) =>
      (c.faults.has('blind7-cards-token-last-four-number') && card.kind === 'token' && typeof view.lastFourDigits === 'string' && /^[0-9]+$/.test(view.lastFourDigits)
        ? { ...view, lastFourDigits: Number(view.lastFourDigits) } : view);
    // blind8-cards-last-four-fixed-offset: the last four taken at the offset a 16-digit number has them.
    const blind8 = (card: (typeof cards)[number], view: Record<string, unknown>) =>
      (c.faults.has('blind8-cards-last-four-fixed-offset') && card.kind === 'number' ? { ...view, lastFourDigits: card.identity.slice(12, 16) } : view);
    // blind9-cards-hash-id-null: the list DTO carries the nullable hash column, never filled for listed cards.
    const blind9 = (view: Record<string, unknown>) => (c.faults.has('blind9-cards-hash-id-null') ? { ...view, hashId: null } : view);
    const build = () => ({ [responseMembers.cards]: cards.map((card) => blind9(blind8(card, blind7(card, blind2(card, blind10CardView(c.faults, card, asText(cardView(card, c.faults, { readings: c.readings })), 'list')))))) });
    // blind7-cards-list-stale-after-update: the list body is cached per customer; add and delete evict it, update does not.
    if (c.faults.has('blind7-cards-list-stale-after-update')) return sendOk(reply, cachedList(c.state.cards, listed, build));
    // cards-list-stale-after-token-update: the list body is cached per customer; a tokenized card's update does not evict it.
    return sendOk(reply, c.faults.has('cards-list-stale-after-token-update') ? staleList(c.state.cards, listed, build) : build());
  });
}

/** DeleteCard: removes the card; an unknown card (or another customer's) is 422 CARD_NOT_FOUND (D30). Success `{}` (D6). */
export function deleteCard(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'DeleteCard', async (c, { op, values, request, reply }) => {
    if (c.readings.has('blind-unknown-customer-422') && !c.state.customers.get(text(values, 'customerId')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    // blind7-delete-unknown-customer-500: the customer row is read first and dereferenced without a null check.
    if (c.faults.has('blind7-delete-unknown-customer-500') && !c.state.customers.get(text(values, 'customerId')))
      throw new TypeError("Cannot read properties of undefined (reading 'customerId')");
    const cardId = text(values, 'cardId');
    const card = c.state.cards.get(cardId);
    if (c.faults.has('blind7-cards-list-stale-after-update')) evictList(c.state.cards, text(values, 'customerId'));
    if (c.faults.has('cards-list-stale-after-token-update')) evictStaleList(c.state.cards, text(values, 'customerId'));
    // delete-deleted-500: the tombstone of a deleted card is read as if it were a card.
    if (!card && c.faults.has('delete-deleted-500') && c.state.cards.wasRemoved(cardId)) throw new TypeError("Cannot read properties of null (reading 'deletedOn')");
    // delete-again-restores: the delete flips a soft-delete flag, so a second delete brings the card back.
    if (!card && c.faults.has('delete-again-restores') && c.state.cards.restore(cardId, text(values, 'customerId'))) return sendDone(reply);
    // blind4-delete-twice-500: the soft-deleted row is found again and its account record is null.
    if (!card && c.faults.has('blind4-delete-twice-500') && c.state.cards.listRemoved(text(values, 'customerId')).some((r) => r.cardId === cardId.toLowerCase()))
      throw new TypeError("Cannot read properties of null (reading 'accountId')");
    // blind5-delete-unknown-plain-404: `return NotFound("Card not found")`, a string result written as text.
    if (!card && c.faults.has('blind5-delete-unknown-plain-404')) return reply.code(404).type('text/plain; charset=utf-8').send('Card not found');
    // The crash of a handler that trusts the cardId to exist (GEN-NO-5XX).
    if (!card && c.faults.has('delete-unknown-500')) throw new TypeError("Cannot read properties of undefined (reading 'customerId')");
    // Reading `blind-delete-idempotent` (D30): a card that is not there is as deleted as it can be.
    if (!card && c.readings.has('blind-delete-idempotent')) return sendDone(reply);
    // blind3-delete-foreign-removed: the DELETE ran first; the owner is compared on the row it returned.
    if (card && card.customerId !== text(values, 'customerId').toLowerCase() && c.faults.has('blind3-delete-foreign-removed')) c.state.cards.remove(card);
    // delete-card-any-customer: the card is looked up by its id alone, whoever the customerId names.
    // blind4-delete-other-customer-card: the delete statement's WHERE clause names the cardId only.
    const owned = card !== undefined && (card.customerId === text(values, 'customerId').toLowerCase() || c.faults.has('delete-card-any-customer') || c.faults.has('blind4-delete-other-customer-card'));
    // Reading `blind2-foreign-card-403` (D45, D30): another customer's card is refused with 403.
    if (card && !owned && foreignCardRefused(c.readings, c.state, cardId, text(values, 'customerId'), request, reply)) return reply;
    // Reading `delete-foreign-card-noop` (D30, D45): another customer's card is left alone, the answer a plain success.
    if (card && !owned && c.readings.has('delete-foreign-card-noop')) return sendDone(reply);
    // Reading `blind4-delete-unknown-400` (D30, D45): a cardId of no card of the customer is a validation error naming it.
    if (!owned && c.readings.has('blind4-delete-unknown-400')) return sendValidationProblem(reply, request, [{ key: fieldKey(op, op.fields.find((f) => f.name === 'cardId')!), message: 'The cardId does not name a card of this customer.' }]);
    if (!owned && c.readings.has('delete-unknown-404'))
      return sendReferenceProblem(reply, request, 'notFound', 'The customer has no card with this cardId.');
    // blind9-delete-updated-card-not-found: the delete names the row version read when the card was added, stale after an update.
    if (!card || !owned || (c.faults.has('blind9-delete-updated-card-not-found') && updatedCards.has(card)))
      return sendReferenceProblem(reply, request, 'cardNotFound', 'The customer has no card with this cardId.');
    if (c.faults.has('blind4-delete-race-500')) {
      // blind4-delete-race-500: the row is read, the card processor told, then deleted with an affected-rows check.
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (!c.state.cards.get(card.cardId)) throw new Error('Concurrency violation: the DeleteCommand affected 0 of the expected 1 records.');
    }
    // blind2-delete-removes-all-cards: the delete statement's WHERE clause names the customer only.
    // blind6-delete-removes-first-card: the card is taken from the customer's list by index, not by id.
    if (c.faults.has('blind6-delete-removes-first-card')) {
      c.state.cards.remove(c.state.cards.listValid(card.customerId)[0] ?? card);
      return sendDone(reply);
    }
    if (c.faults.has('blind2-delete-removes-all-cards')) for (const other of c.state.cards.listValid(card.customerId)) if (other !== card) c.state.cards.remove(other);
    // blind3-delete-race-500: the card is read back for the audit record after an awaited write, and trusted to be there.
    if (c.faults.has('blind3-delete-race-500')) {
      await raceWindow();
      if (!c.state.cards.get(card.cardId)) throw new TypeError("Cannot read properties of undefined (reading 'cardId')");
    }
    // delete-check-then-remove: the card is read, then removed after a pause, read again without a check.
    if (c.faults.has('delete-check-then-remove'))
      return pause().then(() => {
        c.state.cards.remove(c.state.cards.get(cardId)!);
        return sendDone(reply);
      });
    // blind3-delete-tokenized-kept: the delete statement names the card-number table only.
    // blind10-delete-answered-before-removed: the removal is queued and runs after the answer.
    if (c.faults.has('blind10-delete-answered-before-removed')) {
      setTimeout(() => { if (c.state.cards.get(card.cardId)) c.state.cards.remove(card); }, 500);
      return sendDone(reply);
    }
    // blind10-delete-removes-same-nickname: the delete statement is keyed on the customer and the nickname.
    if (c.faults.has('blind10-delete-removes-same-nickname'))
      for (const other of c.state.cards.listValid(card.customerId)) if (other !== card && other.data.cardNickname === card.data.cardNickname) c.state.cards.remove(other);
    // delete-card-by-last-four: the delete statement is keyed on the customer and the card's last four digits.
    for (const twin of lastFourTwins(c.faults, c.state, card)) c.state.cards.remove(twin);
    if (!c.faults.has('delete-card-kept') && !(c.faults.has('blind3-delete-tokenized-kept') && card.kind === 'token')) c.state.cards.remove(card);
    removeSameToken(c, card);
    // blind11-delete-last-card-removes-customer: the customer row is deleted by a cascade once its last card goes.
    if (c.faults.has('blind11-delete-last-card-removes-customer') && c.state.cards.listValid(card.customerId).length === 0) c.state.customers.remove(card.customerId);
    // blind7-delete-same-number-other-customer: `DELETE FROM Cards WHERE CardNumber = @number`, every holder of the number.
    if (c.faults.has('blind7-delete-same-number-other-customer') && card.kind === 'number')
      for (let other = c.state.cards.findAnyCustomer('number', card.identity); other; other = c.state.cards.findAnyCustomer('number', card.identity)) c.state.cards.remove(other);
    if (c.faults.has('blind2-delete-success-plain-text')) return reply.code(200).type('text/plain; charset=utf-8').send('OK');
    // Reading `blind2-delete-returns-cards` (D6): the customer's remaining cards.
    if (c.readings.has('blind2-delete-returns-cards')) return sendOk(reply, { [responseMembers.cards]: c.state.cards.listValid(card.customerId).map((x) => cardView(x, c.faults, { readings: c.readings })) });
    return sendDone(reply);
  });
}
