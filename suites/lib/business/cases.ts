import fc from 'fast-check';
import { errorRow, operation, type ErrorKey, type Operation, type RequirementId } from '../../../contract/index.js';
import { validPayload, type Payload, type PayloadOptions } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { stateFields } from '../state/case-state.js';
import { runTag } from '../state/setup-call.js';

/** Requirement lists and generated inputs shared by the business scenarios. */

export const genericRequirements = ['GEN-NO-5XX', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'] as const;

/** What a Problem of an Errors-table row is checked for besides its status (checks/problem-shape.ts, problem-members.ts, problem-instance.ts). */
export const rowShapeRequirements = ['ERR-PROBLEM-SHAPE', 'ERR-TYPE-URL', 'ERR-TITLE-CODE', 'ERR-STATUS-MEMBER', 'ERR-INSTANCE'] as const;

/** The row's own requirement, its shape requirements and the generic ones. */
export const rowRequirements = (row: ErrorKey): RequirementId[] => [errorRow(row).requirement, ...rowShapeRequirements, ...genericRequirements];

/** Scenario cases are few and make target state: not shrunk, so a failure does not enrol dozens more customers. */
export const fixedCases = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.noShrink(arb);

/** Runs of a scenario: a handful, never more than the profile allows. */
export function scenarioRuns(ctx: HarnessContext, writes: boolean, most: number): number {
  return Math.max(1, Math.min(most, ctx.profile.runs, writes ? ctx.profile.writeRuns : ctx.profile.runs));
}

/** Options of a valid payload of `op` whose state fields are stand-ins (case-state.ts), tagged with the run. */
export function scenarioOptions(ctx: HarnessContext, op: Operation, fixed: Record<string, unknown> = {}): PayloadOptions {
  const tag = op.fields.some((f) => f.name === 'cardNickname') ? { cardNickname: runTag(ctx) } : {};
  return { fixed: { ...stateFields(op), ...tag, ...fixed }, emailKey: ctx.profile.emailKey, includeOptional: false };
}

/** An EnrollCustomer payload with a fresh-identity stand-in (replaced by a new SSN and e-mail when sent). */
export function enrollmentPayload(ctx: HarnessContext): fc.Arbitrary<Payload> {
  const op = operation('EnrollCustomer');
  return validPayload(op, scenarioOptions(ctx, op, { lastName: runTag(ctx) }));
}

/** The name of the one field of `op` with format `format` (no field name typed twice). */
export function fieldWithFormat(op: Operation, format: string): string {
  const field = op.fields.find((f) => f.format === format);
  if (!field) throw new Error(`contract: ${op.id} has no field of format ${format}`);
  return field.name;
}
