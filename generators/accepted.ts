import type { Expectation } from './expectation.js';
import type { Operation } from '../contract/index.js';
import { errorRow, referenceOnlyErrors, requirements } from '../contract/index.js';

/**
 * errorCodes a valid payload of `op` may still meet for a documented business reason:
 * its non-400 Errors-table rows, plus the legacy codes of decisions (D15, D16) tied to
 * one of its requirements.
 */
export function allowedBusinessErrors(op: Operation): string[] {
  const rows = op.errors.filter((e) => errorRow(e).status !== 400);
  const decisions = new Set(requirements.filter((r) => r.operation === op.id || r.section === op.section).flatMap((r) => r.decisions ?? []));
  const legacy = Object.values(referenceOnlyErrors)
    .filter((e) => 'legacyCode' in e && decisions.has(e.decision))
    .map((e) => (e as { legacyCode: string }).legacyCode);
  return [...rows, ...legacy];
}

/** The expectation of a valid payload of `op`. */
export function acceptedExpectation(op: Operation): Expectation {
  return { kind: 'accepted', operation: op.id, allowedBusinessErrors: allowedBusinessErrors(op) };
}
