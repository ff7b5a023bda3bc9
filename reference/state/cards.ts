import { randomUUID } from 'node:crypto';

/** How a card is identified: by its number (AddOrUpdateCard) or by its token (AddOrUpdateTokenizedCard). */
export type CardKind = 'number' | 'token';

/** The submitted card data, as received after validation (strings only, optional members absent). */
export type CardData = Readonly<Record<string, string>>;

export interface StoredCard {
  readonly cardId: string;
  readonly customerId: string;
  readonly kind: CardKind;
  /** The card number or the card token: never returned (NO-SECRET-ECHO). */
  readonly identity: string;
  data: CardData;
  /** False once authorization failed (States: "flagged invalid"); invalid cards are not listed. */
  valid: boolean;
  /** How many authorizations ran; identical resubmission does not add one (STATE-CARD-IDENTICAL). */
  authorizations: number;
  /** How many times an upsert changed the card's data since it was added. */
  updates: number;
}

const identityKey = (customerId: string, kind: CardKind, identity: string): string =>
  `${customerId.toLowerCase()}|${kind}|${identity}`;

/** Cards per customer. A card is identified by (customerId, card number or token). */
export class CardStore {
  private readonly byId = new Map<string, StoredCard>();
  private readonly byIdentity = new Map<string, StoredCard>();
  /** Ids of deleted cards by identity: only the `readd-same-id` fault reuses them. */
  private readonly deletedIds = new Map<string, string>();
  /** Deleted cards, kept for reading `blind-history-keeps-deleted-cards`. */
  private readonly removed: StoredCard[] = [];

  find(customerId: string, kind: CardKind, identity: string): StoredCard | undefined {
    return this.byIdentity.get(identityKey(customerId, kind, identity));
  }

  /** A card of any customer with this identity (only the blind2-card-found-by-number-only fault asks). */
  findAnyCustomer(kind: CardKind, identity: string): StoredCard | undefined {
    for (const card of this.byId.values()) if (card.kind === kind && card.identity === identity) return card;
    return undefined;
  }

  get(cardId: string): StoredCard | undefined {
    return this.byId.get(cardId.toLowerCase());
  }

  add(customerId: string, kind: CardKind, identity: string, data: CardData, options: { reuseDeletedId?: boolean } = {}): StoredCard {
    const key = identityKey(customerId, kind, identity);
    const reused = options.reuseDeletedId ? this.deletedIds.get(key) : undefined;
    const card: StoredCard = {
      cardId: reused ?? randomUUID(), customerId: customerId.toLowerCase(), kind, identity, data, valid: true, authorizations: 0, updates: 0,
    };
    this.byId.set(card.cardId, card);
    this.byIdentity.set(key, card);
    return card;
  }

  /** Replaces a card's entry by one with a fresh id (only the `card-update-new-id` fault does this). */
  renew(card: StoredCard): StoredCard {
    this.byId.delete(card.cardId);
    const fresh: StoredCard = { ...card, cardId: randomUUID() };
    this.byId.set(fresh.cardId, fresh);
    this.byIdentity.set(identityKey(card.customerId, card.kind, card.identity), fresh);
    return fresh;
  }

  /** Gives a card a new identity (reading `tcard-new-token-same-card`: a re-issued token). */
  reidentify(card: StoredCard, identity: string): StoredCard {
    this.byIdentity.delete(identityKey(card.customerId, card.kind, card.identity));
    const moved: StoredCard = { ...card, identity };
    this.byId.set(moved.cardId, moved);
    this.byIdentity.set(identityKey(card.customerId, card.kind, identity), moved);
    return moved;
  }

  remove(card: StoredCard): void {
    const key = identityKey(card.customerId, card.kind, card.identity);
    this.byId.delete(card.cardId);
    this.byIdentity.delete(key);
    this.deletedIds.set(key, card.cardId);
    this.removed.push(card);
  }

  /** Whether `cardId` named a card that was deleted (the delete faults ask). */
  wasRemoved(cardId: string): boolean {
    return this.removed.some((c) => c.cardId === cardId.toLowerCase());
  }

  /** Puts a deleted card of `customerId` back (only the `delete-again-restores` fault does this). */
  restore(cardId: string, customerId: string): StoredCard | undefined {
    const card = this.removed.find((c) => c.cardId === cardId.toLowerCase() && c.customerId === customerId.toLowerCase() && !this.byId.has(c.cardId));
    if (!card) return undefined;
    this.byId.set(card.cardId, card);
    this.byIdentity.set(identityKey(card.customerId, card.kind, card.identity), card);
    return card;
  }

  /** Deleted cards of a customer whose id no listed card carries (reading `blind-history-keeps-deleted-cards`). */
  listRemoved(customerId: string): StoredCard[] {
    const id = customerId.toLowerCase();
    return this.removed.filter((c) => c.customerId === id && !this.byId.has(c.cardId));
  }

  /** Registered (valid) cards of every customer (only the blind6-obo-linked-any-customer-card fault asks). */
  anyValid(): StoredCard[] {
    return [...this.byId.values()].filter((c) => c.valid);
  }

  /** Registered (valid) cards of a customer, oldest first. */
  listValid(customerId: string): StoredCard[] {
    const id = customerId.toLowerCase();
    return [...this.byId.values()].filter((c) => c.customerId === id && c.valid);
  }
}
