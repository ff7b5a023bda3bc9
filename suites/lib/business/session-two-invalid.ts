import fc from 'fast-check';
import { errorRow } from '../../../contract/index.js';
import { finding, hasResponse } from '../../../checks/support.js';
import { problemMember } from '../../../checks/error-row.js';
import { detailNames } from '../../../checks/problem-detail.js';
import type { Oracle } from '../../../oracles/judge.js';
import type { HarnessContext } from '../runner/context.js';
import { judgeRow } from '../judge/oracles.js';
import { propertyTest } from '../runner/property-test.js';
import { scenario } from './fixtures.js';
import { enrollmentPayload, fixedCases, rowRequirements, scenarioRuns } from './cases.js';
import { idFilter, ownCardSlot, sattr, sendAfterObo, ssoTokenName, withToken } from './session.js';

/**
 * Two attributes of one AddSessionAttributes, each invalid by the document's words whatever the
 * other holds: an SsoToken no AuthenticateOBO issued ("Token from AuthenticateOBO") and an
 * AccountIdFilter that is no list of GUIDs ("validated for format"). D19 has each a 422
 * INVALID_INFORMATION, and the row's "detail names the invalid fields" then names both (blind11:
 * a refusal that stopped at the first invalid attribute named one). Which other items a target
 * names is its own judgement: only these two are required.
 */
const area = 'business-errors';
const row = errorRow('INVALID_INFORMATION');
const invalid = [ssoTokenName, idFilter] as const;

const namesEach: Oracle = {
  id: 'detailNamesEachInvalidItem', requirements: [row.requirement],
  // The row's status and code are statusMatches' and titleAndCodeMatch's concern; this reads the detail of the row's answer.
  applies: (x) => hasResponse(x) && x.response.status === row.status,
  run: (x) => {
    const detail = hasResponse(x) ? problemMember(x, 'detail') : undefined;
    const missing = invalid.filter((n) => !detailNames(detail, n));
    if (missing.length === 0) return [];
    return [finding('detailNamesEachInvalidItem', row.requirement, sattr.id, {
      title: 'Problem detail leaves an invalid field unnamed',
      received: `detail ${JSON.stringify(detail)}, naming neither ${missing.join(' nor ')}`,
      documented: `"detail names the invalid fields": ${invalid.join(' and ')} were both invalid (${row.condition})`,
      key: ['unnamed'],
    }, x)];
  },
};

export function twoInvalidItemsScenario(ctx: HarnessContext, suiteFile: string): void {
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes names both invalid attributes of one request in its 422 INVALID_INFORMATION detail (D19)', writes: true,
    requirements: rowRequirements('INVALID_INFORMATION'),
    // The SsoToken a fresh GUID (ownCardSlot.strangerId, made new when sent), never one AuthenticateOBO issued.
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withToken({ [ssoTokenName]: ownCardSlot.strangerId, [idFilter]: 'not-a-card-id' }))),
    numRuns: scenarioRuns(ctx, true, 1),
    describe: ([, items]) => `${ssoTokenName} of no AuthenticateOBO and ${idFilter} "not-a-card-id", in ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items]) => judgeRow(ctx, await sendAfterObo(ctx, enrollment, items), 'INVALID_INFORMATION', { extra: [namesEach] })),
  });
}
