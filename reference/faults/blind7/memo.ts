/**
 * The caches of the blind7 stale-read faults, kept beside the reference state they shadow (a
 * WeakMap keyed by the store, so each reference instance has its own and none outlives it).
 */

/** blind7-find-miss-cached: FindCustomer misses by SSN and date of birth, never evicted by EnrollCustomer. */
const misses = new WeakMap<object, Set<string>>();

export function missCached(store: object, key: string): boolean {
  return misses.get(store)?.has(key) === true;
}

export function rememberMiss(store: object, key: string): void {
  const set = misses.get(store) ?? new Set<string>();
  set.add(key);
  misses.set(store, set);
}

/** blind7-cards-list-stale-after-update: GetRegisteredCards bodies by customer, evicted on add and delete only. */
const lists = new WeakMap<object, Map<string, unknown>>();

export function cachedList(store: object, customerId: string, build: () => unknown): unknown {
  const byCustomer = lists.get(store) ?? new Map<string, unknown>();
  lists.set(store, byCustomer);
  const id = customerId.toLowerCase();
  if (!byCustomer.has(id)) byCustomer.set(id, build());
  return byCustomer.get(id);
}

export function evictList(store: object, customerId: string): void {
  lists.get(store)?.delete(customerId.toLowerCase());
}
