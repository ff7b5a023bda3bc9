import type { FastifyReply } from 'fastify';
import type { OperationContext, ValidRequest } from '../../operations/context.js';
import type { StoredCard } from '../../state/index.js';

/**
 * The blind13 state faults that act before an operation's handler, and the small predicates the
 * handlers ask (obo.ts, history.ts, card-list.ts). Each is guarded by its fault.
 * @see reference/faults/blind13/index.ts
 */

/** May throw (a 500) or answer instead of the handler; undefined lets the handler run. */
export function blind13Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  const { op, values } = req;
  // The history query LEFT JOINs transactions to cards and reads the card's columns without a null check.
  if (op.id === 'GetTransactionHistory' && c.faults.has('blind13-history-after-delete-500') && values.accountId === undefined
    && c.state.cards.listRemoved(String(values.customerId ?? '')).length > 0)
    throw new TypeError("Cannot read properties of null (reading 'cardNickname')");
  return undefined;
}

/** blind13-obo-linked-check-uses-session-customer: the customer whose cards make the account "linked". */
export const linkedCustomerOf = (c: OperationContext, sessionCustomer: string | undefined, customerId: string): string =>
  (c.faults.has('blind13-obo-linked-check-uses-session-customer') ? sessionCustomer ?? customerId : customerId);

/** blind13-history-filter-by-nickname: a card passes the accountId filter when its nickname is the named card's. */
export function sameNicknameAs(c: OperationContext, cards: readonly StoredCard[], accountId: string | undefined): (card: StoredCard) => boolean {
  const named = c.faults.has('blind13-history-filter-by-nickname') && accountId !== undefined ? cards.find((card) => card.cardId === accountId) : undefined;
  return (card) => named !== undefined && card.data.cardNickname === named.data.cardNickname;
}

/** blind13-delete-token-card-removes-same-token-elsewhere: the DELETE ... WHERE Token = @token of the token table. */
export function removeSameToken(c: OperationContext, card: StoredCard): void {
  if (!c.faults.has('blind13-delete-token-card-removes-same-token-elsewhere') || card.kind !== 'token') return;
  for (let other = c.state.cards.findAnyCustomer('token', card.identity); other; other = c.state.cards.findAnyCustomer('token', card.identity)) c.state.cards.remove(other);
}
