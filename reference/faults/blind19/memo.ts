import type { ReferenceState } from '../../state/index.js';
import type { FaultSet } from '../types.js';

/**
 * What the blind19 faults remember between requests, per reference instance (keyed by its state).
 * Written only while a blind19 fault is on.
 * @see reference/faults/blind19/index.ts
 */

export interface Blind19Memory {
  /** Customers whose tokenized card was refused BAD_REQUEST (blind19-obo-linked-after-tcard-denied). */
  readonly tcardDenied: Set<string>;
  /** OBO answers by customer id, whichever session asked (blind19-obo-reply-cached-across-sessions). */
  readonly oboReplies: Map<string, string>;
  /** When each customer's first card was written (blind19-obo-linked-check-reads-lagging-replica). */
  readonly firstCardAt: Map<string, number>;
  /** History answers keyed without the paging reference (blind19-history-cache-key-ignores-paging-reference). */
  readonly historyCache: Map<string, string>;
}

const memories = new WeakMap<ReferenceState, Blind19Memory>();

export function memoryOf(state: ReferenceState): Blind19Memory {
  let found = memories.get(state);
  if (!found) memories.set(state, (found = { tcardDenied: new Set(), oboReplies: new Map(), historyCache: new Map(), firstCardAt: new Map() }));
  return found;
}

export const anyBlind19 = (faults: FaultSet): boolean => faults.names.some((n) => n.startsWith('blind19-'));

export type Json = Record<string, unknown>;

export const asObject = (input: unknown): Json | undefined =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : undefined;

/** Decimal digits of other scripts (Arabic-Indic, extended Arabic-Indic, Devanagari, full-width) as ASCII, as .NET's \d admits them. */
export const asciiDigits = (value: string): string =>
  value.replace(/\p{Nd}/gu, (d) => {
    const code = d.codePointAt(0)!;
    for (const zero of [0x30, 0x660, 0x6f0, 0x966, 0xff10]) if (code >= zero && code <= zero + 9) return String(code - zero);
    return d;
  });
