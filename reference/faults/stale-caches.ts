/**
 * The read caches of the catalogue's stale-read faults (a read cached and not evicted by a
 * write that changes what it read), and the derived state a write leaves stale (a card status
 * the linked-account query reads), each kept per reference instance (keyed by an object the
 * instance owns) so two references in one process never share one. Only a switched-on fault
 * reads or writes them.
 * @see reference/faults/stateful.ts
 */

/** cards-list-stale-after-token-update: GetRegisteredCards bodies by customer. */
const lists = new WeakMap<object, Map<string, unknown>>();

/** The cached list body of `customerId`, built by `build` on a miss. */
export function staleList(store: object, customerId: string, build: () => unknown): unknown {
  let byCustomer = lists.get(store);
  if (!byCustomer) lists.set(store, (byCustomer = new Map()));
  const id = customerId.toLowerCase();
  if (!byCustomer.has(id)) byCustomer.set(id, build());
  return byCustomer.get(id);
}

/** A write that does evict the customer's cached list. */
export function evictStaleList(store: object, customerId: string): void {
  lists.get(store)?.delete(customerId.toLowerCase());
}

/** find-miss-cached-by-ssn: SSNs a FindCustomer found nobody for. */
const misses = new WeakMap<object, Set<string>>();

export function missedSsn(store: object, ssn: string): boolean {
  return misses.get(store)?.has(ssn) === true;
}

export function rememberMissedSsn(store: object, ssn: string): void {
  let set = misses.get(store);
  if (!set) misses.set(store, (set = new Set()));
  set.add(ssn);
}

/** obo-linked-lost-on-identical-resubmission: cards whose status column the "unchanged" branch wrote as Unchanged. */
const unchanged = new WeakSet<object>();

/** The unchanged branch marks the card (`true`); a reauthorization writes its status back to Authorized (`false`). */
export function markUnchanged(card: object, marked: boolean): void {
  if (marked) unchanged.add(card);
  else unchanged.delete(card);
}

/** Whether the linked-account query, which counts Authorized cards, skips the card. */
export function markedUnchanged(card: object): boolean {
  return unchanged.has(card);
}
