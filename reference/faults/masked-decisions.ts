import type { FaultSet } from './types.js';

/**
 * tcard-network-decision-cached-by-masked-token: the network decision of AddOrUpdateTokenizedCard
 * kept in a cache keyed on the token as it is masked in logs and caches, its first six and last four
 * characters. A token of an allowed BIN puts its masked form in; a new token of the same masked form is
 * taken for that card re-tokenized and served as allowed, whatever its BIN (a registered token sent
 * again is checked as the reference checks it). Kept per reference instance
 * (keyed by an object the instance owns), written and read only while the fault is on.
 */
const fault = 'tcard-network-decision-cached-by-masked-token';
const allowed = new WeakMap<object, Set<string>>();

const masked = (token: string): string => `${token.slice(0, 6)}*${token.slice(-4)}`;

/** The token's masked form was allowed before: the network check is skipped. */
export const networkDecisionCached = (faults: FaultSet, store: object, token: string): boolean =>
  faults.has(fault) && allowed.get(store)?.has(masked(token)) === true;

/** A token passed the network check: its masked form is cached as allowed. */
export function rememberNetworkAllowed(faults: FaultSet, store: object, token: string): void {
  if (!faults.has(fault)) return;
  let set = allowed.get(store);
  if (!set) allowed.set(store, (set = new Set()));
  set.add(masked(token));
}
