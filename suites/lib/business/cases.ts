import fc from 'fast-check';
import { errorRow, operation, type ErrorKey, type Operation, type RequirementId } from '../../../contract/index.js';
import { sampleOne, validPayload, wireName, type Payload, type PayloadOptions } from '../../../generators/index.js';
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

/**
 * The payload paths a business refusal is sent on (issue 27, blind7): a minimal payload and one
 * with every optional member filled with a non-empty valid value. A target whose refusal is checked
 * on one code path only (a referral enrolment, a card with a cardholder name) shows on the other.
 */
export interface PayloadPaths {
  readonly minimal: fc.Arbitrary<Payload>;
  readonly full: fc.Arbitrary<Payload>;
}

export function payloadPaths(ctx: HarnessContext, op: Operation, fixed: Record<string, unknown> = {}): PayloadPaths {
  const options = scenarioOptions(ctx, op, fixed);
  const optional = op.fields.filter((f) => !f.required && f.in === 'body').map((f) => wireName(f, options));
  const filled = (p: Payload) => optional.every((k) => p.body?.[k] !== undefined && p.body[k] !== '');
  return { minimal: validPayload(op, options), full: validPayload(op, { ...options, includeOptional: true }).filter(filled) };
}

/** One case per path, whatever the seed (the coverage phase): a refusal is never met on one path only by chance. */
export const bothPaths = (paths: PayloadPaths) => (seed: number): Payload[] => [sampleOne(paths.minimal, seed), sampleOne(paths.full, seed)];
