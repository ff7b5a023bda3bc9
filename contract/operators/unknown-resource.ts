/**
 * A well-formed identifier that names nothing on the target (RESTler InvalidDynamicObject, CATS
 * RandomResourcesFuzzer): a fresh GUID in every GUID input that names a customer, a card or a
 * transaction, of every operation. The document lists CUSTOMER_NOT_FOUND for two operations only;
 * for the others the answer to an unknown id is not shown (D30, D20), so only the generic contract
 * is asserted: never 5xx, a 4xx carries a JSON error body. A handler that reads the customer row
 * and dereferences it without a check answers 500 here, on whichever operation it sits.
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';
import { carriesValue } from './predicates.js';

/** A single GUID that names target state (a GUID list is a session filter: D19 refuses it, session-filters.ts sends it). */
const namesStateByGuid = (c: Cell): boolean => carriesValue(c) && c.format === 'guid' && c.resource !== undefined;

export const unknownResourceOperators: readonly Operator[] = [
  {
    id: 'unknown-resource-id', family: 'unknown-resource',
    counterparts: [{ tool: 'RESTler', name: 'InvalidDynamicObject' }, { tool: 'CATS', name: 'RandomResourcesFuzzer' }],
    sends: 'a well-formed GUID of no customer, card or transaction, the rest of the request valid',
    appliesTo: namesStateByGuid, asserts: () => 'open', backing: ['D30', 'D20'],
    // A target stops at the first id it cannot find: a second unknown id in the same request might never be read.
    oneCellPerRequest: true,
  },
];
