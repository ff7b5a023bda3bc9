/**
 * The operator catalogue (issue 27): every operator of every family, and the pairs it applies to.
 * A family adds its file here; `applicablePairs` is what the coverage table counts against.
 */
import { contractCells, type Cell } from './cells.js';
import type { Operator, OperatorFamily, OperatorPair } from './types.js';
import { valueNearMissOperators } from './value-near-miss.js';
import { dateWidthOperators } from './date-widths.js';
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
import { unknownResourceOperators } from './unknown-resource.js';
import { updatePathOperators } from './update-path.js';
import { valueClassOperators } from './value-classes.js';
import { validatorHabitOperators } from './validator-habits.js';
import { parserHabitOperators } from './parser-habits.js';
import { digitGroupOperators } from './digit-groups.js';
import { exponentNotationOperators } from './exponent-notation.js';
import { impossibleDateOperators } from './impossible-dates.js';

export * from './types.js';
export * from './cells.js';
export * from './predicates.js';

/** Every operator, family by family (each family's file appends its list here). */
export const operatorCatalogue: readonly Operator[] = [
  ...valueNearMissOperators, ...dateWidthOperators, ...enumerationOperators, ...valueRobustnessOperators, ...bodyMediaTypeOperators, ...listSizeOperators,
  ...headersSourceOperators, ...tokenForgeryOperators, ...objectOwnershipOperators, ...useAfterDeleteOperators,
  ...concurrencyOperators, ...filterExactnessOperators, ...jsonTypeOperators, ...unknownResourceOperators,
  ...updatePathOperators, ...valueClassOperators, ...validatorHabitOperators, ...parserHabitOperators, ...digitGroupOperators, ...exponentNotationOperators, ...impossibleDateOperators,
];

/**
 * Families sent by the scenario suites (allow list, bearer, sessions, ownership, use after delete,
 * concurrency, filters: suites/lib/access, ownership, concurrency), which record the pairs they
 * sent. A field-rule request cannot carry them (it is sent from the allowed address, with the
 * session's own token, on the fixture's state), so the field-rule suite leaves them out.
 */
export const scenarioFamilies: ReadonlySet<OperatorFamily> = new Set<OperatorFamily>(['headers-source', 'token-forgery', 'object-ownership', 'use-after-delete', 'concurrency', 'filter-exactness']);

/** The operators the field-rule suite sends (generators/operators/cases.ts). */
export const fieldRuleOperators: readonly Operator[] = operatorCatalogue.filter((o) => !scenarioFamilies.has(o.family));

/** Every operator x cell pair the catalogue applies to, over `cells` (the whole contract by default). */
export function applicablePairs(catalogue: readonly Operator[] = operatorCatalogue, cells: readonly Cell[] = contractCells()): OperatorPair[] {
  return catalogue.flatMap((o) => cells.filter((c) => o.appliesTo(c)).map((c) => ({ operator: o.id, cell: c.id })));
}
