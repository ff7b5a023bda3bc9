import { errorRow, responseMembers } from '../../contract/index.js';
import type { CardKind } from '../../oracles/model/state.js';
import type { AuditEntry } from '../entries.js';
import { spanOf, type Span } from './span.js';

/** A recorded add-or-update or DeleteCard: what it asked for, and what the target answered. */
export interface CardEvent extends Span {
  readonly kind: 'upsert' | 'delete';
  readonly operation: string;
  /** 2xx, with a cardId for an add-or-update. */
  readonly ok: boolean;
  readonly customerId: string;
  /** Add-or-update: the answer's cardId; DeleteCard: the cardId sent. */
  readonly cardId?: string;
  readonly cardKind?: CardKind;
  /** The card number or the card token sent (empty for DeleteCard). */
  readonly identity: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** No answer, a transport error or a 5xx: the target may have made the change or not. */
  readonly unanswered?: boolean;
  /** Refused in a way that adds no card: a validation 400, or a tokenized card's BIN not allowed in the network (D17 "before any card" still holds). */
  readonly refusedNoCard?: boolean;
}

const upserts: Readonly<Record<string, { kind: CardKind; identity: string }>> = {
  AddOrUpdateCard: { kind: 'number', identity: 'cardNumber' },
  AddOrUpdateTokenizedCard: { kind: 'token', identity: 'cardToken' },
};

const deniedBin = errorRow('BAD_REQUEST');

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function cardEventOf(e: AuditEntry): CardEvent | undefined {
  if (e.recognised.kind !== 'partner') return undefined;
  const op = e.recognised.operation.id;
  const body = (e.exchange.request.body ?? {}) as Record<string, unknown>;
  const customerId = str(body.customerId);
  if (!customerId || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const status = e.exchange.response?.status ?? 0;
  const ok = status >= 200 && status < 300 && !e.exchange.transportError;
  // A write whose answer never came (or came as a 5xx) may have been done: what it touched is uncertain from then on.
  const unanswered = !e.exchange.response || e.exchange.transportError !== undefined || status >= 500;
  const base = { ...spanOf(e), operation: op, customerId, payload: body, ...(unanswered ? { unanswered } : {}) };
  if (op === 'DeleteCard') {
    const cardId = str(body.cardId);
    return cardId ? { ...base, kind: 'delete', ok, cardId, identity: '' } : undefined;
  }
  const upsert = upserts[op];
  const identity = upsert && str(body[upsert.identity]);
  if (!upsert || !identity) return undefined;
  const cards = (e.exchange.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
  const cardId = Array.isArray(cards) ? str((cards[0] as Record<string, unknown> | undefined)?.cardId) : undefined;
  // A 422 of the denied-BIN row (a Problem's errorCode) adds no card; a declined card number (D15) may be stored "flagged invalid".
  const errorCode = (e.exchange.response?.json as Record<string, unknown> | undefined)?.errorCode;
  const refusedNoCard = status === 400 || (upsert.kind === 'token' && status === deniedBin.status && errorCode === deniedBin.errorCode);
  return { ...base, kind: 'upsert', ok: ok && cardId !== undefined, ...(cardId ? { cardId } : {}), cardKind: upsert.kind, identity, ...(refusedNoCard ? { refusedNoCard } : {}) };
}
