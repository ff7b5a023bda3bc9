import type { Fault } from './types.js';

/** Faults added with the stateful suites; each breaks exactly one documented rule, named by its requirement id. */
export const statefulFaults: Fault[] = [
  { name: 'card-identical-new-id', requirement: 'STATE-CARD-IDENTICAL', breaks: 'resubmitting a registered card\'s identical data to AddOrUpdateCard gives it a new cardId' },
  { name: 'tcard-update-not-stored', requirement: 'STATE-TCARD-CHANGED', breaks: 'a tokenized card\'s changed expiration is answered 200 but the old data is kept' },
  { name: 'cards-stars-for-number-card', requirement: 'CARDS-SHAPE', breaks: 'cards registered by card number report lastFourDigits as **** instead of the last four digits' },
  { name: 'obo-tokenized-not-linked', requirement: 'STATE-OBO', breaks: 'AuthenticateOBO answers NO_LINKED_ACCOUNT to a customer whose registered cards are all tokenized' },
  { name: 'history-timestamp-offset', requirement: 'HISTORY-SHAPE', breaks: 'transaction timestamps are written with a +02:00 offset instead of in UTC' },
  // Stale reads (RESTler's and Schemathesis' read-write-read): a read is cached and one write does not evict it.
  { name: 'cards-list-stale-after-token-update', requirement: 'STATE-TCARD-CHANGED', breaks: 'the card list is cached per customer and evicted by every card write but a tokenized card\'s update, so after AddOrUpdateTokenizedCard changes a card the list still shows its old data' },
  { name: 'find-miss-cached-by-ssn', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer caches a miss by the SSN alone and EnrollCustomer never evicts it, so a customer enrolled after a lookup of its SSN found nobody is not found' },
  // State that outlives a session, read from another: reference/faults/session-memo.ts.
  { name: 'tcard-list-session-only', requirement: 'TCARD-SUCCESS', breaks: 'GetRegisteredCards lists only the tokenized cards added in the calling partner session (the token table\'s query joins the session\'s own writes), so a tokenized card a customer registered in an earlier session is missing from the list' },
  // Every mutable field of an update is stored: one the update statement leaves out keeps its old value.
  { name: 'tcard-update-keeps-nickname', requirement: 'STATE-TCARD-CHANGED', breaks: 'AddOrUpdateTokenizedCard with changed data stores the new expiration and last four but keeps the old cardNickname' },
  // Derived state read after every kind of card write (blind batch 16: an updated card listed twice, no linked account after an
  // update), each on another write than the blind fault's changed card: a card added again after DeleteCard, an identical resubmission.
  { name: 'cards-readded-card-listed-twice', requirement: 'STATE-CARD-DELETED', breaks: 'the list joins the card table to its deletion log by card number or token, so a card added again after DeleteCard is listed twice under its new cardId, though "adding the same card again creates a different card entry", one entry' },
  { name: 'obo-linked-lost-on-identical-resubmission', requirement: 'OBO-LINKED-ACCOUNT', breaks: 'the "unchanged" branch of an add-or-update writes the card\'s status as Unchanged and the linked-account query counts Authorized cards only, so a customer whose every card was resubmitted with identical data gets 422 NO_LINKED_ACCOUNT (D17: a customer holding a card has a linked account)' },
  // A card changed back to earlier data (A -> B -> A, blind batch 17's class), on the tokenized card (the blind fault: a number card's insert cache).
  { name: 'tcard-identical-check-reads-first-data', requirement: 'STATE-TCARD-CHANGED', breaks: 'AddOrUpdateTokenizedCard decides "unchanged" by comparing the submission with the data the token was first registered with as well as the stored data, so a tokenized card changed and then changed back is answered unchanged with its present data and nothing is stored, though "any card data differs" reauthorizes it' },
  { name: 'cattr-cardless-customer-refused', requirement: 'CATTR-SUCCESS', breaks: 'AddCustomerAttributes answers 422 CUSTOMER_NOT_FOUND for a customer that holds no card' },
];
