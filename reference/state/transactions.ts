import { createHash } from 'node:crypto';
import { transactionFields } from '../../contract/index.js';
import type { StoredCard } from './cards.js';

/** D21: no operation creates transactions, so every registered card gets a synthetic history. */
export const maxTransactionsPerCard = 45;

/** null: an event that has not happened yet (reading `timestamps-null-pending`, D36). */
export type Transaction = Readonly<Record<string, string | number | null>>;

/** Fixed end of every synthetic history, so the same cardId always yields the same records. */
const historyEnd = Date.UTC(2025, 0, 1);
const hour = 3_600_000;

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function guidFrom(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** One record: every field of the contract's Transaction table, typed as the table says. */
function transaction(card: StoredCard, index: number): Transaction {
  const d = digest(card.cardId, String(index));
  const createdOn = historyEnd - (index + 1) * 24 * hour - (d.readUInt32BE(6) % (23 * 3600)) * 1000;
  const amount = 100 + (d.readUInt32BE(2) % 200_000);
  const stamps: Record<string, number> = {
    createdOn,
    submittedForClassificationOn: createdOn + hour,
    finishedClassificationOn: createdOn + 2 * hour,
    submittedForApprovalOn: createdOn + 3 * hour,
    finishedApprovalOn: createdOn + 4 * hour,
    expectedLoadDate: createdOn + 24 * hour,
    actualLoadDate: createdOn + 25 * hour,
  };
  const strings: Record<string, string> = {
    statusMessage: 'Loaded',
    declineReasonMessage: '',
    lastFourDigitsOfCard: card.kind === 'number' ? card.identity.slice(-4) : (card.data.lastFourOfCard ?? ''),
    cardNickname: card.data.cardNickname ?? '',
    destinationDisplayName: card.data.cardNickname ?? '',
  };
  const ints: Record<string, number> = { amount, fee: amount % 500, ocrAmount: amount, userEnteredAmount: amount, loadAmount: amount - (amount % 500) };
  const out: Record<string, string | number> = {};
  for (const f of transactionFields) {
    if (f.type === 'guid') out[f.name] = guidFrom(d);
    else if (f.type === 'timestamp') out[f.name] = iso(stamps[f.name] ?? createdOn);
    else if (f.type === 'int') out[f.name] = ints[f.name] ?? d[(f.name.length + 6) % d.length]! % 8;
    else out[f.name] = strings[f.name] ?? '';
  }
  return out;
}

/** The card's history: 0..45 records, derived from a hash of its cardId. */
export function historyOf(card: StoredCard): Transaction[] {
  const count = digest(card.cardId).readUInt32BE(0) % (maxTransactionsPerCard + 1);
  return Array.from({ length: count }, (_, i) => transaction(card, i));
}

/** Events in the order they happen; a transaction pending at one of them has none of the later ones. */
const events = ['submittedForClassificationOn', 'finishedClassificationOn', 'submittedForApprovalOn', 'finishedApprovalOn', 'expectedLoadDate', 'actualLoadDate'];

/**
 * Reading `timestamps-null-pending` (D36): about one transaction in two is still pending at some
 * event, chosen from its id; the events after that point are null, or left out for one in three.
 */
export function withPendingEvents(t: Transaction): Transaction {
  const d = digest(String(t.transactionId), 'pending');
  const from = d[0]! % (2 * events.length);
  if (from >= events.length) return t;
  const later = events.slice(from);
  if (d[1]! % 3 === 0) return Object.fromEntries(Object.entries(t).filter(([k]) => !later.includes(k)));
  return { ...t, ...Object.fromEntries(later.map((k) => [k, null])) };
}

/** Newest first by createdOn; equal timestamps ordered by transactionId so the order is total. */
export function newestFirst(a: Transaction, b: Transaction): number {
  const byDate = String(b.createdOn).localeCompare(String(a.createdOn));
  return byDate !== 0 ? byDate : String(a.transactionId).localeCompare(String(b.transactionId));
}
