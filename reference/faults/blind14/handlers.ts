import type { FastifyReply } from 'fastify';
import { sendDone, text, type OperationContext, type OperationHandler, type ValidRequest } from '../../operations/context.js';
import type { StoredCard } from '../../state/index.js';

/**
 * The blind14 state faults: around an operation's handler (DeleteCard) and the extra
 * rows of the card list. Each is guarded by its fault; with none on, the handler runs as it is.
 * @see reference/faults/blind14/index.ts
 */

/** Runs the handler, or answers instead of it where a blind14 state fault applies (the handler itself when none is on). */
export function blind14Run(c: OperationContext, req: ValidRequest, handler: OperationHandler): Promise<FastifyReply> | FastifyReply {
  if (req.op.id === 'DeleteCard' && c.faults.has('blind14-delete-race-both-succeed')) return deleteUnchecked(c, req, handler);
  return handler(c, req);
}

/** blind14-delete-race-both-succeed: the card is read, the processor told, then DELETE runs without checking the rows it affected. */
async function deleteUnchecked(c: OperationContext, req: ValidRequest, handler: OperationHandler): Promise<FastifyReply> {
  const { values, reply } = req;
  const card = c.state.cards.get(text(values, 'cardId'));
  if (card && card.customerId === text(values, 'customerId').toLowerCase()) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!c.state.cards.get(card.cardId)) return sendDone(reply);
  }
  return handler(c, req);
}

/** Cards the faulty list query adds to the customer's own (registered) ones; none when no fault applies. */
export function blind14ExtraCards(c: OperationContext, own: readonly StoredCard[]): StoredCard[] {
  const extra: StoredCard[] = [];
  // The list joins the card table on CardNumber instead of CustomerId.
  if (c.faults.has('blind14-cards-joined-by-number-across-customers')) {
    const numbers = new Set(own.filter((card) => card.kind === 'number').map((card) => card.identity));
    extra.push(...c.state.cards.anyValid().filter((card) => card.kind === 'number' && numbers.has(card.identity) && !own.includes(card)));
  }
  return extra;
}
