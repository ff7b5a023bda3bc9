import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseMembers } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { batchOnSend } from '../reply-payload.js';
import { anyBlind19, memoryOf, type Json } from './memo.js';
import { reshapeHistory } from './answers-history.js';

/**
 * The blind19 faults on a partner operation's answer on its way out (a route-level onSend hook that
 * sees the instance's state): FindCustomer, EnrollCustomer, the card operations, AuthenticateOBO and
 * the attribute operations here, history in answers-history.ts. Installed only when a blind19 fault
 * is on; each rewrite is guarded by its fault.
 * @see reference/faults/blind19/index.ts
 */

const htmlEncoded = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function reshape(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const memory = memoryOf(c.state);
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  const customerId = String(input.customerId ?? '').toLowerCase();
  const cards = Array.isArray(body[responseMembers.cards]) ? (body[responseMembers.cards] as Json[]) : undefined;
  // Memory: customers refused BAD_REQUEST.
  if (slug === 'add-or-update-tokenized-card' && status === 422 && body.errorCode === 'BAD_REQUEST') memory.tcardDenied.add(customerId);
  // Memory: when each customer's first card was written (the replica's lag).
  if ((slug === 'add-or-update-card' || slug === 'add-or-update-tokenized-card') && status === 200 && !memory.firstCardAt.has(customerId)) memory.firstCardAt.set(customerId, Date.now());
  // The older formatter, text/json, kept on the FindCustomer controller.
  if (on('blind19-find-success-text-json', 'find-customer') && status === 200) reply.header('content-type', 'text/json; charset=utf-8');
  // The duplicate e-mail branch returns Ok(new { ErrorCode, ErrorMessage }).
  if (on('blind19-enroll-duplicate-email-200', 'enroll-customer') && status === 422 && body.ErrorCode === 'DUPLICATE_EMAIL') reply.code(200);
  if (slug === 'get-registered-cards' && status === 200 && cards) {
    // The list's view model goes through the HTML encoder of the web layer.
    if (c.faults.has('blind19-cards-nickname-html-encoded'))
      return { ...body, cards: cards.map((x) => (typeof x.cardNickname === 'string' ? { ...x, cardNickname: htmlEncoded(x.cardNickname) } : x)) };
    // One view object reused across the projection loop: every element is the last card.
    if (c.faults.has('blind19-cards-shared-view-object-last-card-repeated') && cards.length > 1) return { ...body, cards: cards.map(() => cards.at(-1)) };
    // JsonSerializerOptions with ReferenceHandler.Preserve on the card list controller.
    if (c.faults.has('blind19-cards-reference-preserving-serializer'))
      return { $id: '1', cards: { $id: '2', $values: cards.map((x, i) => ({ $id: String(i + 3), ...x })) } };
  }
  // The header-versioned card route is the older controller, whose answer is {"Cards": [...]}.
  if (on('blind19-version-header-card-legacy-cards-key', 'add-or-update-card') && status === 200 && cards && request.headers.apiversion !== undefined) {
    const { [responseMembers.cards]: list, ...rest } = body;
    return { ...rest, Cards: list };
  }
  // An idempotency cache keyed on the request body, not on the session.
  if (on('blind19-obo-reply-cached-across-sessions', 'authenticate-obo') && status === 200) {
    const cached = memory.oboReplies.get(customerId);
    if (cached === undefined) memory.oboReplies.set(customerId, JSON.stringify(body));
    else return JSON.parse(cached) as Json;
  }
  const validation = Array.isArray(body.validationErrors) ? (body.validationErrors as Array<{ key: string; message: string }>) : undefined;
  // Customer attributes bound as a dictionary: the key's index is the attribute's name.
  if (on('blind19-cattr-key-index-is-attribute-name', 'add-customer-attributes') && status === 400 && validation && Array.isArray(input.customerAttributes)) {
    const list = input.customerAttributes as Json[];
    return { ...body, validationErrors: validation.map((e) => ({ ...e, key: e.key.replace(/\[(\d+)\]/, (m, i: string) => (typeof list[Number(i)]?.name === 'string' ? `[${String(list[Number(i)]!.name)}]` : m)) })) };
  }
  return undefined;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind19 fault is on. */
export const blind19OnSend = (c: OperationContext) => batchOnSend(anyBlind19(c.faults), c, [reshape, reshapeHistory]);

