import { cardFields, tokenizedLastFour, type ResourceFieldType } from '../../contract/index.js';
import { createHash } from 'node:crypto';
import type { FaultSet } from '../faults/types.js';
import type { ReadingSet } from '../readings.js';
import type { StoredCard } from '../state/index.js';
import { programFields } from '../blind2/answers.js';

/** Value of a Card field the reference has nothing to say about ("can be empty strings or 0"). */
const emptyOf: Record<ResourceFieldType, string | number | boolean> = {
  string: '', guid: '', int: 0, boolean: false, timestamp: '', mmyy: '', base64: '',
};

/** Reading `card-art-png`: a 1x1 transparent PNG, the kind of value cardArtAsBase64Png names. */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function lastFourOf(card: StoredCard): string {
  if (card.kind === 'number') return card.identity.slice(-4);
  return card.data.lastFourOfCard || tokenizedLastFour;
}

/** `MMYY` as `MM/YY`: only the `cards-bad-expiration-format` fault sends this (CARDS-SHAPE). */
const slashed = (mmyy: string): string => `${mmyy.slice(0, 2)}/${mmyy.slice(2)}`;

/**
 * The Card resource: every field of contract cardFields with its type, never the full card
 * number or token (NO-SECRET-ECHO). `hashId` is empty on add-or-update and left out of the
 * card list (D32: "returned by add-or-update operations"); reading `hash-id-filled` sends it in both.
 */
export function cardView(card: StoredCard, faults: FaultSet, options: { addOrUpdate?: boolean; sparse?: boolean; readings?: ReadingSet } = {}): Record<string, unknown> {
  const readings = options.readings;
  const expiration = card.data.expirationMonthYear ?? '';
  const known: Record<string, unknown> = {
    // Reading `blind2-card-program-filled`: the program fields an issuer's program table fills.
    ...programFields(readings, card),
    cardId: card.cardId,
    customerId: card.customerId,
    cardNickname: card.data.cardNickname ?? '',
    lastFourDigits: (card.kind === 'number' && faults.has('cards-stars-for-number-card')) || (card.kind === 'token' && readings?.has('tokenized-stars'))
      ? tokenizedLastFour : lastFourOf(card),
    expirationMonthYear: faults.has('cards-bad-expiration-format') ? slashed(expiration) : expiration,
    // blind2-tcard-hash-id-is-token: the token is taken for a hash of the card.
    hashId: (faults.has('leak-card-number') && options.addOrUpdate && card.kind === 'number') || (faults.has('blind2-tcard-hash-id-is-token') && options.addOrUpdate && card.kind === 'token') ? card.identity
      : readings?.has('hash-id-filled') ? createHash('sha256').update(card.cardId).digest('hex') : '',
    cardArtAsBase64Png: faults.has('card-art-not-base64') ? 'not base64!' : readings?.has('card-art-png') ? onePixelPng : '',
  };
  // Card table: "After add-or-update, most fields other than cardId and lastFourDigits can be empty strings or 0".
  const kept = (name: string) => name in known && (!options.sparse || name === 'cardId' || name === 'lastFourDigits');
  const listed = (name: string) => options.addOrUpdate || name !== 'hashId' || readings?.has('hash-id-filled') || readings?.has('blind5-hash-id-listed-empty');
  return Object.fromEntries(cardFields.filter((f) => listed(f.name)).map((f) => [f.name, kept(f.name) ? known[f.name] : emptyOf[f.type]]));
}
