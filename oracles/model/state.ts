import type { RequirementId } from '../../contract/requirements.js';

/**
 * The model of the target's state that the stateful commands predict from. It is much
 * simpler than the service: it keeps what a partner can observe (which cards a customer
 * holds, under which cardId, with which expiration) and what decides the documented
 * outcomes (has the customer ever held a card, has the session seen an AuthenticateOBO).
 */

export type CardKind = 'number' | 'token';

export interface ModelCard {
  /** Stable name for the story: `card #3`. */
  readonly label: string;
  readonly cardId: string;
  readonly kind: CardKind;
  /** The card number or the card token (AccountNumberFilter names cards by it). */
  identity: string;
  /** The last body sent for this card (an identical resubmission sends it again). */
  payload: Record<string, unknown>;
  /** The body the card was registered with: a later write may change the card back to it (A -> B -> A). */
  readonly registeredWith?: Record<string, unknown>;
  /**
   * The requirements whose transitions made the predictions about this card: the one that
   * last touched it answers for its presence in the list, the one that last set its
   * expiration for the expiration listed (e.g. STATE-CARD-CHANGED after a new expiration),
   * the one that last set its nickname for the nickname listed.
   */
  listedBecause: RequirementId;
  expirationFrom: RequirementId;
  nicknameFrom: RequirementId;
  /** The transition that last sent a tokenized card's lastFourOfCard anew; unset: CARDS-SHAPE answers for lastFourDigits. */
  lastFourFrom?: RequirementId;
  /**
   * Its presence is not predicted, only its data where it is listed: the audit cannot tell a
   * new token for another card from a new token replacing this one (not documented either way).
   */
  mayBeGone?: boolean;
}

export interface DeletedCard {
  readonly cardId: string;
  readonly kind: CardKind;
  readonly identity: string;
  readonly payload: Record<string, unknown>;
}

export interface ModelCustomer {
  readonly label: string;
  readonly customerId: string;
  readonly ssn: string;
  /** Undefined for a customer of the run family found again: the e-mail an earlier night sent is not known. */
  readonly email: string | undefined;
  /** As sent at enrollment (D9: FindCustomer sends the same string back). */
  readonly dateOfBirth: string;
  /**
   * The partner session (ModelSession.ordinal) that enrolled it; unset for a customer of the run
   * family, found again. A customer is not the session's: a later session meets it as the first did.
   */
  readonly enrolledIn?: number;
  readonly cards: ModelCard[];
  /** D17: a customer that never held a card has no linked account. */
  everHadCard: boolean;
  /**
   * A customer of the run family found again: cards an earlier night's run sent it (a declined one among
   * them, D15) are not known, so its holding no card is not taken for having no linked account.
   */
  readonly pastUnknown?: boolean;
  /**
   * Last four digits of declined card numbers (D15): whether a card flagged invalid is
   * listed is not documented, so such a card is tolerated in a list, never required.
   */
  readonly declined: string[];
  readonly deleted: DeletedCard[];
  /**
   * GetRegisteredCards was read since the last write of its cards (unset: never read, or written
   * since). A write on an unread list reads it first (suites/lib/model/card-list.ts writeCards).
   */
  listRead?: boolean;
}

export interface ModelSession {
  /** 1 for the sequence's first partner session, one more for each it opens after (suites/lib/model/session.ts). */
  readonly ordinal: number;
  /** STATE-SESSION-ATTRIBUTES: AddSessionAttributes only after a successful AuthenticateOBO. */
  oboDone: boolean;
  /** Attributes accepted in this session; nothing observable is predicted from them. */
  readonly attributes: Record<string, string>;
}

/**
 * Fresh identities a sequence may enrol besides setup's customer: `any` up to its cap (the sequences a
 * user asks for with CONFORMANCE_SEQUENCES); under the request budget the coverage sequence enrols only
 * in a date-of-birth form none of its customers has (`new-date-form`: with setup's customer, both D9
 * forms are enrolled or found and looked up, and a lookup before an enrolment is made), and a random
 * sequence (the hunt after a coverage failure too) enrols nobody (`none`).
 */
export type FreshEnrolments = 'any' | 'new-date-form' | 'none';

export interface Model {
  readonly customers: ModelCustomer[];
  /** Customers this sequence may enrol at most, setup's one included (maxCustomers or fewer). */
  readonly customerCap: number;
  /** Which fresh identities a command may enrol (issue 30 item 6: a customer is for good). */
  readonly freshEnrolments: FreshEnrolments;
  /** The partner session the commands run in now: a new one replaces it (what the States table ties to a session ends with it). */
  session: ModelSession;
  /** Number of the next card's label (`card #N`) in the story. */
  nextCard: number;
  /**
   * Card writes made between an AuthenticateOBO and its AddSessionAttributes so far: the command
   * alternates a new card and a deleted one by it, so each meets the coverage sequence's draws.
   */
  cardChangesAfterObo: number;
  /**
   * Kinds of card write an AuthenticateOBO has read the linked account after (suites/lib/model/obo-after-write.ts):
   * each once a sequence, so the coverage sequence reads it after every kind at a few requests.
   */
  readonly linkedReadAfter: Set<string>;
  /** Kinds of card changed back to their registered data (suites/lib/model/card-restore.ts): each once a sequence, at few requests. */
  readonly restoredKinds: Set<CardKind>;
}

/**
 * Customers a sequence enrolls at most (setup's one included): bounds its footprint. Customers
 * cannot be deleted, so a property whose rules need only "another customer" asks for fewer.
 */
export const maxCustomers = 3;

export function emptyModel(customerCap: number = maxCustomers, freshEnrolments: FreshEnrolments = 'any'): Model {
  return { customers: [], customerCap: Math.min(customerCap, maxCustomers), freshEnrolments, session: newSession(1), nextCard: 1, cardChangesAfterObo: 0, linkedReadAfter: new Set(), restoredKinds: new Set() };
}

/** A partner session as AuthenticatePartner opens it: no AuthenticateOBO yet, no session attributes. */
export const newSession = (ordinal: number): ModelSession => ({ ordinal, oboDone: false, attributes: {} });

/** The `index`-th customer, modulo how many there are (commands carry indices, not ids). */
export function customerAt(m: Readonly<Model>, index: number): ModelCustomer {
  return m.customers[index % m.customers.length]!;
}

/**
 * The `index`-th customer if it can take the command, else the first that can: a command drawn
 * for a customer without the card it needs would be skipped, and the coverage sequence, one draw
 * of each command, would then miss its rule on some seeds.
 */
export function customerWith(m: Readonly<Model>, index: number, can: (c: ModelCustomer) => boolean): ModelCustomer | undefined {
  if (m.customers.length === 0) return undefined;
  const drawn = customerAt(m, index);
  return can(drawn) ? drawn : m.customers.find(can);
}

/** A command that can act on any customer but means to meet one kind: that kind if there is one, else the `index`-th. */
export function preferredCustomer(m: Readonly<Model>, index: number, prefer?: (c: ModelCustomer) => boolean): ModelCustomer {
  return (prefer && customerWith(m, index, prefer)) || customerAt(m, index);
}

export const holdsCard = (c: ModelCustomer): boolean => c.cards.length > 0;

export function cardAt(c: ModelCustomer, index: number, kind?: CardKind): ModelCard | undefined {
  const cards = kind ? c.cards.filter((k) => k.kind === kind) : c.cards;
  return cards.length === 0 ? undefined : cards[index % cards.length];
}

export const sameId = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** Every card of the other customers: AccountIdFilter/AccountNumberFilter values that are not the customer's. */
export function foreignCards(m: Readonly<Model>, owner: ModelCustomer): ModelCard[] {
  return m.customers.filter((c) => c !== owner).flatMap((c) => c.cards);
}

/** `***1111`: how a card number or token is named in a step label. */
export const tail = (value: string): string => `***${value.slice(-4)}`;
