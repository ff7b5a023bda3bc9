import type { Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';
import type { ReferenceState, StoredCard } from '../state/index.js';

/**
 * Faults of the identity classes blind batch 14 showed missing, each on another trigger than the
 * blind fault: the customer's own GUID written in another notation a lenient GUID parser reads as
 * the same id (blind14: an AccountIdFilter entry; here AddCustomerAttributes' CustomerId value),
 * and a twin card of the customer, sharing every attribute a sloppy join could use but not its
 * identity, reached by a request that names the other one (blind14: the history accountId filter;
 * here DeleteCard). With none on, every function returns what it was given.
 */
export const identityClassFaults: Fault[] = [
  { name: 'cattr-customer-id-guid-parsed', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes checks the CustomerId value with Guid.TryParse and a customer lookup instead of its format, so the customer\'s own id without dashes, in braces or in parentheses is taken, though it is a "Customer GUID" and "Guid is a 36-character string"' },
  { name: 'delete-card-by-last-four', requirement: 'STATE-CARD-DELETED', breaks: 'DeleteCard of a card added by number deletes the customer\'s numbered cards whose last four digits (the display column of the card-number table) are the named card\'s, so another card of the customer ending in the same digits is removed too, though DeleteCard removes the card its cardId names (States)' },
];

type Json = Record<string, unknown>;

/** The dashed form of a GUID written as Guid.TryParse reads it (N: 32 hex digits, B: braces, P: parentheses); undefined for any other text. */
function dashedGuid(v: string): string | undefined {
  const inner = /^\{(.{36})\}$/.exec(v)?.[1] ?? /^\((.{36})\)$/.exec(v)?.[1] ?? v;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(inner)) return inner;
  const n = /^[0-9a-f]{32}$/i.test(inner) ? inner : undefined;
  return n && `${n.slice(0, 8)}-${n.slice(8, 12)}-${n.slice(12, 16)}-${n.slice(16, 20)}-${n.slice(20)}`;
}

/**
 * The request input as the faulty service reads it before validation. cattr-customer-id-guid-parsed:
 * `Guid.TryParse(value, out id) && customers.Exists(id)` stands for the format check, so a value it
 * reads that names a customer is that customer's id; any other value meets the format check as sent.
 */
export function identityClassInput(faults: FaultSet, state: ReferenceState, op: Operation, input: unknown): unknown {
  if (!faults.has('cattr-customer-id-guid-parsed') || op.id !== 'AddCustomerAttributes') return input;
  if (typeof input !== 'object' || input === null || !Array.isArray((input as Json).customerAttributes)) return input;
  const items = ((input as Json).customerAttributes as unknown[]).map((it) => {
    const item = it as Json | null;
    if (item?.name !== 'CustomerId' || typeof item.value !== 'string') return it;
    const id = dashedGuid(item.value);
    return id !== undefined && state.customers.get(id) ? { ...item, value: id } : it;
  });
  return { ...(input as Json), customerAttributes: items };
}

const lastFour = (card: StoredCard): string => card.identity.slice(-4);

/**
 * delete-card-by-last-four: the customer's other cards the delete statement of the card-number table
 * also matches (`WHERE CustomerId = @c AND LastFour = @four`); a tokenized card is deleted by its id.
 */
export function lastFourTwins(faults: FaultSet, state: ReferenceState, card: StoredCard): StoredCard[] {
  if (!faults.has('delete-card-by-last-four') || card.kind !== 'number') return [];
  return state.cards.listValid(card.customerId).filter((other) => other !== card && other.kind === 'number' && lastFour(other) === lastFour(card));
}
