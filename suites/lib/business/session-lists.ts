import fc from 'fast-check';
import type { RequirementId } from '../../../contract/requirements.js';
import type { Exchange } from '../../../client/index.js';
import { genericRefusal } from '../../../checks/index.js';
import { alnumChars, guid, issuedNearMiss, issuedNearMisses, issuedNearMissText, plainText, stringOf, type AttributeItem, type IssuedNearMiss } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { genericOracles, judge, judgeRow, oracle } from '../judge/oracles.js';
import { scenario } from './fixtures.js';
import { enrollmentPayload, fixedCases, genericRequirements, rowRequirements, scenarioRuns } from './cases.js';
import { sattr, sendAfterObo, sessionList, sessionListFormat, ssoTokenName, withToken } from './session.js';
import { propertyTest } from '../runner/property-test.js';
import type { CaseOutcome } from '../runner/property.js';

/**
 * The list of AddSessionAttributes after a successful AuthenticateOBO (D19): an SsoToken the
 * target never issued is an invalid value (422 INVALID_INFORMATION, documented); a list without
 * SsoToken, or with a name that is not allowed, is refused, its status unspecified (a 4xx with
 * a JSON error body).
 */
const area = 'business-errors';
const allowedNames = sessionList.attributes!.allowed.map((a) => a.name.toLowerCase());

/** Never issued by any target: random text, or a GUID (tokens are random, so no target can have issued it). */
const neverIssuedToken = fc.oneof(stringOf({ chars: alnumChars, minLength: 32, maxLength: 43 }), guid());

/** A name no allowed one matches, even case-insensitively (a target may compare names so). */
const unknownName = fc.stringMatching(/^[A-Z][a-z]{2,12}[A-Z][a-z]{2,12}$/).filter((n) => !allowedNames.includes(n.toLowerCase()));

/** `item` put into `items` at `at` (modulo the length + 1). */
const insertAt = (items: readonly AttributeItem[], item: AttributeItem, at: number): AttributeItem[] => {
  const i = at % (items.length + 1);
  return [...items.slice(0, i), item, ...items.slice(i)];
};

/** The generic contract where D19 leaves the status open: a 4xx with a JSON error body, failing `requirement`. */
const refused = (ctx: HarnessContext, x: Exchange, requirement: RequirementId): CaseOutcome =>
  judge(x, { oracles: [oracle(genericRefusal, { operation: sattr.id, requirement }, requirement), ...genericOracles(ctx, x)] });

export function sessionListScenarios(ctx: HarnessContext, suiteFile: string): void {
  // Never issued, and the token just issued near-missed (operator issued-token-near-miss): every form in the coverage phase.
  const neverIssued = fc.tuple(enrollmentPayload(ctx), neverIssuedToken.chain((t) => withToken({ [ssoTokenName]: t })), fc.constant<IssuedNearMiss | undefined>(undefined));
  const nearMissed = (kind: IssuedNearMiss) => fc.tuple(enrollmentPayload(ctx), withToken(), fc.constant<IssuedNearMiss | undefined>(kind));
  const tokenCases = fc.oneof(neverIssued, ...issuedNearMisses.map(nearMissed));
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes after AuthenticateOBO refuses an SsoToken it never issued with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: rowRequirements('INVALID_INFORMATION'),
    arbitrary: fixedCases(tokenCases),
    examples: (seed) => [fc.sample(neverIssued, { seed, numRuns: 1 })[0]!, ...issuedNearMisses.map((k, i) => fc.sample(nearMissed(k), { seed: seed + i + 1, numRuns: 1 })[0]!)],
    numRuns: issuedNearMisses.length + scenarioRuns(ctx, true, 1),
    describe: ([, items, kind]) => `AuthenticateOBO, then AddSessionAttributes ${JSON.stringify(items)}${kind ? ` with the ${ssoTokenName} issued ${issuedNearMissText[kind]}` : ''}`,
    run: scenario(async ([enrollment, items, kind]) => {
      const judged = judgeRow(ctx, await sendAfterObo(ctx, enrollment, items, kind ? (t) => issuedNearMiss(t, kind) : undefined), 'INVALID_INFORMATION');
      return kind ? { ...judged, operatorPairs: [{ operator: 'issued-token-near-miss', cell: `${sattr.id} attribute ${ssoTokenName}` }] } : judged;
    }),
  });

  const withoutToken = withToken().map((items) => items.filter((a) => a.name !== ssoTokenName));
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes after AuthenticateOBO refuses a list without SsoToken (D19: a 4xx)', writes: true,
    requirements: ['SATTR-REQUIRED-ATTRIBUTES', ...genericRequirements],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withoutToken)), numRuns: scenarioRuns(ctx, true, 2),
    describe: ([, items]) => `AuthenticateOBO, then AddSessionAttributes ${JSON.stringify(items)} (no ${ssoTokenName})`,
    run: scenario(async ([enrollment, items]) => refused(ctx, await sendAfterObo(ctx, enrollment, items), 'SATTR-REQUIRED-ATTRIBUTES')),
  });

  const withUnknown = fc.tuple(withToken(), unknownName, plainText({ minLength: 1, maxLength: 40 }), fc.nat())
    .map(([items, name, value, at]) => insertAt(items, { name, value }, at));
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses an attribute name that is not allowed (D19: a 4xx)', writes: true,
    requirements: [sessionListFormat, ...genericRequirements],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withUnknown)), numRuns: scenarioRuns(ctx, true, 2),
    describe: ([, items]) => `AuthenticateOBO, then AddSessionAttributes ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items]) => refused(ctx, await sendAfterObo(ctx, enrollment, items), sessionListFormat)),
  });
}
