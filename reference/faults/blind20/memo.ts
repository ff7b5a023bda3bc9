import type { FaultSet } from '../types.js';

/**
 * What the blind20 faults remember between requests, per reference instance (keyed by its fault
 * set, which the server hooks and the operations share). Written only while a blind20 fault is on.
 * @see reference/faults/blind20/index.ts
 */

export interface Blind20Memory {
  /** The deviceId of each client's most recent AuthenticatePartner (blind20-find-device-checked-against-latest-login). */
  readonly latestDevice: Map<string, string>;
  /** BIN and last four of every approved card number (blind20-card-authorization-cached-by-masked-number). */
  readonly approvedMasked: Set<string>;
  /** The totalRecords of the previous history answer (blind20-history-total-from-previous-request). */
  lastTotal?: number;
}

const memories = new WeakMap<FaultSet, Blind20Memory>();

export function memoryOf(faults: FaultSet): Blind20Memory {
  let found = memories.get(faults);
  if (!found) memories.set(faults, (found = { latestDevice: new Map(), approvedMasked: new Set() }));
  return found;
}

export const anyBlind20 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind20-'));

export type Json = Record<string, unknown>;

export const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

/** A card number as the authorization cache keys it: BIN and last four. */
export const maskedNumber = (number: string): string => `${number.slice(0, 6)}******${number.slice(-4)}`;

/** The apiVersion query parameter is present (the query-versioned routes). */
export const queryVersioned = (url: string): boolean => /[?&]apiVersion=/.test(url);
