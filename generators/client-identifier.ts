import { identifierAlphabet, type ClientIdentifier } from '../contract/client-identifiers.js';
import type { FreshValues } from './fresh.js';

/**
 * A client-chosen identifier (contract/client-identifiers.ts) no worker of the run drew, written
 * over the whole of its alphabet: a capital, every letter of the stamp in alternating case, digits
 * and a dash. New by construction: it carries a fresh GUID's stamp, and the case
 * of each position is fixed by the position, so two stamps never map to one value.
 */
export function freshClientIdentifier(fresh: FreshValues, rule: ClientIdentifier): string {
  const { upper, punctuation } = identifierAlphabet;
  const stamp = fresh.guid().replace(/-/g, '');
  const mixed = [...stamp].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
  // A capital and a small letter that a lower-casing or upper-casing store must lose, whatever the stamp's letters;
  // 37 characters, one more than a GUID, so a store sized for a GUID cuts it.
  const value = `${upper[stamp.charCodeAt(0) % upper.length]}x${mixed.slice(0, 16)}${punctuation}${mixed.slice(16)}Q9`;
  return value.slice(0, rule.maxLength);
}
