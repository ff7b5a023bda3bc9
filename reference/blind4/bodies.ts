import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SwitchSet } from '../switchboard.js';

/** Answer rewrites of the round-4 blind readings (reference/readings-blind4.ts), on the serialised JSON body. */

const amountMembers = /"(amount|fee|ocrAmount|userEnteredAmount|loadAmount)":(-?[0-9]+)(?=[,}\s])/g;

function parsed(payload: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

const objects = (list: unknown): Record<string, unknown>[] => (Array.isArray(list) ? list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : []);

/**
 * `blind4-card-created-201`, `blind4-auth-partner-201` (statuses), `blind4-enroll-both-keys`,
 * `blind4-nested-extra-members` and `blind4-amounts-with-fraction` (bodies). `seenCards`: the cardIds
 * add-or-update answers have carried so far, so a new one is a created card.
 */
export function rewriteBlind4Body(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply, path: string, payload: string, seenCards: Set<string>): string {
  if (reply.statusCode !== 200 || !path.startsWith('/api/')) return payload;
  if (readings.has('blind4-auth-partner-201') && path.endsWith('/partners/authenticate')) reply.code(201);
  const upsert = /\/partners\/add-or-update-(tokenized-)?card$/.test(path);
  let body = payload;
  if (upsert && readings.has('blind4-card-created-201')) {
    const cardId = String(objects(parsed(payload)?.cards)[0]?.cardId ?? '').toLowerCase();
    if (cardId !== '' && !seenCards.has(cardId)) {
      seenCards.add(cardId);
      reply.code(201);
    }
  }
  if (readings.has('blind4-enroll-both-keys') && path.endsWith('/partners/enroll-customer')) {
    const value = parsed(body);
    if (value && typeof value.CustomerId === 'string') body = JSON.stringify({ ...value, customerId: value.CustomerId });
  }
  if (readings.has('blind4-nested-extra-members') && request.method !== 'HEAD') {
    const value = parsed(body);
    if (value && (Array.isArray(value.cards) || Array.isArray(value.searchResults)))
      body = JSON.stringify({
        ...value,
        ...(Array.isArray(value.cards) ? { cards: value.cards.map((c: unknown) => (typeof c === 'object' && c !== null ? { ...c, cardStatus: 'Active', isDefault: false } : c)) } : {}),
        ...(Array.isArray(value.searchResults) ? { searchResults: value.searchResults.map((t: unknown) => (typeof t === 'object' && t !== null ? { ...t, currencyCode: 'USD' } : t)) } : {}),
      });
  }
  if (readings.has('blind4-amounts-with-fraction') && path.endsWith('/partners/get-transaction-history')) body = body.replace(amountMembers, '"$1":$2.0');
  return body;
}
