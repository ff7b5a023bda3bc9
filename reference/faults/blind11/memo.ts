import type { FaultSet } from '../types.js';
import type { PartnerSession } from '../../state/index.js';

/**
 * What the blind11 faulty service remembers beside the reference's own state: which partner
 * session enrolled each customer (a per-session enrolment cache) and which cards a customer held
 * when AuthenticateOBO ran (a snapshot the session attributes check against). Kept per running
 * reference or session object, so a fresh reference starts with nothing.
 */

/**
 * blind11-obo-customer-of-other-session-not-found: customerId (lower case) → the sessionId that
 * enrolled it, per running reference (its FaultSet is the one object the answer hook and the OBO
 * handler share).
 */
const enrolledBy = new WeakMap<FaultSet, Map<string, string>>();

export function rememberEnrolledBy(faults: FaultSet, customerId: string, sessionId: string): void {
  const map = enrolledBy.get(faults) ?? new Map<string, string>();
  enrolledBy.set(faults, map);
  map.set(customerId.toLowerCase(), sessionId);
}

/** True when the fault is on and another session than `session` enrolled the customer. */
export function blind11OboHides(faults: FaultSet, customerId: string, session: PartnerSession): boolean {
  if (!faults.has('blind11-obo-customer-of-other-session-not-found')) return false;
  const by = enrolledBy.get(faults)?.get(customerId.toLowerCase());
  return by !== undefined && by !== session.sessionId;
}

/** blind11-sattr-filter-cards-snapshot-at-obo: the cardIds the OBO customer held when the session's last OBO ran. */
const oboCards = new WeakMap<PartnerSession, Set<string>>();

/** `cardIds` is asked only with the fault on: every AuthenticateOBO calls this, and the list is a scan of every card. */
export function rememberOboCards(faults: FaultSet, session: PartnerSession, cardIds: () => readonly string[]): void {
  if (faults.has('blind11-sattr-filter-cards-snapshot-at-obo')) oboCards.set(session, new Set(cardIds()));
}

/** The snapshot the faulty filter check reads, or undefined (every card counts). */
export function oboCardSnapshot(faults: FaultSet, session: PartnerSession): ReadonlySet<string> | undefined {
  return faults.has('blind11-sattr-filter-cards-snapshot-at-obo') ? oboCards.get(session) : undefined;
}
