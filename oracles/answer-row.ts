import { errorRow, operations as contractOperations, type ErrorRow, type Operation } from '../contract/index.js';
import type { Exchange } from '../client/index.js';
import {
  genericRefusal, instanceIsRequestPath, legacyOrProblemError, problemShape, refusalCarriesNoAnswer, refusedSessionUnusable,
  statusMemberMatches, titleAndCodeMatch, typeNamesRfcSection, validationProblemShape,
} from '../checks/index.js';
import { errorBodyIsJson } from '../checks/error-body.js';
import { businessErrorCode } from '../checks/error-row.js';
import type { Responded } from '../checks/support.js';
import type { FindingCheckId } from '../checks/finding.js';

/**
 * The row an error answer carries, judged wherever the answer was received (blind10: a network
 * refusal on the update path was checked for its status and code only, and its Problem had no
 * `detail`). An answer whose status and code are a row of the Errors table its operation lists
 * is that row, so its documented members are: type, title, status, detail, instance and errorCode
 * agree with the row, as the field rules judge them for the same row (the same checks, under the
 * row's 'problem' Expectation). A 400 carrying `validationErrors` is the validation row.
 * Nothing else: a code the table does not list (D15/D16 legacy, D30, D37) names no row.
 */

/** The Problem-member checks of a documented row: what the Errors part says of every such body (not which fields a detail names). */
export const rowShapeChecks = [problemShape, validationProblemShape, typeNamesRfcSection, titleAndCodeMatch, statusMemberMatches, instanceIsRequestPath] as const;

/**
 * Oracles that leave the answer's row open: the register asks of it only a 4xx with a JSON
 * error body (D4, D19, D20, D30: genericRefusal, errorBodyIsJson) or a code in the legacy shape
 * or a Problem (D15, D16: legacyOrProblemError), or that ask of a refusal only what it does not
 * grant (D4, D25: refusedSessionUnusable, refusalCarriesNoAnswer). Beside them the judge adds no row of its own.
 */
export const rowOpenChecks: readonly FindingCheckId[] = [genericRefusal.id, errorBodyIsJson.id, legacyOrProblemError.id, refusedSessionUnusable.id, refusalCarriesNoAnswer.id];

/** The Errors-table row `x` answers with, among the rows its operation lists; undefined for any other answer. */
export function answeredRow(x: Exchange, ops: readonly Operation[] = contractOperations): ErrorRow | undefined {
  const status = x.response?.status;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const listed = ops.find((o) => o.id === x.request.operation)?.errors ?? [];
  const json = x.response!.json;
  const body = json !== null && typeof json === 'object' && !Array.isArray(json) ? json as Record<string, unknown> : undefined;
  if (!body) return undefined;
  if (status === 400 && body.validationErrors !== undefined) return listed.includes('VALIDATION') ? errorRow('VALIDATION') : undefined;
  const code = businessErrorCode(x as Responded);
  const key = listed.find((k) => errorRow(k).errorCode === code && errorRow(k).status === status);
  return key ? errorRow(key) : undefined;
}
