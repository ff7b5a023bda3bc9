import type { FastifyInstance } from 'fastify';
import { responseMembers } from '../../contract/index.js';
import { sendErrorRow, sendReferenceProblem } from '../problems.js';
import { defineOperation } from './route.js';
import { cardView } from './card-view.js';
import { sendDone, sendOk, text, type OperationContext } from './context.js';

/**
 * GetRegisteredCards: the customer's registered (valid) cards. An unknown customer has no
 * cards, so the answer is 200 with an empty list (the document lists no error for it).
 */
export function getRegisteredCards(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'GetRegisteredCards', (c, { values, request, reply }) => {
    if (c.readings.has('blind-unknown-customer-422') && !c.state.customers.get(text(values, 'customerId')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    const cards = c.state.cards.listValid(text(values, 'customerId'));
    // The order of the card list is not shown: the reading lists the newest card first.
    if (c.readings.has('cards-newest-first')) cards.reverse();
    if (c.readings.has('blind-cards-by-id-order')) cards.sort((a, b) => a.cardId.localeCompare(b.cardId));
    // blind1-cards-null-when-empty: an empty result set is serialised as null.
    if (cards.length === 0 && c.faults.has('blind1-cards-null-when-empty')) return sendOk(reply, { [responseMembers.cards]: null });
    // blind1-cards-ints-as-strings: the numeric columns are written as their text.
    const asText = (view: Record<string, unknown>) => (c.faults.has('blind1-cards-ints-as-strings')
      ? { ...view, issuerType: String(view.issuerType), currentCardMin: String(view.currentCardMin), currentCardMax: String(view.currentCardMax) } : view);
    return sendOk(reply, { [responseMembers.cards]: cards.map((card) => asText(cardView(card, c.faults, { readings: c.readings }))) });
  });
}

/** DeleteCard: removes the card; an unknown card (or another customer's) is 422 CARD_NOT_FOUND (D30). Success `{}` (D6). */
export function deleteCard(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'DeleteCard', (c, { values, request, reply }) => {
    if (c.readings.has('blind-unknown-customer-422') && !c.state.customers.get(text(values, 'customerId')))
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    const card = c.state.cards.get(text(values, 'cardId'));
    // The crash of a handler that trusts the cardId to exist (GEN-NO-5XX).
    if (!card && c.faults.has('delete-unknown-500')) throw new TypeError("Cannot read properties of undefined (reading 'customerId')");
    // Reading `blind-delete-idempotent` (D30): a card that is not there is as deleted as it can be.
    if (!card && c.readings.has('blind-delete-idempotent')) return sendDone(reply);
    if ((!card || card.customerId !== text(values, 'customerId').toLowerCase()) && c.readings.has('delete-unknown-404'))
      return sendReferenceProblem(reply, request, 'notFound', 'The customer has no card with this cardId.');
    if (!card || card.customerId !== text(values, 'customerId').toLowerCase())
      return sendReferenceProblem(reply, request, 'cardNotFound', 'The customer has no card with this cardId.');
    if (!c.faults.has('delete-card-kept')) c.state.cards.remove(card);
    return sendDone(reply);
  });
}
