import fc from 'fast-check';
import { operation } from '../../../contract/index.js';
import { legacyOrProblemError } from '../../../checks/index.js';
import type { Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { genericOracles, judge, judgeRow, oracle } from '../judge/oracles.js';
import { rememberListedCards, scenario } from './fixtures.js';
import { bothPaths, fieldWithFormat, fixedCases, genericRequirements, payloadPaths, rowRequirements, scenarioRuns } from './cases.js';
import { withState } from '../state/case-state.js';
import { afterMaskedTwin, serveMaskedTwin } from './masked-twin.js';
import { propertyTest } from '../runner/property-test.js';

const area = 'business-errors';
const card = operation('AddOrUpdateCard');
const tokenized = operation('AddOrUpdateTokenizedCard');
const describeCard = (what: string) => (p: Payload) => `${what}\n  input: ${JSON.stringify(p)}`;

/**
 * Cards the target must refuse: the profile's declined card number (D15) and a tokenized card
 * of the profile's denied BIN (422 BAD_REQUEST). Both go to the shared fixture customer; a
 * card a faulty target registers anyway is deleted when the suite ends. Each is sent on both payload
 * paths (cases.ts `payloadPaths`): minimal, and with nameOnCard (and lastFourOfCard) filled. Each
 * comes after a card of its masked form the target accepted (masked-twin.ts): a decision cached
 * under the first six and last four characters must not serve the refused card.
 */
export function cardRefusalScenarios(ctx: HarnessContext, suiteFile: string): void {
  const numberField = fieldWithFormat(card, 'cardNumber');
  const declined = payloadPaths(ctx, card, { [numberField]: ctx.profile.declinedCardNumber });
  propertyTest(ctx, suiteFile, {
    area, operation: card.id, name: 'AddOrUpdateCard refuses the declined card with an error code and message (D15)', writes: true,
    requirements: ['CARD-AUTH-FAILURE', 'STATE-CARD-AUTH-FAILED', ...genericRequirements],
    arbitrary: fixedCases(fc.oneof(declined.minimal, declined.full)), examples: bothPaths(declined), numRuns: scenarioRuns(ctx, true, 2),
    describe: describeCard('AddOrUpdateCard with TARGET_DECLINED_CARD_NUMBER'),
    run: scenario(async (payload) => {
      const session = await ctx.session();
      const input = await withState(ctx, session, payload, 'valid');
      const twin = await serveMaskedTwin(ctx, session, card, input.body ?? {}, numberField, 'CARD-AUTH-FAILURE');
      const x = await ctx.client.call(card.id, input, { session });
      rememberListedCards(ctx, x);
      const failure = oracle(legacyOrProblemError, { operation: card.id, requirement: 'CARD-AUTH-FAILURE' }, 'CARD-AUTH-FAILURE', 'STATE-CARD-AUTH-FAILED');
      return afterMaskedTwin(twin, judge(x, { oracles: [failure, ...genericOracles(ctx, x)] }));
    }),
  });

  const binField = fieldWithFormat(tokenized, 'cardBin');
  const deniedBin = payloadPaths(ctx, tokenized, { [binField]: ctx.profile.deniedCardBin });
  propertyTest(ctx, suiteFile, {
    area, operation: tokenized.id, name: 'AddOrUpdateTokenizedCard refuses a BIN not allowed in the network with 422 BAD_REQUEST', writes: true,
    requirements: ['TCARD-DENIED-BIN', ...rowRequirements('BAD_REQUEST')],
    arbitrary: fixedCases(fc.oneof(deniedBin.minimal, deniedBin.full)), examples: bothPaths(deniedBin), numRuns: scenarioRuns(ctx, true, 2),
    describe: describeCard('AddOrUpdateTokenizedCard with TARGET_DENIED_CARD_BIN'),
    run: scenario(async (payload) => {
      const session = await ctx.session();
      const input = await withState(ctx, session, payload, 'valid');
      const twin = await serveMaskedTwin(ctx, session, tokenized, input.body ?? {}, binField, 'TCARD-DENIED-BIN');
      const x = await ctx.client.call(tokenized.id, input, { session });
      rememberListedCards(ctx, x);
      return afterMaskedTwin(twin, judgeRow(ctx, x, 'BAD_REQUEST', { scenario: ['TCARD-DENIED-BIN'] }));
    }),
  });
}
