/**
 * Values close to, but not, the customer's own resource (D19, D45): a session filter matches whole
 * values only, and a GUID that names a resource is matched whole too (its "36 | 36" length); a card
 * number or token is a card by all of its characters, not by the masked form logs and caches keep.
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';
import { carriesValue } from './predicates.js';
import { operation } from '../operations.js';

const counterparts = [{ tool: 'RESTler', name: 'InvalidDynamicObject' }] as const;
const numberFilter = (c: Cell) => c.place === 'attribute' && c.resource === 'card-number-list';
/** A single GUID that names a customer, card or transaction (a GUID list is a filter: the operators above). */
const namesByGuid = (c: Cell) => carriesValue(c) && c.format === 'guid' && c.resource !== undefined;
/** A card's own number or token in a write that authorizes it (D15: its refusals are the card's, keyed on it). */
const authorizedCard = (c: Cell) => c.place === 'body' && c.writes && (c.resource === 'card-number' || c.resource === 'card-token')
  && operation(c.operation).refusesForOwnReasons === 'D15';
const anyFilter = (c: Cell) => c.place === 'attribute' && (c.resource === 'card-number-list' || c.resource === 'card-list');

export const filterExactnessOperators: readonly Operator[] = [
  {
    id: 'filter-token-prefix', family: 'filter-exactness', counterparts,
    sends: 'the first half of the customer\'s own card token', appliesTo: numberFilter, asserts: () => 'rejected', backing: ['D19'],
  },
  {
    id: 'filter-same-last-four', family: 'filter-exactness', counterparts,
    sends: 'a card number sharing only the last four digits of the customer\'s card', appliesTo: numberFilter, asserts: () => 'rejected', backing: ['D19'],
  },
  {
    id: 'filter-empty-entry', family: 'filter-exactness', counterparts: [...counterparts, { tool: 'CATS', name: 'EmptyStringValuesInFieldsFuzzer' }],
    sends: 'the customer\'s own card with an empty entry beside it (a leading or trailing comma): a list that drops empty entries before its check takes it',
    appliesTo: anyFilter, asserts: () => 'rejected',
    backing: ['interface.md "Comma-separated list of card GUIDs", "of raw card numbers or card tokens"; "Account values are validated for format"', 'D19'],
  },
  {
    // blind18: AccountNumberFilter "," beside AccountIdFilter was taken as not sent (its empty entries removed, nothing left).
    id: 'filter-no-entry', family: 'filter-exactness', counterparts: [...counterparts, { tool: 'CATS', name: 'EmptyStringValuesInFieldsFuzzer' }],
    sends: 'a list of no item (",", ",,", " , "), once beside the other filter naming the customer\'s own card (both filters) and once alone (an invalid value): a list that drops empty entries takes it for a filter not sent',
    appliesTo: anyFilter, asserts: () => 'rejected',
    backing: ['interface.md "mutually exclusive; sending both returns an error", "Account values are validated for format"', 'D19'],
  },
  {
    // blind17: AccountIdFilter split on [,;] took two of the customer's cards parted by a semicolon. Every list the contract
    // calls comma-separated, each separator in a request of its own: a target that splits on one of them only takes that one.
    id: 'filter-other-separator', family: 'filter-exactness', counterparts: [...counterparts, { tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }],
    sends: 'two of the customer\'s own cards parted by another separator than the comma (a semicolon, a vertical bar, a space, a tab), one request each: a list split on more than the documented comma takes it',
    appliesTo: anyFilter, asserts: () => 'rejected',
    backing: ['interface.md "Comma-separated list of card GUIDs", "Comma-separated raw card numbers or card tokens"; "Account values are validated for format"', 'D19'],
  },
  {
    id: 'filter-deleted-card', family: 'filter-exactness', counterparts: [...counterparts, { tool: 'RESTler', name: 'UseAfterFree' }],
    sends: 'the cardId or card number of a card the customer deleted', appliesTo: anyFilter, asserts: () => 'rejected', backing: ['D19', 'D45'],
  },
  {
    // blind12: an accountId one character short of the customer's card matched it (LIKE 'value%'); a random GUID cut short names nothing.
    id: 'own-id-length-near-miss', family: 'filter-exactness', counterparts: [{ tool: 'RESTler', name: 'InvalidDynamicObject' }, { tool: 'CATS', name: 'StringFieldsRightBoundaryFuzzer' }],
    sends: 'a real id of the customer\'s (its customerId, its card\'s cardId, a transactionId of its history) one character short (a prefix of it), the rest of the request valid (one long: the field rules\' length violation)',
    appliesTo: namesByGuid, asserts: () => 'rejected',
    backing: ['interface.md "Guid is a 36-character string", the "36 | 36" length columns', 'D20 (a customer attribute\'s documented format)', 'D14'],
    oneCellPerRequest: true,
  },
  {
    // blind14: AccountIdFilter entries parsed with Guid.TryParse took the customer's card GUID without dashes; a random GUID
    // so written names nothing (D19 refuses it for that), so only a real id shows it, and in every cell a GUID names a resource.
    id: 'own-id-other-notation', family: 'filter-exactness',
    counterparts: [{ tool: 'RESTler', name: 'InvalidDynamicObject' }, { tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }],
    sends: 'a real id of the customer\'s (its customerId, its card\'s cardId, a transactionId of its history, an AccountIdFilter entry) in another notation a lenient GUID parser reads as the same id: without dashes (32 hex digits), in braces, in parentheses, one request each (not in another letter case: the document does not fix it)',
    appliesTo: (c) => namesByGuid(c) || (c.place === 'attribute' && c.resource === 'card-list'), asserts: () => 'rejected',
    backing: ['interface.md "Guid is a 36-character string", the "36 | 36" length columns, "Comma-separated list of card GUIDs", "Account values are validated for format"', 'D19', 'D20 (a customer attribute\'s documented format)', 'D14'],
    oneCellPerRequest: true,
  },
  {
    // blind20: authorization results cached under the masked number approved the declined card after its masked twin.
    id: 'masked-twin-of-refused-card', family: 'filter-exactness',
    counterparts: [{ tool: 'RESTler', name: 'InvalidDynamicObject' }, { tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }],
    sends: 'before each documented card refusal (the declined number, D15; a token of the denied BIN), a card the target accepts whose number or token has the refused card\'s masked form (the same first six and last four characters, others between): a decision cached under the masked form serves the refused card as that other card',
    appliesTo: authorizedCard, asserts: () => 'rejected',
    backing: ['interface.md States "authorization fails ... flagged invalid"', 'AddOrUpdateTokenizedCard "422 ... BAD_REQUEST when the account is not allowed in the network"', 'D15', 'D37 (a refusal of the twin is observed)'],
  },
];
