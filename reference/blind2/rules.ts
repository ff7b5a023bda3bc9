import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendLegacyError, sendProblem } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import type { Attribute } from '../validate/index.js';
import type { CardData, CardKind, Customer, ReferenceState } from '../state/index.js';

/** Business rules of the round-2 blind readings (reference/readings-blind2.ts); each answers in a shape D15/D16/D30 allow. */

/** Reading `blind2-enroll-ofac`: countries under comprehensive US sanctions, by ISO code or English name. */
const sanctioned = new Set(['CU', 'CUB', 'CUBA', 'IR', 'IRN', 'IRAN', 'KP', 'PRK', 'NORTH KOREA', 'SY', 'SYR', 'SYRIA']);

/** Reading `blind2-enroll-ofac` (D37): an enrolment held for sanctions screening; true when it answered. */
export function ofacHeld(readings: SwitchSet, countryOfOrigin: unknown, reply: FastifyReply): boolean {
  if (!readings.has('blind2-enroll-ofac') || typeof countryOfOrigin !== 'string' || !sanctioned.has(countryOfOrigin.trim().toUpperCase())) return false;
  sendLegacyError(reply, 422, 'OFAC_REVIEW', 'The enrolment is held for sanctions screening.');
  return true;
}

/** Reading `blind2-cattr-ssn-must-match` (D37): the SSN attribute must be the customer's own; true when it answered. */
export function ssnMismatch(readings: SwitchSet, customer: Customer, items: readonly Attribute[], reply: FastifyReply): boolean {
  if (!readings.has('blind2-cattr-ssn-must-match') || items.find((a) => a.name === 'SSN')?.value === customer.ssn) return false;
  sendLegacyError(reply, 422, 'SSN_MISMATCH', 'The SSN attribute does not match the customer named by CustomerId.');
  return true;
}

/** Reading `blind2-tcard-bin-network`: a BIN whose major industry identifier (first digit) is no payment network's. */
export function binOffNetwork(readings: SwitchSet, kind: CardKind, data: CardData): boolean {
  return readings.has('blind2-tcard-bin-network') && kind === 'token' && /^[01789]/.test(data.cardBin ?? '');
}

/**
 * Reading `blind2-foreign-card-403` (D45, D30): a cardId that names a card of another customer is
 * refused with 403; true when it answered.
 */
export function foreignCardRefused(readings: SwitchSet, state: ReferenceState, cardId: string | undefined, customerId: string, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!readings.has('blind2-foreign-card-403') || cardId === undefined) return false;
  const card = state.cards.get(cardId);
  if (!card || card.customerId === customerId.toLowerCase()) return false;
  sendProblem(reply, request, { status: 403, errorCode: 'CARD_NOT_OWNED', title: 'Forbidden', detail: 'The card belongs to another customer.' });
  return true;
}
