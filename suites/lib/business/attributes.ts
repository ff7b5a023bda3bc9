import fc from 'fast-check';
import { errorRow, operation } from '../../../contract/index.js';
import { genericRefusal, transportBroken } from '../../../checks/index.js';
import { businessErrorCode } from '../../../checks/error-row.js';
import { guid, validPayload, type Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { combine, genericOracles, judge, judgeRow, oracle } from '../judge/oracles.js';
import type { CaseOutcome } from '../runner/property.js';
import { scenario } from './fixtures.js';
import { enrollmentPayload, fixedCases, rowRequirements, scenarioRuns } from './cases.js';
import { twoInvalidItemsScenario } from './session-two-invalid.js';
import { idFilter, numberFilter, ownCardSlot, sattr, sendAfterObo, withToken } from './session.js';
import { sessionFilterScenarios } from './session-filters.js';
import { sessionListScenarios } from './session-lists.js';
import { propertyTest } from '../runner/property-test.js';

const area = 'business-errors';
const cattr = operation('AddCustomerAttributes');
const notFound = errorRow('CUSTOMER_NOT_FOUND');
const customerIdName = cattr.fields[0]!.attributes!.allowed.find((a) => a.valueFormat === 'guid')!.name;

/**
 * AddSessionAttributes after a successful AuthenticateOBO (D19): both filters at once, and an
 * AccountIdFilter GUID that is not the customer's card, are 422 INVALID_INFORMATION; then the
 * filter values (business-session-filters.ts) and the list itself (business-session-lists.ts).
 */
export function sessionAttributeScenarios(ctx: HarnessContext, suiteFile: string): void {
  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses both filters at once with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: ['SATTR-FILTERS', ...rowRequirements('INVALID_INFORMATION')],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withToken(), fc.boolean())), numRuns: scenarioRuns(ctx, true, 2),
    describe: ([, items, first]) => `the customer's own card in both filters (${first ? 'first' : 'last'}, in both orders) with ${JSON.stringify(items.map((i) => i.name))}`,
    run: scenario(async ([enrollment, items, first]) => {
      const filters = [{ name: idFilter, value: ownCardSlot.cardId }, { name: numberFilter, value: ownCardSlot.cardNumber }];
      // Member order in a list: a check written as "an id filter, then a number filter" misses the other order.
      const parts: CaseOutcome[] = [];
      for (const order of [filters, [...filters].reverse()]) {
        const x = await sendAfterObo(ctx, enrollment, first ? [...order, ...items] : [...items, ...order]);
        parts.push(judgeRow(ctx, x, 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] }));
        if (parts.at(-1)!.broken || parts.at(-1)!.findings.length) break;
      }
      return combine(parts);
    }),
  });

  propertyTest(ctx, suiteFile, {
    area, operation: sattr.id, name: 'AddSessionAttributes refuses an AccountIdFilter naming no card of the customer with 422 INVALID_INFORMATION (D19)', writes: true,
    requirements: ['SATTR-FILTERS', ...rowRequirements('INVALID_INFORMATION')],
    arbitrary: fixedCases(fc.tuple(enrollmentPayload(ctx), withToken({ [idFilter]: ownCardSlot.strangerId }))), numRuns: scenarioRuns(ctx, true, 2),
    describe: ([, items]) => `AddSessionAttributes ${JSON.stringify(items)}`,
    run: scenario(async ([enrollment, items]) => judgeRow(ctx, await sendAfterObo(ctx, enrollment, items), 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] })),
  });

  sessionFilterScenarios(ctx, suiteFile);
  twoInvalidItemsScenario(ctx, suiteFile);
  sessionListScenarios(ctx, suiteFile);
}

/**
 * AddCustomerAttributes with a CustomerId attribute naming no customer. D20's harness column
 * does not assert the refusal (422 CUSTOMER_NOT_FOUND is the reference default only), so only
 * the generic contract is checked and the answer is recorded as observed; where the target
 * answers with the CUSTOMER_NOT_FOUND row, that row's documented shape is checked.
 */
export function unknownCustomerAttributesScenario(ctx: HarnessContext, suiteFile: string): void {
  propertyTest(ctx, suiteFile, {
    area, operation: cattr.id, name: 'AddCustomerAttributes with a CustomerId of no customer (D20: observed)', writes: true,
    requirements: rowRequirements('CUSTOMER_NOT_FOUND'),
    arbitrary: fixedCases(guid().chain((g) => validPayload(cattr, { fixed: { [customerIdName]: g } }))), numRuns: scenarioRuns(ctx, true, 2),
    describe: (p) => `AddCustomerAttributes ${JSON.stringify(p)}`,
    run: scenario(async (input: Payload) => {
      const x = await ctx.client.call(cattr.id, input, { session: await ctx.session() });
      if (transportBroken(x)) return judge(x, { oracles: [] });
      const { status } = x.response!;
      const code = businessErrorCode(x as never);
      if (status === notFound.status && code === notFound.errorCode)
        return { ...judgeRow(ctx, x, notFound.key), observed: { [notFound.requirement]: `AddCustomerAttributes with a CustomerId of no customer answers ${status} ${code} (D20)` } };
      const refusal = status >= 400 && status < 500 ? [oracle(genericRefusal, { operation: cattr.id, requirement: 'GEN-JSON-BODY' }, 'GEN-JSON-BODY')] : [];
      const judged = judge(x, { oracles: [...refusal, ...genericOracles(ctx, x)] });
      return { ...judged, observed: { [notFound.requirement]: `AddCustomerAttributes with a CustomerId of no customer answers ${status}${code ? ` ${code}` : ''} (D20: not asserted)` } };
    }),
  });
}
