/**
 * The operator catalogue (issue 27): every operator of every family, and the pairs it applies to.
 * A family adds its file here; `applicablePairs` is what the coverage table counts against.
 */
import { contractCells, type Cell } from './cells.js';
import type { Operator, OperatorFamily, OperatorPair } from './types.js';
import { valueNearMissOperators } from './value-near-miss.js';
import { enumerationOperators } from './enumerations.js';
import { valueRobustnessOperators } from './value-robustness.js';
import { bodyMediaTypeOperators } from './body-media-type.js';
import { listSizeOperators } from './list-size.js';
import { headersSourceOperators } from './headers-source.js';
import { tokenForgeryOperators } from './token-forgery.js';
import { objectOwnershipOperators } from './object-ownership.js';
import { useAfterDeleteOperators } from './use-after-delete.js';
import { concurrencyOperators } from './concurrency.js';
import { filterExactnessOperators } from './filter-exactness.js';
import { jsonTypeOperators } from './json-type.js';

export * from './types.js';
export * from './cells.js';
export * from './predicates.js';

/** Every operator, family by family (each family's file appends its list here). */
export const operatorCatalogue: readonly Operator[] = [
  ...valueNearMissOperators, ...enumerationOperators, ...valueRobustnessOperators, ...bodyMediaTypeOperators, ...listSizeOperators,
  ...headersSourceOperators, ...tokenForgeryOperators, ...objectOwnershipOperators, ...useAfterDeleteOperators,
  ...concurrencyOperators, ...filterExactnessOperators, ...jsonTypeOperators,
];

/**
 * The families the field-rule suite sends, as values, bodies and lists of one operation's request
 * (generators/operators/). The others need a session, a token, an address, a second customer or
 * two requests at once, and their own suites send them (bearer, sessions, transport, ownership,
 * concurrency): a plain valid request would apply none of them, so it must never count as their pair.
 */
export const fieldOperatorFamilies: readonly OperatorFamily[] = ['value-near-miss', 'value-robustness', 'body-media-type', 'list-size', 'json-type'];

/** The operators the field-rule suite sends. */
export const fieldOperators: readonly Operator[] = operatorCatalogue.filter((o) => fieldOperatorFamilies.includes(o.family));

/** Every operator x cell pair the catalogue applies to, over `cells` (the whole contract by default). */
export function applicablePairs(catalogue: readonly Operator[] = operatorCatalogue, cells: readonly Cell[] = contractCells()): OperatorPair[] {
  return catalogue.flatMap((o) => cells.filter((c) => o.appliesTo(c)).map((c) => ({ operator: o.id, cell: c.id })));
}
