import type { FastifyReply, FastifyRequest } from 'fastify';
import { operation, responseMembers, sessionHeaders } from '../../../contract/index.js';
import { cardView, lastFourOf } from '../../operations/card-view.js';
import type { OperationContext } from '../../operations/context.js';
import { batchOnSend } from '../reply-payload.js';
import { anyBlind18, memoryOf, type Json } from './memo.js';
import { reshapeMore } from './answers-more.js';

/**
 * The blind18 faults on a partner operation's answer on its way out (a route-level onSend hook that
 * sees the instance's state): FindCustomer, EnrollCustomer, the card operations and AuthenticateOBO
 * here, history and customer attributes in answers-more.ts. It also keeps what memo.ts remembers.
 * Installed only when a blind18 fault is on; each rewrite is guarded by its fault.
 * @see reference/faults/blind18/index.ts
 */

const optionalEnrolment = operation('EnrollCustomer').fields.filter((f) => !f.required).map((f) => f.name);

function reshape(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const memory = memoryOf(c.state);
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  const customerId = String(input.customerId ?? '').toLowerCase();
  const session = c.state.sessions.get(String(request.headers[sessionHeaders.sessionId.toLowerCase()] ?? ''));
  const cards = Array.isArray(body[responseMembers.cards]) ? (body[responseMembers.cards] as Json[]) : undefined;
  const kindOf = (card: Json) => c.state.cards.get(String(card.cardId))?.kind;
  const enrolled = String(body[responseMembers.enrollCustomer] ?? '');
  // Memory: the `email` path's customers, the card list cache, the OBO snapshot.
  if (slug === 'enroll-customer' && status === 200 && typeof input.email === 'string' && input.emailAddress === undefined) memory.aliasEnrolled.add(enrolled.toLowerCase());
  if (slug === 'get-registered-cards' && status === 200 && cards && !memory.listCache.has(customerId)) memory.listCache.set(customerId, cards.map((x) => String(x.cardId)));
  if (slug === 'authenticate-obo' && status === 200 && session?.oboCustomerId)
    memory.oboSnapshot.set(session.sessionId, new Set(c.state.cards.listValid(session.oboCustomerId).map((k) => k.cardId)));
  // Guid.ToString("B").
  if (on('blind18-find-customer-id-braced', 'find-customer') && status === 200 && typeof body.customerId === 'string' && body.customerId !== '')
    return { ...body, customerId: `{${body.customerId}}` };
  // The "quick" path's anonymous object, serialised camelCase.
  if (on('blind18-enroll-minimal-payload-customer-id-camel-key', 'enroll-customer') && status === 200 && optionalEnrolment.every((name) => input[name] === undefined))
    return { customerId: enrolled };
  // The per-session service's field, read before the insert assigns the new customer.
  if (on('blind18-enroll-reply-id-of-previous-enrolment-in-session', 'enroll-customer') && status === 200 && session) {
    const previous = memory.lastEnrolled.get(session.sessionId);
    memory.lastEnrolled.set(session.sessionId, enrolled);
    if (previous) return { ...body, [responseMembers.enrollCustomer]: previous };
  }
  if (slug === 'get-registered-cards' && status === 200 && cards) {
    if (c.faults.has('blind18-cards-issuer-type-string')) return { ...body, cards: cards.map((x) => ({ ...x, issuerType: String(x.issuerType) })) };
    // Joined on the card number, not the card id.
    if (c.faults.has('blind18-cards-same-number-other-customer-listed')) {
      const numbers = new Set(cards.filter((x) => kindOf(x) === 'number').map((x) => c.state.cards.get(String(x.cardId))!.identity));
      const others = c.state.cards.anyValid().filter((k) => k.kind === 'number' && k.customerId !== customerId && numbers.has(k.identity));
      return { ...body, cards: [...cards, ...others.map((k) => cardView(k, c.faults, { readings: c.readings }))] };
    }
    // The masked-number lookup done once per customer.
    const firstNumber = c.state.cards.listValid(customerId).find((k) => k.kind === 'number');
    if (c.faults.has('blind18-cards-last-four-from-first-number-card') && firstNumber)
      return { ...body, cards: cards.map((x) => (kindOf(x) === 'number' ? { ...x, lastFourDigits: lastFourOf(firstNumber) } : x)) };
    if (c.faults.has('blind18-cards-card-art-null-for-token-cards')) return { ...body, cards: cards.map((x) => (kindOf(x) === 'token' ? { ...x, cardArtAsBase64Png: null } : x)) };
    if (c.faults.has('blind18-cards-token-card-customer-id-empty')) return { ...body, cards: cards.map((x) => (kindOf(x) === 'token' ? { ...x, customerId: '' } : x)) };
  }
  // The answer's owner from the session's customer context.
  if (on('blind18-card-reply-customer-id-of-obo-customer', 'add-or-update-card') && status === 200 && cards && session?.oboCustomerId && session.oboCustomerId !== customerId)
    return { ...body, cards: cards.map((x) => ({ ...x, customerId: session.oboCustomerId })) };
  if (slug === 'add-or-update-tokenized-card' && status === 200 && cards) {
    if (c.faults.has('blind18-tcard-show-terms-as-number')) return { ...body, cards: cards.map((x) => ({ ...x, showTermsAndConditions: x.showTermsAndConditions ? 1 : 0 })) };
    // The customer's token cards ordered by creation, the first one taken.
    const firstToken = c.state.cards.listValid(customerId).find((k) => k.kind === 'token');
    if (c.faults.has('blind18-tcard-reply-last-four-of-previous-token-card') && firstToken && firstToken.cardId !== String(cards[0]?.cardId))
      return { ...body, cards: cards.map((x) => ({ ...x, lastFourDigits: lastFourOf(firstToken) })) };
    // The older controller behind ?apiVersion=1.
    if (c.faults.has('blind18-version-query-tcard-legacy-cards-key') && /[?&]apiVersion=/.test(request.url)) {
      const { [responseMembers.cards]: list, ...rest } = body;
      return { ...rest, Cards: list };
    }
  }
  // The customer context written before the linked-account check, not restored by the refusal.
  if (on('blind18-obo-failed-call-overwrites-session-customer', 'authenticate-obo') && status === 422 && body.errorCode === 'NO_LINKED_ACCOUNT' && session)
    session.oboCustomerId = customerId;
  return undefined;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind18 fault is on. */
export const blind18OnSend = (c: OperationContext) => batchOnSend(anyBlind18(c.faults), c, [reshape, reshapeMore]);
