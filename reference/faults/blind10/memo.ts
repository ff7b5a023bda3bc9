import type { PartnerSession } from '../../state/index.js';
import type { CustomerStore } from '../../state/customers.js';

/**
 * State the blind10 faults keep beside the reference's own stores, keyed weakly by the store or
 * session they belong to, so a fresh reference starts without any.
 * @see reference/faults/blind10/index.ts
 */

/** blind10-enroll-duplicate-checked-per-session: the customers each session enrolled. */
const enrolledBySession = new WeakMap<PartnerSession, Set<string>>();

export function rememberEnrolled(session: PartnerSession, customerId: string): void {
  let ids = enrolledBySession.get(session);
  if (!ids) enrolledBySession.set(session, (ids = new Set()));
  ids.add(customerId);
}

/** Whether `session` enrolled the customer (the faulty duplicate check sees no other). */
export function enrolledIn(session: PartnerSession, customerId: string | undefined): boolean {
  return customerId !== undefined && enrolledBySession.get(session)?.has(customerId) === true;
}

/** blind10-obo-no-linked-cached: the customers AuthenticateOBO found without a linked account. */
const notLinked = new WeakMap<CustomerStore, Set<string>>();

export function rememberNotLinked(store: CustomerStore, customerId: string): void {
  let ids = notLinked.get(store);
  if (!ids) notLinked.set(store, (ids = new Set()));
  ids.add(customerId);
}

export function cachedNotLinked(store: CustomerStore, customerId: string): boolean {
  return notLinked.get(store)?.has(customerId) === true;
}
