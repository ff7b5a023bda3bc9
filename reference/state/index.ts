import { CardStore } from './cards.js';
import { CustomerStore } from './customers.js';
import { SessionStore } from './sessions.js';

export { deniedClientId } from './clients.js';
export type { Customer } from './customers.js';
export type { CardData, CardKind, StoredCard } from './cards.js';
export type { PartnerSession } from './sessions.js';
export { historyOf, newestFirst, maxTransactionsPerCard, withPendingEvents, type Transaction } from './transactions.js';

/** All in-memory state of one reference instance. */
export interface ReferenceState {
  readonly customers: CustomerStore;
  readonly cards: CardStore;
  readonly sessions: SessionStore;
}

export function createState(): ReferenceState {
  return { customers: new CustomerStore(), cards: new CardStore(), sessions: new SessionStore() };
}
