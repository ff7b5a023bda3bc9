import { errorRow, responseMembers, tokenizedLastFour } from '../../contract/index.js';
import type { RequirementId } from '../../contract/requirements.js';
import { businessErrorCode } from '../../checks/error-row.js';
import { finding, is2xx, type Responded } from '../../checks/support.js';
import type { Finding } from '../../checks/finding.js';
import { body } from './body.js';
import { sameId, type ModelCard } from './state.js';

/**
 * The rules of the model's predictions: `(exchange, prediction) => Finding[]`, each failing
 * the requirement whose rule made the prediction. They say nothing the document does not.
 * predict.ts makes them oracles of the one judge, which decide what an exchange answers for.
 */

const show = (x: Responded): string => {
  const code = businessErrorCode(x);
  return `status ${x.response.status}${code ? ` with error code ${code}` : ''}`;
};

/** The request is accepted (2xx). */
export function accepted(x: Responded, p: { requirement: RequirementId; documented: string }): Finding[] {
  if (is2xx(x.response.status)) return [];
  return [finding('modelAccepted', p.requirement, x.request.operation, {
    title: 'Request refused where the model predicts success', received: show(x), documented: p.documented, key: [x.response.status],
  }, x)];
}

/** A documented Errors-table row: its status and errorCode (e.g. 422 NO_LINKED_ACCOUNT). */
export function refusedWithRow(x: Responded, p: { requirement: RequirementId; row: string; documented: string }): Finding[] {
  const row = errorRow(p.row);
  if (x.response.status === row.status && businessErrorCode(x) === row.errorCode) return [];
  return [finding('modelRefusedWithRow', p.requirement, x.request.operation, {
    title: is2xx(x.response.status) ? 'Request accepted where the model predicts a refusal' : 'Refusal with another status or code',
    received: show(x), documented: `${row.status} ${row.errorCode} (${p.documented})`, key: [x.response.status, businessErrorCode(x) ?? ''],
  }, x)];
}

/** The first card of an add-or-update reply, or undefined. */
export function firstCard(x: Responded): Record<string, unknown> | undefined {
  const cards = body(x)[responseMembers.cards];
  const first = Array.isArray(cards) ? cards[0] : undefined;
  return first && typeof first === 'object' ? (first as Record<string, unknown>) : undefined;
}

export interface CardIdPrediction {
  readonly requirement: RequirementId;
  /** The cardId the reply must carry (same card). */
  readonly same?: string;
  /** cardIds the reply must not carry (a re-added deleted card gets a new entry). */
  readonly notAny?: readonly string[];
  readonly documented: string;
}

/** The cardId of an add-or-update reply: the same card, or a new entry. */
export function cardIdAsPredicted(x: Responded, p: CardIdPrediction): Finding[] {
  const cardId = firstCard(x)?.cardId;
  const wrong = typeof cardId !== 'string' ? 'no cardId'
    : p.same !== undefined && !sameId(cardId, p.same) ? `cardId ${cardId} instead of ${p.same}`
      : p.notAny?.some((id) => sameId(id, cardId)) ? `the earlier cardId ${cardId} again` : undefined;
  if (!wrong) return [];
  return [finding('modelCardId', p.requirement, x.request.operation, {
    title: p.same ? 'Card changed identity' : 'Card entry reused', received: wrong, documented: p.documented, key: [p.same ? 'same' : 'new'],
  }, x)];
}

/** What lastFourDigits may be for a card (interface.md "Card": `****` only for tokenized cards). */
export function lastFourAllowed(card: Pick<ModelCard, 'kind' | 'identity' | 'payload'>): (value: unknown) => boolean {
  if (card.kind === 'number') return (v) => v === card.identity.slice(-4);
  const sent = card.payload.lastFourOfCard;
  // lastFourOfCard is any string of 0-4 characters (no format): a value that is not four digits gives
  // the card no documented lastFourDigits, so whatever the target shows is not judged.
  if (sent !== undefined && !(typeof sent === 'string' && /^[0-9]{4}$/.test(sent))) return () => true;
  return (v) => v === tokenizedLastFour || (typeof sent === 'string' ? v === sent : typeof v === 'string' && /^\d{4}$/.test(v));
}

/**
 * lastFourDigits as the Card table documents it for this kind of card: CARDS-SHAPE, or the transition
 * that last sent a tokenized card's lastFourOfCard (`lastFourFrom`: an update that keeps the old one fails it).
 */
export function lastFourAsDocumented(x: Responded, card: Record<string, unknown> | undefined, model: Pick<ModelCard, 'kind' | 'identity' | 'payload' | 'lastFourFrom'>): Finding[] {
  if (!card || lastFourAllowed(model)(card.lastFourDigits)) return [];
  const documented = model.kind === 'number' ? `the last four digits of the card number (${model.identity.slice(-4)})`
    : `${tokenizedLastFour}${typeof model.payload.lastFourOfCard === 'string' ? ` or ${model.payload.lastFourOfCard}` : ' or four digits'} for a tokenized card`;
  return [finding('modelLastFour', model.lastFourFrom ?? 'CARDS-SHAPE', x.request.operation, {
    title: 'lastFourDigits not as documented', received: `lastFourDigits ${JSON.stringify(card.lastFourDigits)}`, documented, key: [model.kind],
  }, x)];
}

/** A listed or answered nickname is the one last sent (D41: a target may store free text without the whitespace around it). */
export function nicknameAsSent(shown: string, sent: unknown): boolean {
  return shown === sent || (typeof sent === 'string' && shown === sent.trim());
}

/**
 * The card of an add-or-update reply carries the data just sent: its expirationMonthYear and cardNickname,
 * where not empty ("After add-or-update, most fields other than cardId and lastFourDigits can be empty
 * strings"; a missing or mistyped one is the shape's failure, CARDS-SHAPE), are the values of this write.
 * Its customerId, where not empty, is the customer the request named (Card.customerId is the owner), whatever
 * customer an AuthenticateOBO of the session named (blind18: the owner taken from the session's customer context).
 */
export function cardDataAsSent(x: Responded, p: { payload: Record<string, unknown>; requirement: RequirementId }): Finding[] {
  const card = firstCard(x);
  if (!card) return [];
  const out: Finding[] = [];
  const wrong = (field: string, shown: unknown) => out.push(finding('modelCardData', p.requirement, x.request.operation, {
    title: 'Card data in the reply not as sent', received: `${field} ${JSON.stringify(shown)}`, documented: `${field} ${JSON.stringify(p.payload[field])}, as sent, or ""`, key: [field],
  }, x));
  const { expirationMonthYear, cardNickname, customerId } = card;
  if (typeof customerId === 'string' && customerId !== '' && typeof p.payload.customerId === 'string' && !sameId(customerId, p.payload.customerId)) wrong('customerId', customerId);
  if (typeof expirationMonthYear === 'string' && expirationMonthYear !== '' && expirationMonthYear !== p.payload.expirationMonthYear) wrong('expirationMonthYear', expirationMonthYear);
  if (typeof cardNickname === 'string' && cardNickname !== '' && !nicknameAsSent(cardNickname, p.payload.cardNickname)) wrong('cardNickname', cardNickname);
  return out;
}

/** FIND-ENROLLED: FindCustomer returns the customerId EnrollCustomer assigned. */
export function findsCustomer(x: Responded, customerId: string): Finding[] {
  const found = body(x)[responseMembers.findCustomer];
  if (is2xx(x.response.status) && sameId(found, customerId)) return [];
  return [finding('modelFindsCustomer', 'FIND-ENROLLED', x.request.operation, {
    title: 'Enrolled customer not found',
    received: is2xx(x.response.status) ? `customerId ${JSON.stringify(found)}` : show(x),
    documented: `customerId ${customerId}, assigned at enrollment`, key: [is2xx(x.response.status) ? 'other-id' : 'refused'],
  }, x)];
}

/**
 * The read-back of an enrolment, right after it: its identity is fresh (no other customer holds its SSN), so a
 * customer its SSN and date of birth find is the one enrolled. Another customerId found means the enrolment
 * returned an id its customer does not have (ENROLL-SUCCESS: "Assigned at enrollment. EnrollCustomer returns it";
 * blind17: a referral path answered from its request DTO); none found is the lookup's (FIND-ENROLLED).
 */
export function enrolledIdFound(x: Responded, customerId: string): Finding[] {
  const found = body(x)[responseMembers.findCustomer];
  if (!is2xx(x.response.status) || typeof found !== 'string' || found === '' || sameId(found, customerId)) return findsCustomer(x, customerId);
  return [finding('modelEnrolledId', 'ENROLL-SUCCESS', x.request.operation, {
    title: 'Enrolment returned an id its customer does not have',
    received: `customerId ${JSON.stringify(found)} found by the fresh identity just enrolled`,
    documented: `the CustomerId EnrollCustomer returned, ${customerId} (assigned at enrollment)`, key: ['other-id'],
  }, x)];
}

/** OBO-LINKED-ACCOUNT (D17), STATE-OBO: a customer holding a card gets an ssoToken. */
export function issuesSsoToken(x: Responded, requirement: 'OBO-LINKED-ACCOUNT' | 'STATE-OBO'): Finding[] {
  const token = body(x)[responseMembers.ssoToken];
  if (is2xx(x.response.status) && typeof token === 'string' && token !== '') return [];
  return [finding('modelSsoToken', requirement, x.request.operation, {
    title: 'No ssoToken for a customer holding a card',
    received: is2xx(x.response.status) ? `ssoToken ${JSON.stringify(token)}` : show(x),
    documented: '200 with an ssoToken once the customer holds a card (D17)', key: [x.response.status],
  }, x)];
}
