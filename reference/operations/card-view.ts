import { cardFields, tokenizedLastFour, type ResourceFieldType } from '../../contract/index.js';
import { createHash } from 'node:crypto';
import type { FaultSet } from '../faults/types.js';
import type { ReadingSet } from '../readings.js';
import type { StoredCard } from '../state/index.js';

/** Value of a Card field the reference has nothing to say about ("can be empty strings or 0"). */
const emptyOf: Record<ResourceFieldType, string | number | boolean> = {
  string: '', guid: '', int: 0, boolean: false, timestamp: '', mmyy: '',
};

export function lastFourOf(card: StoredCard): string {
  if (card.kind === 'number') return card.identity.slice(-4);
  return card.data.lastFourOfCard || tokenizedLastFour;
}

/** `MMYY` as `MM/YY`: only the `cards-bad-expiration-format` fault sends this (CARDS-SHAPE). */
const slashed = (mmyy: string): string => `${mmyy.slice(0, 2)}/${mmyy.slice(2)}`;

/**
 * The Card resource: every field of contract cardFields with its type, never the full card
 * number or token (NO-SECRET-ECHO). `hashId` is empty, as the document allows.
 */
export function cardView(card: StoredCard, faults: FaultSet, options: { addOrUpdate?: boolean; sparse?: boolean; readings?: ReadingSet } = {}): Record<string, unknown> {
  const readings = options.readings;
  const expiration = card.data.expirationMonthYear ?? '';
  const known: Record<string, unknown> = {
    cardId: card.cardId,
    customerId: card.customerId,
    cardNickname: card.data.cardNickname ?? '',
    lastFourDigits: (card.kind === 'number' && faults.has('cards-stars-for-number-card')) || (card.kind === 'token' && readings?.has('tokenized-stars'))
      ? tokenizedLastFour : lastFourOf(card),
    expirationMonthYear: faults.has('cards-bad-expiration-format') ? slashed(expiration) : expiration,
    hashId: faults.has('leak-card-number') && options.addOrUpdate && card.kind === 'number' ? card.identity
      : readings?.has('hash-id-filled') ? createHash('sha256').update(card.cardId).digest('hex') : '',
  };
  // Card table: "After add-or-update, most fields other than cardId and lastFourDigits can be empty strings or 0".
  const kept = (name: string) => name in known && (!options.sparse || name === 'cardId' || name === 'lastFourDigits');
  return Object.fromEntries(cardFields.map((f) => [f.name, kept(f.name) ? known[f.name] : emptyOf[f.type]]));
}
