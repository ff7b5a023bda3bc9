import type { ReferenceState } from '../../state/index.js';
import type { FaultSet } from '../types.js';

/**
 * What the blind18 faults remember between requests, per reference instance (keyed by its state).
 * Written only while a blind18 fault is on.
 * @see reference/faults/blind18/index.ts
 */

export interface Blind18Memory {
  /** Customers enrolled with the `email` key (blind18-find-email-alias-enrolment-not-found). */
  readonly aliasEnrolled: Set<string>;
  /** The last customer each session enrolled (blind18-enroll-reply-id-of-previous-enrolment-in-session). */
  readonly lastEnrolled: Map<string, string>;
  /** Card ids of each customer as GetRegisteredCards first listed them (blind18-obo-linked-check-reads-card-list-cache). */
  readonly listCache: Map<string, string[]>;
  /** Card ids of the OBO customer, by session, at AuthenticateOBO (blind18-sattr-id-filter-cards-snapshot-at-obo). */
  readonly oboSnapshot: Map<string, Set<string>>;
}

const memories = new WeakMap<ReferenceState, Blind18Memory>();

export function memoryOf(state: ReferenceState): Blind18Memory {
  let found = memories.get(state);
  if (!found) memories.set(state, (found = { aliasEnrolled: new Set(), lastEnrolled: new Map(), listCache: new Map(), oboSnapshot: new Map() }));
  return found;
}

export const anyBlind18 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind18-'));

export type Json = Record<string, unknown>;

export const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;
