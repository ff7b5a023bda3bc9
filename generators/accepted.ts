import type { Expectation } from './expectation.js';
import type { Operation } from '../contract/index.js';
import { errorRow } from '../contract/index.js';

/**
 * The Errors-table rows a valid payload of `op` may still meet for a documented reason (its
 * non-400 rows, e.g. 422 CUSTOMER_NOT_FOUND): their Problem shape is then checked. Codes the
 * document does not show (D15, D16: any target's own decline or duplicate codes) are not listed:
 * where the operation may decline or find a duplicate (`ownRefusals`), a refusal carrying one is
 * observed, never failed and never passed (D37); elsewhere it fails.
 */
export function allowedBusinessErrors(op: Operation): string[] {
  return op.errors.filter((e) => errorRow(e).status !== 400);
}

/** The expectation of a valid payload of `op`. */
export function acceptedExpectation(op: Operation): Expectation {
  return { kind: 'accepted', operation: op.id, allowedBusinessErrors: allowedBusinessErrors(op), ownRefusals: op.refusesForOwnReasons !== undefined };
}
