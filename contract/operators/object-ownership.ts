/**
 * Another customer's resource named through this customer's id (D45, OWASP API1, RESTler
 * NamespaceRule): in every cell whose value names a card, a card number or token, or a
 * transaction of a customer. Asserted as D45 says: never changed, removed, listed or accepted as
 * a filter; how a refusal is worded follows D30 (D19 for the session filters). A customerId that
 * names no customer in the owner slot is the same move: nothing of the card's owner is reached.
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';
import { operation } from '../operations.js';

const counterparts = [
  { tool: 'OWASP API Security Top 10', name: 'API1:2023 Broken Object Level Authorization' },
  { tool: 'RESTler', name: 'NamespaceRule' },
] as const;
const names = (kinds: readonly string[]) => (c: Cell) => c.resource !== undefined && kinds.includes(c.resource);
/** A session filter is refused with the documented row (D19); elsewhere the answer is D30's. */
const filterOrUnknown = (c: Cell) => (c.place === 'attribute' ? 'rejected' as const : 'refused-like-unknown' as const);

/**
 * Another kind of id in a customerId names no customer: the Errors row where the operation lists
 * CUSTOMER_NOT_FOUND for its customerId member (AuthenticateOBO); D30's answer elsewhere, D20's in the
 * CustomerId attribute (its answer to a customer of nobody is not asserted).
 */
function anotherKindAnswer(c: Cell): 'rejected' | 'refused-like-unknown' {
  if (c.resource !== 'customer') return filterOrUnknown(c);
  return c.place !== 'attribute' && operation(c.operation).errors.includes('CUSTOMER_NOT_FOUND') ? 'rejected' : 'refused-like-unknown';
}

export const objectOwnershipOperators: readonly Operator[] = [
  {
    id: 'other-customers-card-id', family: 'object-ownership', counterparts: [...counterparts, { tool: 'RESTler', name: 'ResourceHierarchy' }],
    sends: 'the cardId of another customer\'s card with this customer\'s customerId',
    appliesTo: names(['card', 'card-list']), asserts: filterOrUnknown, backing: ['D45', 'D30', 'D19'],
  },
  {
    id: 'other-customers-card-number', family: 'object-ownership', counterparts,
    sends: 'a card number another customer holds, for this customer',
    appliesTo: names(['card-number', 'card-number-list']), asserts: filterOrUnknown, backing: ['D45', 'D30', 'D19'],
  },
  {
    id: 'other-customers-card-token', family: 'object-ownership', counterparts,
    sends: 'a card token another customer holds, for this customer',
    appliesTo: names(['card-token', 'card-number-list']), asserts: filterOrUnknown, backing: ['D45', 'D30', 'D19'],
  },
  {
    // blind12: AccountNumberFilter took the customer's cardIds (a lookup shared by every kind of identifier).
    // blind18: a cardId as AuthenticateOBO's customerId got a token for the card's owner ("resolve any id").
    id: 'identifier-of-another-kind', family: 'object-ownership', counterparts: [...counterparts, { tool: 'RESTler', name: 'InvalidDynamicObject' }],
    sends: 'a real identifier of the customer of another kind than the cell names: its cardId where a card number or token is listed, its card number where card GUIDs are, its customerId where a cardId is; its cardId, a transactionId of its card and the sessionId where a customerId is',
    appliesTo: names(['card', 'card-list', 'card-number-list', 'customer']), asserts: anotherKindAnswer, backing: ['D19', 'D30', 'D45', 'D20', 'Errors: 422 CUSTOMER_NOT_FOUND where the operation lists it'],
    oneCellPerRequest: true,
  },
  {
    id: 'other-customers-transaction', family: 'object-ownership', counterparts,
    sends: 'a transactionId of another customer\'s card as this customer\'s paging reference',
    appliesTo: names(['transaction']), asserts: () => 'refused-like-unknown', backing: ['D45', 'D30'],
  },
  {
    // blind17: an owner check written `if (customer != null && card.CustomerId != customer.Id)` skips itself when
    // the customerId names nobody, so the card is reached by its own id alone.
    id: 'unknown-owner-of-others-resource', family: 'object-ownership', counterparts: [...counterparts, { tool: 'RESTler', name: 'InvalidDynamicObject' }],
    sends: 'another customer\'s cardId, card number, token or transaction with a customerId that names no customer, in the owner slot of every operation naming one',
    // The session filters name the cards of the customer an ssoToken was issued for: no ssoToken names nobody.
    appliesTo: (c) => c.place !== 'attribute' && names(['card', 'card-number', 'card-token', 'transaction'])(c),
    asserts: () => 'refused-like-unknown', backing: ['D45', 'D30'],
  },
];
