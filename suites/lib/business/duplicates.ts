import fc from 'fast-check';
import { operation } from '../../../contract/index.js';
import { legacyOrProblemError } from '../../../checks/index.js';
import { sampleOne, wireName, type Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { combine, genericOracles, judge, oracle } from '../judge/oracles.js';
import { enrollFrom, scenario, scenarioCustomerOf, sendEnrollment, type TaxpayerKind } from './fixtures.js';
import { enrollmentPayload, fixedCases, genericRequirements, payloadPaths, scenarioRuns } from './cases.js';
import { enrolmentOutcome } from './customers.js';
import { refusedEnrolmentUnfound } from './refused-trace.js';
import { freshValues } from '../state/fresh.js';
import { runTag } from '../state/setup-call.js';
import { propertyTest } from '../runner/property-test.js';
import type { CaseOutcome } from '../runner/property.js';

const area = 'business-errors';
const enroll = operation('EnrollCustomer');

/** The two kinds of taxpayer number (FindCustomer: "9-digit SSN or ITIN"), each the original of one case. */
const taxpayerKinds: readonly TaxpayerKind[] = ['SSN', 'ITIN'];
interface DuplicateCase { readonly kind: TaxpayerKind; readonly original: Payload; readonly minimal: Payload; readonly full: Payload }

/**
 * EnrollCustomer refuses an SSN or an e-mail already in use with an error code and message (D16):
 * an SSN customer and an ITIN customer (one case each, whatever the seed), each key reused on both
 * payload paths, minimal and with every optional member filled (a referral enrolment, blind7). The
 * refused duplicates create nothing, read back by FindCustomer (refused-trace.ts); the originals are the D9 scenario's two customers (fixtures.ts
 * scenarioCustomerOf), or two of the scenario's own where that one did not run.
 */
export function duplicateEnrollmentScenario(ctx: HarnessContext, suiteFile: string): void {
  const ssnKey = enroll.fields.find((f) => f.format === 'ssn')!.name;
  const emailKey = wireName(enroll.fields.find((f) => f.format === 'email')!, { emailKey: ctx.profile.emailKey });
  const paths = payloadPaths(ctx, enroll, { lastName: runTag(ctx) });
  const arbitrary = fc.record({ kind: fc.constantFrom(...taxpayerKinds), original: enrollmentPayload(ctx), minimal: paths.minimal, full: paths.full });
  propertyTest(ctx, suiteFile, {
    area, operation: enroll.id, name: 'EnrollCustomer refuses a duplicate SSN and a duplicate e-mail with an error code (D16)', writes: true,
    requirements: ['ENROLL-DUPLICATE', ...genericRequirements],
    arbitrary: fixedCases(arbitrary), numRuns: scenarioRuns(ctx, true, 2),
    examples: (seed) => taxpayerKinds.map((kind, i) => ({ ...sampleOne(arbitrary, seed + i), kind })),
    describe: (c: DuplicateCase) => `an enrolment (${c.kind}; the D9 scenario's where it made one), then its ${c.kind} and its e-mail reused, each in a minimal payload and one with every optional member\n  input: ${JSON.stringify(c)}`,
    run: scenario(async ({ kind, original: first, minimal, full }: DuplicateCase) => {
      const session = await ctx.session();
      // The D9 scenario's customer of this kind where it enrolled one in this run (issue 30 item 6); else one of its own.
      const enrolled = scenarioCustomerOf(ctx, kind);
      const original = enrolled ?? (await enrollFrom(ctx, session, first, () => (kind === 'ITIN' ? { ssn: freshValues(ctx).itin() } : {})));
      const duplicate = oracle(legacyOrProblemError, { operation: enroll.id, requirement: 'ENROLL-DUPLICATE' }, 'ENROLL-DUPLICATE');
      // An enrolment another scenario made was judged there.
      const parts: CaseOutcome[] = enrolled ? [] : [enrolmentOutcome(ctx, original.exchange)];
      const stop = () => parts.at(-1)!.broken || parts.at(-1)!.findings.length > 0;
      for (const [k, key] of [ssnKey, emailKey].entries()) {
        for (const [p, payload] of [minimal, full].entries()) {
          const x = await sendEnrollment(ctx, session, payload, { [key]: original.body[key] });
          parts.push(judge(x, { oracles: [duplicate, ...genericOracles(ctx, x)] }));
          if (stop()) return combine(parts);
          // The refusal left no customer (refused-trace.ts): one refusal read back per case, the SSN case's duplicate
          // SSN on the minimal path, the ITIN case's duplicate e-mail with every optional member: each row at two lookups a run.
          if (k !== taxpayerKinds.indexOf(kind) || p !== k) continue;
          parts.push(await refusedEnrolmentUnfound(ctx, session, x, original.customerId, `an enrolment refused for its ${k === 0 ? 'SSN' : 'e-mail'} (${p === 0 ? 'minimal' : 'every optional member'})`));
          if (stop()) return combine(parts);
        }
      }
      return combine(parts);
    }),
  });
}
