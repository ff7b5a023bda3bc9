/**
 * The caches of the blind5 faults, each kept per reference instance (keyed by an object the
 * instance owns) so two references in one process never share one. Only a switched-on fault
 * reads or writes them.
 * @see reference/faults/blind5/index.ts
 */

/** blind5-session-device-check-cached: sessions whose device check passed once. */
const deviceChecked = new WeakSet<object>();

export function deviceCheckCached(session: object): boolean {
  return deviceChecked.has(session);
}

export function rememberDeviceChecked(session: object): void {
  deviceChecked.add(session);
}

/** blind5-cards-cached-after-delete: the card list of each customer, by the instance's card store. */
const cardLists = new WeakMap<object, Map<string, unknown[]>>();

function listsOf(store: object): Map<string, unknown[]> {
  let lists = cardLists.get(store);
  if (!lists) cardLists.set(store, (lists = new Map()));
  return lists;
}

/** The cached list of `customerId`, computed by `load` on a miss. */
export function cachedCards<T>(store: object, customerId: string, load: () => T[]): T[] {
  const lists = listsOf(store);
  const key = customerId.toLowerCase();
  if (!lists.has(key)) lists.set(key, load());
  return [...(lists.get(key) as T[])];
}

/** Called by the add-or-update operations only (DeleteCard forgets to). */
export function forgetCards(store: object, customerId: string): void {
  listsOf(store).delete(customerId.toLowerCase());
}

/** blind5-bearer-payload-cached: `header.payload` of tokens whose signature was verified, with their claims. */
const verifiedBySigner = new WeakMap<object, Map<string, unknown>>();

export function verifiedClaims(signer: object, token: string): unknown {
  return verifiedBySigner.get(signer)?.get(token.split('.').slice(0, 2).join('.'));
}

export function rememberVerified(signer: object, token: string, claims: unknown): void {
  let m = verifiedBySigner.get(signer);
  if (!m) verifiedBySigner.set(signer, (m = new Map()));
  m.set(token.split('.').slice(0, 2).join('.'), claims);
}
