import type { FastifyReply, FastifyRequest } from 'fastify';
import { referenceOnlyErrors, responseMembers, sessionHeaders } from '../../../contract/index.js';
import { cardView } from '../../operations/card-view.js';
import type { OperationContext } from '../../operations/context.js';
import { payloadObject } from '../reply-payload.js';
import { anyBlind17 } from './inputs.js';
import { cardSubmissions, identicalToken, memoryOf, tokenOnFile, updatingCard } from './memo.js';
import { reshapeMore } from './answers-more.js';

/**
 * The blind17 faults on a partner operation's answer on its way out (a route-level onSend hook that
 * sees the instance's state): the card operations here, the others in answers-more.ts. It also keeps
 * what memo.ts remembers of the card writes. Installed only when a blind17 fault is on; each rewrite
 * is guarded by its fault.
 * @see reference/faults/blind17/index.ts
 */

type Json = Record<string, unknown>;

/** The card writes' memory: the session that wrote each card, declined customers, the data as inserted. */
function remember(c: OperationContext, request: FastifyRequest, slug: string, status: number, body: Json): void {
  const memory = memoryOf(c.state);
  const input = (request.body ?? {}) as Json;
  const cards = Array.isArray(body[responseMembers.cards]) ? (body[responseMembers.cards] as Json[]) : [];
  const sessionId = String(request.headers[sessionHeaders.sessionId.toLowerCase()] ?? '');
  if (status === 200) for (const card of cards) if (!memory.cardSessions.has(String(card.cardId))) memory.cardSessions.set(String(card.cardId), sessionId);
  if (slug === 'add-or-update-card' && status === referenceOnlyErrors.cardAuthorizationFailed.status && body[responseMembers.legacyErrorCode] !== undefined)
    memory.declined.add(String(input.customerId ?? '').toLowerCase());
  const submission = cardSubmissions.get(request);
  if (slug === 'add-or-update-card' && status === 200 && submission && !memory.insertedData.has(submission.key)) memory.insertedData.set(submission.key, submission.data);
}

function reshapeCards(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const input = (request.body ?? {}) as Json;
  const cards = Array.isArray(body[responseMembers.cards]) ? (body[responseMembers.cards] as Json[]) : undefined;
  const kindOf = (card: Json) => c.state.cards.get(String(card.cardId))?.kind;
  // `numberCards ?? tokenCards`: the token query runs only when the number query found nothing.
  if (on('blind17-cards-token-cards-hidden-beside-number-cards', 'get-registered-cards') && status === 200 && cards?.some((x) => kindOf(x) === 'number'))
    return { ...body, cards: cards.filter((x) => kindOf(x) !== 'token') };
  // The number-card table LEFT JOINed for the expiry.
  if (on('blind17-cards-token-expiration-empty-in-list', 'get-registered-cards') && status === 200 && cards)
    return { ...body, cards: cards.map((x) => (kindOf(x) === 'token' ? { ...x, expirationMonthYear: '' } : x)) };
  // The GET controller's invalid-model factory answers UnprocessableEntity.
  if (on('blind17-cards-validation-status-422', 'get-registered-cards') && status === 400 && Array.isArray(body.validationErrors)) {
    reply.code(422);
    return { ...body, status: 422 };
  }
  // The update branch answers with the customer's refreshed list.
  if (on('blind17-card-update-reply-lists-every-card', 'add-or-update-card') && status === 200 && updatingCard.has(request))
    return { ...body, cards: c.state.cards.listValid(String(input.customerId ?? '')).map((card) => cardView(card, c.faults, { addOrUpdate: true, readings: c.readings })) };
  // The validator names the DTO property, Nickname.
  if (on('blind17-card-nickname-key-property-name', 'add-or-update-card') && status === 400 && Array.isArray(body.validationErrors))
    return { ...body, validationErrors: (body.validationErrors as Json[]).map((e) => (e.key === 'command.CardNickname' ? { ...e, key: 'command.Nickname' } : e)) };
  // Inserted before the network check; the refusal does not remove it.
  if (on('blind17-tcard-denied-card-still-listed', 'add-or-update-tokenized-card') && status === 422 && body.errorCode === 'BAD_REQUEST' && !tokenOnFile.has(request)) {
    const data = Object.fromEntries(Object.entries(input).filter(([k, v]) => typeof v === 'string' && v !== '' && k !== 'customerId' && k !== 'cardToken')) as Record<string, string>;
    c.state.cards.add(String(input.customerId ?? ''), 'token', String(input.cardToken ?? ''), data);
    return undefined;
  }
  // The update path's ConflictException.
  if (on('blind17-tcard-denied-on-update-status-409', 'add-or-update-tokenized-card') && status === 422 && body.errorCode === 'BAD_REQUEST' && tokenOnFile.has(request)) {
    reply.code(409);
    return { ...body, status: 409 };
  }
  // CardNickname mapped from NameOnCard.
  const holder = typeof input.nameOnCard === 'string' && input.nameOnCard !== '' ? input.nameOnCard : undefined;
  if (on('blind17-tcard-reply-nickname-from-name-on-card', 'add-or-update-tokenized-card') && status === 200 && cards && holder)
    return { ...body, cards: cards.map((x) => ({ ...x, cardNickname: holder })) };
  // The cached answer of an identical submission, a string result.
  if (on('blind17-tcard-identical-answer-text-plain', 'add-or-update-tokenized-card') && status === 200 && identicalToken.has(request)) reply.type('text/plain; charset=utf-8');
  return undefined;
}

function rewrite(c: OperationContext, request: FastifyRequest, reply: FastifyReply, payload: string): string {
  const slug = request.url.split('?')[0]!.split('/').pop() ?? '';
  const body = payloadObject(payload);
  if (!body) return payload;
  if (/^add-or-update/.test(slug)) remember(c, request, slug, reply.statusCode, body);
  const out = reshapeCards(c, slug, request, reply, body) ?? reshapeMore(c, slug, request, reply, body);
  return out ? JSON.stringify(out) : payload;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind17 fault is on. */
export function blind17OnSend(c: OperationContext): ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>) | undefined {
  if (!anyBlind17(c.faults)) return undefined;
  return async (request, reply, payload) => (typeof payload === 'string' ? rewrite(c, request, reply, payload) : payload);
}
