import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../../../client/exchange.js';
import { ExchangeRecorder } from '../../../client/index.js';
import { operations, responseMembers, transitions } from '../../../contract/index.js';
import { rawDir } from '../../../reporting/recorder.js';

/** Each worker appends to raw/footprint-<pid>.jsonl: no two processes write one file. */
export const footprintFilePrefix = 'footprint-';

/** One line of a worker's footprint file: footprint-report.ts adds them up for the summary. */
export type FootprintEvent =
  | { kind: 'customer' }
  | { kind: 'card-added' | 'card-removed'; customerId: string; cardId: string }
  | { kind: 'request'; operation: string; sent: number }
  | { kind: 'pool-customer'; family?: boolean }
  /** A customer of the run family enrolled by this run (find-again.ts): later runs find it again. */
  | { kind: 'family-enrolled' }
  /** A customer of the run family enrolled by an earlier run, found again (find-again.ts). */
  | { kind: 'customer-found' }
  /** A card an earlier run left on such a customer, deleted before this run used it. */
  | { kind: 'card-left-removed' };

/**
 * Counts what the harness creates and remembers the cards it added, so the suite that
 * added them deletes them when it ends. Events are appended to raw/ as one JSON line each,
 * so an interrupted run still reports its footprint.
 */
export class Footprint {
  readonly #file: string;
  readonly #cards = new Map<string, string>();

  constructor(reportDir: string) {
    mkdirSync(rawDir(reportDir), { recursive: true });
    this.#file = join(rawDir(reportDir), `${footprintFilePrefix}${process.pid}.jsonl`);
  }

  #log(e: FootprintEvent): void {
    appendFileSync(this.#file, `${JSON.stringify(e)}\n`, 'utf8');
  }

  /**
   * Kept for callers that count an enrolment themselves: every accepted EnrollCustomer is counted
   * where it is sent (`requestCounter`), whichever path sent it, so this counts nothing twice.
   */
  customerEnrolled(): void {}

  /** A customer of the run's pool was made (customer-pool.ts): the summary reports the pool's size. */
  poolCustomerMade(family = false): void {
    this.#log({ kind: 'pool-customer', ...(family ? { family } : {}) });
  }

  /** A customer of the run family enrolled by this run (find-again.ts). */
  familyEnrolled(): void {
    this.#log({ kind: 'family-enrolled' });
  }

  /** A customer of the run family found again instead of enrolled (find-again.ts). */
  customerFoundAgain(): void {
    this.#log({ kind: 'customer-found' });
  }

  /** A card an earlier run left on a customer found again, deleted: counted as removed. */
  leftCardRemoved(): void {
    this.#log({ kind: 'card-left-removed' });
  }

  /** An exchange recorder for the client that counts what it records (countExchange), and tells `also` of it. */
  countingRecorder(also?: (x: Exchange) => void): ExchangeRecorder {
    const count = (x: Exchange) => {
      this.countExchange(x);
      also?.(x);
    };
    return new (class extends ExchangeRecorder {
      override record(x: Exchange): void {
        super.record(x);
        count(x);
      }
    })();
  }

  /**
   * Counts every exchange the client records: requests by operation (each attempt of a retried
   * one) and each accepted EnrollCustomer as a customer enrolled. One line per exchange, written
   * at once, so a worker that is stopped still leaves its count.
   */
  countExchange(x: Exchange): void {
    this.#log({ kind: 'request', operation: x.request.operation, sent: requestsOf(x) });
    if (x.request.operation === enrolls && x.response && x.response.status >= 200 && x.response.status < 300) this.#log({ kind: 'customer' });
  }

  cardAdded(customerId: string, cardId: string): void {
    if (this.#cards.has(cardId)) return;
    this.#cards.set(cardId, customerId);
    this.#log({ kind: 'card-added', customerId, cardId });
  }

  cardRemoved(cardId: string): void {
    const customerId = this.#cards.get(cardId);
    if (customerId === undefined) return;
    this.#cards.delete(cardId);
    this.#log({ kind: 'card-removed', customerId, cardId });
  }

  /**
   * Counts the cards a 2xx reply of a writing operation carries as added by this run, so they
   * are deleted when the suite ends (a faulty target may register what it should refuse).
   * A read lists cards that are not the run's to delete.
   */
  rememberCardsOf(x: Exchange): void {
    const ok = x.response !== undefined && x.response.status >= 200 && x.response.status < 300;
    if (!ok || !operations.find((o) => o.id === x.request.operation)?.writes) return;
    // A DeleteCard answered with the cards that remain (reading blind2-delete-returns-cards) added none: remembered, the
    // customer's own cards were deleted when the suite ended, under another worker still using them (a pool customer's).
    if (x.request.operation === deletesCards) return;
    const cards = (x.response!.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
    if (!Array.isArray(cards)) return;
    for (const card of cards as Array<Record<string, unknown>>) {
      const owner = cardOwner(x, card);
      if (typeof card.cardId === 'string' && owner) this.cardAdded(owner, card.cardId);
    }
  }

  /**
   * A valid write of a case, answered: the cards a 2xx carries are remembered (deleted when the
   * suite ends), and the card an accepted DeleteCard named is counted removed.
   */
  rememberWrite(x: Exchange): void {
    const ok = x.response !== undefined && x.response.status >= 200 && x.response.status < 300;
    const cardId = (x.request.body as Record<string, unknown> | undefined)?.cardId;
    if (ok && x.request.operation === deletesCards && typeof cardId === 'string') this.cardRemoved(cardId);
    this.rememberCardsOf(x);
  }

  /** Whether this worker added the card and has not removed it yet. */
  holds(cardId: string): boolean {
    return this.#cards.has(cardId);
  }

  /** Whether this worker had a card of the customer added (the target served a write naming it, so it exists) and holds it still. */
  holdsCustomer(customerId: string): boolean {
    const id = customerId.toLowerCase();
    return [...this.#cards.values()].some((c) => c.toLowerCase() === id);
  }

  /** Cards added by this worker and not removed yet. */
  remaining(): Array<{ customerId: string; cardId: string }> {
    return [...this.#cards].map(([cardId, customerId]) => ({ customerId, cardId }));
  }
}

/**
 * The customer a card of a response belongs to, for deleting it later: the customerId the
 * request sent, since after add-or-update "most fields other than cardId and lastFourDigits
 * can be empty strings or 0" (interface.md Card), the card's own customerId included.
 */
export const deletesCards = transitions.find((t) => t.requirement === 'STATE-CARD-DELETED')!.trigger;

function cardOwner(x: Exchange, card: Readonly<Record<string, unknown>>): string | undefined {
  const sent = (x.request.body as Record<string, unknown> | undefined)?.customerId ?? x.request.query.customerId;
  if (typeof sent === 'string' && sent !== '') return sent;
  return typeof card.customerId === 'string' && card.customerId !== '' ? card.customerId : undefined;
}

const enrolls = 'EnrollCustomer';

/** HTTP requests behind one exchange: each attempt of a retried one (an exchange of any client version). */
function requestsOf(x: Exchange): number {
  const attempts = (x as { attempts?: unknown }).attempts;
  if (Array.isArray(attempts)) return Math.max(1, attempts.length);
  return typeof attempts === 'number' && attempts > 0 ? attempts : 1;
}
