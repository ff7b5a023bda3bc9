import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from '../../../client/exchange.js';
import { operations, responseMembers } from '../../../contract/index.js';
import { rawDir } from '../../../reporting/recorder.js';

/** What one run left on the target: the summary reports it (issue: footprint on a shared sandbox). */
export interface FootprintCounts {
  customersEnrolled: number;
  cardsAdded: number;
  cardsRemoved: number;
}

type Event = { kind: 'customer' } | { kind: 'card-added' | 'card-removed'; customerId: string; cardId: string };

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
    this.#file = join(rawDir(reportDir), `footprint-${process.pid}.jsonl`);
  }

  #log(e: Event): void {
    appendFileSync(this.#file, `${JSON.stringify(e)}\n`, 'utf8');
  }

  customerEnrolled(): void {
    this.#log({ kind: 'customer' });
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
    const cards = (x.response!.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
    if (!Array.isArray(cards)) return;
    for (const card of cards as Array<Record<string, unknown>>) {
      const owner = cardOwner(x, card);
      if (typeof card.cardId === 'string' && owner) this.cardAdded(owner, card.cardId);
    }
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
export function cardOwner(x: Exchange, card: Readonly<Record<string, unknown>>): string | undefined {
  const sent = (x.request.body as Record<string, unknown> | undefined)?.customerId ?? x.request.query.customerId;
  if (typeof sent === 'string' && sent !== '') return sent;
  return typeof card.customerId === 'string' && card.customerId !== '' ? card.customerId : undefined;
}

/** Adds up the footprint events of every worker of a run. */
export function readFootprint(reportDir: string): FootprintCounts {
  const counts: FootprintCounts = { customersEnrolled: 0, cardsAdded: 0, cardsRemoved: 0 };
  const dir = rawDir(reportDir);
  if (!existsSync(dir)) return counts;
  for (const name of readdirSync(dir).filter((n) => n.startsWith('footprint-'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const e = JSON.parse(line) as Event;
        if (e.kind === 'customer') counts.customersEnrolled += 1;
        if (e.kind === 'card-added') counts.cardsAdded += 1;
        if (e.kind === 'card-removed') counts.cardsRemoved += 1;
      } catch {
        // a line cut short by a crash: the counts stay a lower bound
      }
    }
  }
  return counts;
}
