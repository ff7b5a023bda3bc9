import fc from 'fast-check';
import { afterAll, describe } from 'vitest';
import { errorRow, fieldRequirementId, requirements, successRequirementId, type Field, type Operation, type RequirementId } from '../../../contract/index.js';
import { fieldRuleRequirementsFor } from '../../../checks/index.js';
import {
  acceptedExpectation, boundaryCoverage, boundaryValidCases, fieldViolations, isolatedCoverage, isolatedRuleCases,
  multiViolations, openValueArbitrary, validPayload, violationCoverage,
  type GeneratedCase, type PayloadOptions,
} from '../../../generators/index.js';
import type { OperatorCase } from '../../../generators/operators/cases.js';
import { fieldRulePlan } from '../../../generators/operators/plan.js';
import { operatorCatalogue } from '../../../contract/operators/index.js';
import { mayWrite } from '../state/setup-call.js';
import type { HarnessContext } from '../runner/context.js';
import { removeAddedCards } from '../state/cards.js';
import { stateFields } from '../state/case-state.js';
import { judgeOptions, sendCase } from './send-case.js';
import { sendViolation } from './missing-on-state.js';
import { fieldCaseExpected } from '../../../oracles/field-case.js';
import { expectedRows } from '../../../oracles/judge.js';
import { propertyTest } from '../runner/property-test.js';
import { tallyRefusals } from '../../../oracles/refusals.js';

const generic: RequirementId[] = ['GEN-NO-5XX', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'];
/** A violation's answer: the 400 row (the judge adds it on a 400), and what the field-rule checks judge on a validation case. */
const errorShape = [errorRow('VALIDATION').requirement, ...fieldRuleRequirementsFor('validation')];

const fieldRequirementIds = (op: Operation, field: Field): RequirementId[] =>
  requirements.filter((r) => r.operation === op.id && r.id.startsWith(fieldRequirementId(op, field, 'TYPE').replace(/-TYPE$/, '-'))).map((r) => r.id);

/**
 * The field-rule suite of one operation, derived from its contract entry alone: valid
 * payloads are accepted, exact bounds are accepted, every field's violations are rejected
 * with the documented status, shape and key (a length or format rule also broken alone), and
 * several at once name every field (D14).
 * An operation added to contract/ gets this suite without new code.
 */
export function fieldRuleSuite(ctx: HarnessContext, suiteFile: string, op: Operation): void {
  const options: PayloadOptions = { fixed: stateFields(op), emailKey: ctx.profile.emailKey };
  const { runs, writeRuns } = ctx.profile;
  const area = 'field-rules';
  const describeCase = (c: GeneratedCase) => `${c.description}\n  input: ${JSON.stringify(c.input)}`;
  const validRuns = op.writes ? Math.min(writeRuns, runs) : runs;
  // A case that broke before its exchange (its session or fixture) and stayed broken leaves its own rows broken.
  const rowsOf = (c: GeneratedCase) => expectedRows(fieldCaseExpected(c.expectation, judgeOptions(ctx)));
  // A case makes its own state (a fresh identity, a fresh card) or reads the worker's fixtures, so
  // cases may be in flight together; one that needs the session's newest ssoToken waits its turn (sendCase).
  const independentCases = true;

  // A case on the update path or on existing records (sentOn) needs a card added or a customer enrolled first: never on production (mayWrite).
  const writesState = new Set(operatorCatalogue.filter((o) => o.sentOn !== undefined).map((o) => o.id));
  const runnable = (c: OperatorCase) => mayWrite(ctx) || !c.pairs.some((p) => writesState.has(p.operator));

  describe(`${op.id} field rules`, () => {
    afterAll(() => removeAddedCards(ctx));

    // A write's valid payloads are its bounds (issue 30 item 6): an accepted EnrollCustomer is a customer for good, and
    // the payload of every lowest bound and the one of every highest are valid payloads, so they are this property's
    // coverage phase, and CONFORMANCE_WRITE_RUNS (coverage cases included) leaves no random one beside them by default.
    // A media type served as valid rides on a bounds payload (generators/operators/riders.ts), and on an enrolment open
    // values in the members the bounds leave as generated (open-riders.ts): one request, one customer, for them all.
    const bounds = boundaryValidCases(op, options);
    const boundsAreValid = op.writes && bounds !== undefined;
    const planOf = (seed: number) => fieldRulePlan(op, options, seed, runnable);
    propertyTest(ctx, suiteFile, {
      area, operation: op.id, independentCases, name: `${op.id}: a valid payload is accepted`, writes: op.writes,
      requirements: ['GEN-VALID-ACCEPTED', successRequirementId(op), ...generic],
      arbitrary: validPayload(op, options).map((input): GeneratedCase => ({ input, expectation: acceptedExpectation(op), description: `${op.id}: valid payload` })),
      ...(boundsAreValid ? { examples: (seed: number) => planOf(seed).bounds } : {}),
      numRuns: validRuns,
      describe: describeCase, rowsOf,
      run: tallyRefusals(op.id, (c: GeneratedCase) => sendCase(ctx, op, c, 'valid')),
    });

    if (bounds && !boundsAreValid)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: values at their exact bounds are accepted`, writes: op.writes,
        requirements: ['GEN-VALID-ACCEPTED', ...generic],
        arbitrary: bounds, examples: (seed) => boundaryCoverage(op, options, seed), numRuns: validRuns, describe: describeCase, rowsOf,
        run: tallyRefusals(op.id, (c: GeneratedCase) => sendCase(ctx, op, c, 'valid')),
      });

    for (const field of op.fields)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: violations of ${field.name} are rejected`,
        requirements: [...fieldRequirementIds(op, field), ...errorShape, ...generic],
        arbitrary: fieldViolations(op, field, options), examples: (seed) => violationCoverage(op, field, options, seed),
        numRuns: runs, describe: describeCase, rowsOf,
        // A member left out is sent beside real resources (missing-on-state.ts): made-up ids would be refused anyway.
        run: (c) => sendViolation(ctx, op, c),
      });

    // Breaks a service checking only the other rule lets through; few kinds, so each is met in a few runs.
    const isolated = isolatedRuleCases(op, options);
    if (isolated)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: a length or format rule broken alone is rejected`,
        requirements: [...op.fields.flatMap((f) => fieldRequirementIds(op, f)).filter((id) => /-(LENGTH|FORMAT)$/.test(id)), ...errorShape, ...generic],
        arbitrary: isolated, examples: (seed) => isolatedCoverage(op, options, seed), numRuns: runs, describe: describeCase, rowsOf,
        run: (c) => sendCase(ctx, op, c, 'violation'),
      });

    // D38-D40: what the document leaves open is sent to be observed; only the answer's form is judged. On an enrolment the
    // values share requests with open operator values (plan.ts), and this property sends the requests that hold them.
    const open = planOf(0).openValues;
    if (open.length)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: values the document leaves open are answered within the generic contract`, writes: op.writes,
        requirements: [...generic, 'ERR-VALIDATION'],
        arbitrary: openValueArbitrary(open), examples: (seed) => planOf(seed).openValues, numRuns: 0, describe: describeCase,
        run: (c: GeneratedCase) => sendCase(ctx, op, c, 'valid'),
      });

    // Issue 27: every operator of the catalogue in every cell of this operation it applies to, each
    // pair in the coverage phase (so whatever the seed); rejected values share a request (D14).
    // Cases that need state never go on production (runnable); media types served as valid ride on a write's bounds payloads.
    const { rejected, answered } = planOf(0);
    const refusedRows = [...new Set(rejected.flatMap((c) => (c.expectation.kind === 'refused' ? [c.expectation.requirement] : [])))];
    if (rejected.length)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: operator values the register rejects are rejected`,
        requirements: [...op.fields.flatMap((f) => fieldRequirementIds(op, f)), ...errorShape, 'ERR-KEYS-COMPLETE', ...refusedRows, ...generic],
        arbitrary: fc.constantFrom(...rejected), examples: (seed) => planOf(seed).rejected,
        numRuns: 0, describe: describeCase, rowsOf,
        run: (c: OperatorCase) => sendCase(ctx, op, c, 'violation'),
      });
    if (answered.length)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: operator values and bodies the register leaves open or allows are answered as such`, writes: op.writes,
        requirements: [...generic, 'ERR-VALIDATION', 'GEN-VALID-ACCEPTED', successRequirementId(op)],
        arbitrary: fc.constantFrom(...answered), examples: (seed) => planOf(seed).answered,
        numRuns: 0, describe: describeCase,
        run: (c: OperatorCase) => sendCase(ctx, op, c, 'valid'),
      });

    const several = multiViolations(op, options);
    if (several)
      propertyTest(ctx, suiteFile, {
        area, operation: op.id, independentCases, name: `${op.id}: several violations at once name every field`,
        requirements: ['ERR-KEYS-COMPLETE', 'ERR-VALIDATION', ...generic],
        arbitrary: several, numRuns: runs, describe: describeCase, rowsOf,
        run: (c) => sendCase(ctx, op, c, 'violation'),
      });
  });
}

