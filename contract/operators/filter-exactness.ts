/**
 * Filter values close to, but not, the customer's own card (D19, D45): a session filter matches
 * whole values only.
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';

const counterparts = [{ tool: 'RESTler', name: 'InvalidDynamicObject' }] as const;
const numberFilter = (c: Cell) => c.place === 'attribute' && c.resource === 'card-number-list';
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
    id: 'filter-deleted-card', family: 'filter-exactness', counterparts: [...counterparts, { tool: 'RESTler', name: 'UseAfterFree' }],
    sends: 'the cardId or card number of a card the customer deleted', appliesTo: anyFilter, asserts: () => 'rejected', backing: ['D19', 'D45'],
  },
];
