import type { FastifyRequest } from 'fastify';
import type { ReferenceState } from '../../state/index.js';

/**
 * What the blind17 faults remember between requests, per reference instance (keyed by its state),
 * and the marks handlers.ts puts on a request for answers.ts. Written only while a blind17 fault is on.
 * @see reference/faults/blind17/index.ts
 */

export interface Blind17Memory {
  /** The session that wrote each card (blind17-obo-linked-check-session-cards-only). */
  readonly cardSessions: Map<string, string>;
  /** Customers one of whose cards was declined (blind17-obo-declined-card-counts-as-linked). */
  readonly declined: Set<string>;
  /** Card data as first inserted, by customer and number (blind17-card-identical-check-reads-insert-cache). */
  readonly insertedData: Map<string, string>;
}

const memories = new WeakMap<ReferenceState, Blind17Memory>();

export function memoryOf(state: ReferenceState): Blind17Memory {
  let found = memories.get(state);
  if (!found) memories.set(state, (found = { cardSessions: new Map(), declined: new Set(), insertedData: new Map() }));
  return found;
}

/** AddOrUpdateCard requests that change a card already on file (the update branch). */
export const updatingCard = new WeakSet<FastifyRequest>();
/** AddOrUpdateTokenizedCard requests whose token was already on file. */
export const tokenOnFile = new WeakSet<FastifyRequest>();
/** AddOrUpdateTokenizedCard requests identical to the stored card. */
export const identicalToken = new WeakSet<FastifyRequest>();
/** AddOrUpdateCard requests and their card data as compared (answers.ts fills the insert cache with it). */
export const cardSubmissions = new WeakMap<FastifyRequest, { key: string; data: string }>();

type Json = Record<string, unknown>;

/** Card data as the "unchanged" test compares it: every non-empty string member but the customer and the identity. */
export function submittedData(body: unknown, identityField: string): string {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const kept = Object.keys(o).filter((k) => k !== 'customerId' && k !== identityField && typeof o[k] === 'string' && o[k] !== '').sort();
  return JSON.stringify(Object.fromEntries(kept.map((k) => [k, o[k]])));
}

/** The key of the insert cache: customer and card number. */
export const insertKey = (customerId: string, cardNumber: string): string => `${customerId.toLowerCase()}|${cardNumber}`;
