import { history, type Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';
import type { PartnerSession, ReferenceState, StoredCard, Transaction } from '../state/index.js';
import { identityClassInput } from './identity-classes.js';

/**
 * Faults of the state and resource classes blind batch 12 showed missing, each on another trigger
 * than the blind fault (another operation, field or card kind): a deep page of the history, a
 * card's rows joined twice after an update, another customer's card reached through a cardless
 * customer, an identifier of another kind taken for a card, an id matched by its prefix. With none
 * on, every function returns what it was given.
 */
export const stateClassFaults: Fault[] = [
  { name: 'history-paging-gap-beyond-default-window', requirement: 'HISTORY-PAGING', breaks: 'a page asked from a paging reference past the 20th transaction (the second window of the paging cache) leaves out the transaction right after the reference, where "it and the next pageSize older transactions are returned"' },
  { name: 'history-token-card-repeated-when-filtered', requirement: 'HISTORY-PAGING', breaks: 'once a tokenized card was updated, its history asked with its accountId lists each transaction twice (the filter joins both row versions of the token table), where a page holds "the next pageSize older transactions"' },
  { name: 'history-account-any-customer-when-cardless', requirement: 'OWNERSHIP-CARDS', breaks: 'when the named customer holds no card, GetTransactionHistory looks the accountId up among every customer\'s cards and lists another customer\'s transactions (D45: Card.customerId is the owner)' },
  { name: 'sattr-id-filter-takes-card-numbers', requirement: 'SATTR-FILTERS', breaks: 'AccountIdFilter entries are looked up by cardId, card number or token, so the customer\'s own card number passes as a card GUID, where the filter is a "list of card GUIDs" and "Account values are validated for format"' },
  // Blind batch 13's class (one card identity held by two customers), on the other identity kind and another write than its DeleteCard of a token.
  { name: 'card-update-writes-every-holder', requirement: 'OWNERSHIP-CARDS', breaks: 'AddOrUpdateCard\'s update path (a number the customer already holds) writes the new card data with `UPDATE ... WHERE CardNumber = @number`, so another customer\'s card of the same number takes the new expiration too, though "partners may only update their own cards" and Card.customerId is the owner (D45)' },
  // Blind batch 17's class (an owner check that skips itself when the customerId names nobody), on another write than its DeleteCard.
  { name: 'tcard-owner-check-skipped-for-unknown-customer', requirement: 'OWNERSHIP-CARDS', breaks: 'AddOrUpdateTokenizedCard reads the customer and checks the card\'s owner only `if (customer != null)`, so with a customerId that names no customer a token another customer holds updates that customer\'s card, though Card.customerId is the owner and "partners may only update their own cards" (D45)' },
  // Blind batch 18's class (the session's AuthenticateOBO customer read where the request names another), on a read, not its DeleteCard.
  { name: 'history-account-owner-from-obo-customer', requirement: 'OWNERSHIP-CARDS', breaks: 'GetTransactionHistory accepts an accountId whose card belongs to the customer the session\'s AuthenticateOBO named, so a request naming one customer lists another customer\'s transactions once the session authenticated that other customer (D45: Card.customerId is the owner, never listed through a request that names this customer)' },
  // Blind batch 18's class (the linked account follows the cards after every change), on the card added again, not the deleted one.
  { name: 'obo-linked-flag-not-set-again', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'DeleteCard of a customer\'s last card clears its HasLinkedAccount flag, which AddOrUpdateCard\'s insert sets again but AddOrUpdateTokenizedCard\'s does not, so a customer whose cards were all deleted and who was given a tokenized card gets NO_LINKED_ACCOUNT, where D17 makes a customer holding a registered card (of either kind) linked' },
  // Blind batch 18's class (a refused call changes nothing in the session), on the unknown customer's refusal and the token, not NO_LINKED_ACCOUNT and the customer.
  { name: 'obo-not-found-resets-session-tokens', requirement: 'SATTR-FILTERS', breaks: 'AuthenticateOBO resets the session\'s OBO record (its ssoTokens) before it looks the customer up, and a CUSTOMER_NOT_FOUND refusal does not restore it, so AddSessionAttributes with the ssoToken an earlier AuthenticateOBO of the session issued, naming that customer\'s own card, is refused, though the refusal issued no token and D18 keeps the newest one valid' },
  // Blind batch 18's class (two numbers of one customer alike in all the Card resource shows are two cards), on other columns than its last four and expiration.
  { name: 'card-update-matched-by-bin-and-zip', requirement: 'CARD-SUCCESS', breaks: 'AddOrUpdateCard looks the existing card up by customer, BIN and billing zip (the address-verification key), so a second card number with the same BIN and zip updates the first card and is answered with its cardId, though "Adds or updates a card" and a card is named by its number' },
  // Blind batch 18's class (a "resolve any id" helper takes a cardId for its owner's customerId), on the card list, not AuthenticateOBO.
  { name: 'cards-customer-id-resolves-card-id', requirement: 'OWNERSHIP-CARDS', breaks: 'GetRegisteredCards looks the customerId up among customers and, failing that, among the accounts (a "resolve any id" helper), so a cardId passed as customerId lists the card owner\'s cards, though customerId is the "Customer GUID" and a customerId of nobody names no card (D45: Card.customerId is the owner)' },
  // Blind batch 19's class (a deleted card added again with other data is a new entry too), on a token and its nickname, not a number and its expiry.
  { name: 'tcard-readd-changed-data-same-id', requirement: 'STATE-CARD-DELETED', breaks: 'AddOrUpdateTokenizedCard with a deleted card\'s token and data that differ from the deleted card\'s (another nickname) takes the "changed data" path, which finds the soft-deleted row by token and revives it under its old cardId, though "adding the same card again creates a different card entry"' },
  // Blind batch 19's class (an "unchanged" comparison under a case-insensitive collation), on the tokenized card and its address, not the number card's nickname.
  { name: 'tcard-case-only-change-ignored', requirement: 'STATE-TCARD-CHANGED', breaks: 'AddOrUpdateTokenizedCard compares the sent card data with the stored row under a case-insensitive collation and keeps the stored value of each text that matches, so a nickname or city changed only in letter case is not stored, though "any card data differs" makes it an update whose data is stored' },
  // Blind batch 19's class (a refused card write adds no linked account), on a validation 400 of AddOrUpdateCard, not a denied BIN.
  { name: 'obo-linked-after-card-validation-400', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'AddOrUpdateCard sets the customer\'s HasLinkedAccount flag before it validates the body, and a 400 does not clear it, so a customer whose only card write was refused 400 (no card added) gets an ssoToken, though D17 asserts NO_LINKED_ACCOUNT before any card' },
  { name: 'delete-card-id-prefix-match', requirement: 'DELETE-CARD-ID-LENGTH', breaks: 'DeleteCard matches cardId with LIKE \'value%\' among the customer\'s cards, so a cardId cut short removes the card it begins, where cardId is a "Guid" of length 36' },
];

type Json = Record<string, unknown>;
const has = (faults: FaultSet) => stateClassFaults.some((f) => faults.has(f.name));

/** What the input hook reads of the running service. */
export interface StateClassScope {
  readonly faults: FaultSet;
  readonly state: ReferenceState;
  readonly session: PartnerSession;
}

/** The request input as the faulty service reads it before validation. */
export function stateClassInput(scope: StateClassScope, op: Operation, raw: unknown): unknown {
  const { faults, state, session } = scope;
  // Blind batch 14's identity classes (identity-classes.ts) read the input first, as the same service's lookups.
  const input = identityClassInput(faults, state, op, raw);
  if (!has(faults) || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Json = { ...(input as Json) };
  // obo-linked-flag-not-set-again: the flag cleared when the card deleted is the customer's last (still held here), set by a number card.
  if (faults.has('obo-linked-flag-not-set-again') && typeof out.customerId === 'string') {
    const held = state.cards.listValid(out.customerId);
    if (op.id === 'DeleteCard' && held.length === 1 && held[0]!.cardId === String(out.cardId).toLowerCase()) unlinkedOf(state).add(held[0]!.customerId);
    if (op.id === 'AddOrUpdateCard') unlinkedOf(state).delete(out.customerId.toLowerCase());
  }
  // cards-customer-id-resolves-card-id: no customer of that id, so the id is looked up among the accounts and stands for the card's owner.
  if (op.id === 'GetRegisteredCards' && faults.has('cards-customer-id-resolves-card-id') && typeof out.customerId === 'string' && !state.customers.get(out.customerId)) {
    const card = state.cards.get(out.customerId);
    if (card?.valid) out.customerId = card.customerId;
  }
  // obo-linked-after-card-validation-400: the flag is set from the raw body, before validation.
  if (op.id === 'AddOrUpdateCard' && faults.has('obo-linked-after-card-validation-400') && typeof out.customerId === 'string') attemptedOf(state).add(out.customerId.toLowerCase());
  if (op.id === 'DeleteCard' && faults.has('delete-card-id-prefix-match') && typeof out.cardId === 'string' && typeof out.customerId === 'string') {
    const id = out.cardId.toLowerCase();
    // WHERE CustomerId = @customerId AND CardId LIKE @cardId + '%'
    const card = id.length >= 8 && id.length < 36 ? state.cards.listValid(out.customerId).find((c) => c.cardId.startsWith(id)) : undefined;
    if (card) out.cardId = card.cardId;
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('card-update-matched-by-bin-and-zip') && typeof out.cardNumber === 'string' && typeof out.customerId === 'string') {
    const number = out.cardNumber;
    // SELECT ... WHERE CustomerId = @customerId AND Bin = @bin AND Zip = @zip: the number itself is not compared.
    const alike = state.cards.find(out.customerId, 'number', number) ? undefined
      : state.cards.listValid(out.customerId).find((c) => c.kind === 'number' && c.identity.slice(0, 6) === number.slice(0, 6) && c.data.zip === out.zip);
    if (alike) out.cardNumber = alike.identity;
  }
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-case-only-change-ignored') && typeof out.customerId === 'string' && typeof out.cardToken === 'string') {
    const stored = state.cards.find(out.customerId, 'token', out.cardToken);
    // UPDATE ... SET Col = @value WHERE Col <> @value: under a _CI_ collation a case-only change is no change.
    for (const [k, v] of Object.entries(stored?.data ?? {})) if (typeof out[k] === 'string' && (out[k] as string).toLowerCase() === v.toLowerCase()) out[k] = v;
  }
  if (op.id === 'AddSessionAttributes' && faults.has('sattr-id-filter-takes-card-numbers') && session.oboCustomerId !== undefined && Array.isArray(out.sessionAttributes)) {
    const cards = state.cards.listValid(session.oboCustomerId);
    // The account lookup finds a card by id, number or token: a number stands for its card's id.
    out.sessionAttributes = (out.sessionAttributes as unknown[]).map((it) => {
      const item = it as Json | null;
      if (item?.name !== 'AccountIdFilter' || typeof item.value !== 'string') return it;
      return { ...item, value: item.value.split(',').map((v) => cards.find((c) => c.identity === v.trim())?.cardId ?? v).join(',') };
    });
  }
  return out;
}

/** history-account-any-customer-when-cardless: the card the accountId names, of any customer, when the customer holds none. */
export function cardlessAnyCard(faults: FaultSet, state: ReferenceState, customerId: string, accountId: string | undefined): StoredCard | undefined {
  if (accountId === undefined || !faults.has('history-account-any-customer-when-cardless') || state.cards.listValid(customerId).length > 0) return undefined;
  return state.cards.get(accountId);
}

/** history-token-card-repeated-when-filtered: an updated token card's rows, twice, when the history is filtered to it. */
export function tokenCardRepeated(faults: FaultSet, card: StoredCard, filtered: boolean, list: Transaction[]): Transaction[] {
  return faults.has('history-token-card-repeated-when-filtered') && filtered && card.kind === 'token' && card.updates > 0 ? [...list, ...list] : list;
}

/** history-paging-gap-beyond-default-window: past the default page, the item after the reference is skipped. */
export function deepPageGap(faults: FaultSet, all: readonly Transaction[], reference: string | undefined, items: Transaction[]): Transaction[] {
  if (reference === undefined || !faults.has('history-paging-gap-beyond-default-window') || items.length < 2) return items;
  const at = all.findIndex((t) => String(t.transactionId) === reference.toLowerCase());
  return at >= history.defaultPageSize ? [items[0]!, ...items.slice(2)] : items;
}

/** history-account-owner-from-obo-customer: the card the accountId names when the session's AuthenticateOBO customer owns it. */
export function oboContextCard(faults: FaultSet, state: ReferenceState, session: PartnerSession, accountId: string | undefined): StoredCard | undefined {
  if (accountId === undefined || !faults.has('history-account-owner-from-obo-customer') || session.oboCustomerId === undefined) return undefined;
  const card = state.cards.get(accountId);
  return card?.customerId === session.oboCustomerId ? card : undefined;
}

/** obo-linked-flag-not-set-again: customers whose flag the deletion of their last card cleared, per reference state (a fresh one has none). */
const unlinked = new WeakMap<ReferenceState, Set<string>>();
function unlinkedOf(state: ReferenceState): Set<string> {
  const set = unlinked.get(state) ?? new Set<string>();
  unlinked.set(state, set);
  return set;
}

/** obo-linked-flag-not-set-again: the customer's flag is cleared (no number card was added since its last card was deleted). */
export const linkedFlagCleared = (faults: FaultSet, state: ReferenceState, customerId: string): boolean =>
  faults.has('obo-linked-flag-not-set-again') && unlinkedOf(state).has(customerId.toLowerCase());

/** obo-not-found-resets-session-tokens: the session's ssoTokens emptied by an AuthenticateOBO that found no customer. */
export function notFoundResetsTokens(faults: FaultSet, session: PartnerSession): void {
  if (faults.has('obo-not-found-resets-session-tokens')) session.ssoTokens.length = 0;
}

/** tcard-readd-changed-data-same-id: a deleted token added again with data other than the deleted card's keeps its old id. */
export const revivesChangedToken = (faults: FaultSet, state: ReferenceState, customerId: string, identity: string, data: Readonly<Record<string, unknown>>): boolean =>
  faults.has('tcard-readd-changed-data-same-id') && state.cards.listRemoved(customerId).some((k) => k.kind === 'token' && k.identity === identity
    && [...new Set([...Object.keys(k.data), ...Object.keys(data)])].some((f) => (k.data as Record<string, unknown>)[f] !== data[f]));

/** obo-linked-after-card-validation-400: customers an AddOrUpdateCard named, valid or not, per reference state. */
const attempted = new WeakMap<ReferenceState, Set<string>>();
const attemptedOf = (state: ReferenceState): Set<string> => attempted.get(state) ?? (attempted.set(state, new Set()), attempted.get(state)!);

/** obo-linked-after-card-validation-400: the customer's flag was set by an AddOrUpdateCard, whatever its answer. */
export const linkedByAttempt = (faults: FaultSet, state: ReferenceState, customerId: string): boolean =>
  faults.has('obo-linked-after-card-validation-400') && attemptedOf(state).has(customerId.toLowerCase());
