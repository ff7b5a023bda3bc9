/**
 * A deleted card used again (RESTler UseAfterFree, CATS CheckDeletedResourcesNotAvailableFuzzer;
 * D30, States "Adding the same card again creates a different card entry").
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';

const counterparts = [
  { tool: 'RESTler', name: 'UseAfterFree' },
  { tool: 'CATS', name: 'CheckDeletedResourcesNotAvailableFuzzer' },
] as const;

export const useAfterDeleteOperators: readonly Operator[] = [
  {
    id: 'deleted-card-id', family: 'use-after-delete', counterparts,
    sends: 'the cardId of a card this customer deleted: deleted again, as accountId, as AccountIdFilter',
    appliesTo: (c: Cell) => c.resource === 'card' || c.resource === 'card-list',
    // D30 leaves the answer open (an idempotent delete, a deleted card's history kept); D19 refuses the filter.
    asserts: (c) => (c.place === 'attribute' ? 'rejected' : 'open'), backing: ['D30', 'D19', 'D21'],
  },
  {
    id: 'deleted-card-added-again', family: 'use-after-delete', counterparts,
    sends: 'the card number or token of a deleted card, added again with the same data',
    appliesTo: (c: Cell) => c.place === 'body' && (c.resource === 'card-number' || c.resource === 'card-token'),
    asserts: () => 'served-as-valid', backing: ['States: DeleteCard'],
  },
];
