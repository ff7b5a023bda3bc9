import fc from 'fast-check';
import { operation, operations, type Operation, type RequirementId } from '../../../contract/index.js';
import { errorBodyIsJson } from '../../../checks/index.js';
import type { Exchange } from '../../../client/index.js';
import { guid } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { combine, genericOracles, judge, oracle } from '../judge/oracles.js';
import { scenario } from './fixtures.js';
import { fixedCases, scenarioRuns } from './cases.js';
import { customerWithCard } from '../state/customer-with-card.js';
import { mayWrite } from '../state/setup-call.js';
import { propertyTest } from '../runner/property-test.js';
import type { CaseOutcome } from '../runner/property.js';

const area = 'business-errors';
const deleteCard = operation('DeleteCard');
/** D30: the status is unspecified; a 5xx (GEN-NO-5XX) and a 4xx without a JSON error body (ERR-JSON-BODY) are not. */
const requirements: RequirementId[] = ['GEN-NO-5XX', 'ERR-JSON-BODY', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'];

/** Never 5xx; a 4xx carries a JSON error body; a 2xx is not asserted against (D30: unspecified). */
const judgeUnlisted = (ctx: HarnessContext, x: Exchange): CaseOutcome =>
  judge(x, { oracles: [...genericOracles(ctx, x), oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY')] });

/**
 * Operations that take a body under the profile's methods (D1): a GET has none to break. In
 * production only those that write nothing: a body no one can parse should change nothing, but
 * the production profile does not rely on the target for that.
 */
const bodyOperations = (ctx: HarnessContext): Operation[] =>
  operations.filter((op) => (ctx.profile.methods[op.id] ?? op.method) !== 'GET' && (!op.writes || mayWrite(ctx)));

/** Where a malformed text names the operation's first field. */
const FIELD = '<field>';

/** JSON texts that no parser accepts: cut short, a trailing comma, single quotes, a bare key, no colon. */
const malformed = fc.constantFrom(`{"${FIELD}": "`, `{"${FIELD}": "x",}`, `{'${FIELD}': 'x'}`, `{${FIELD}: "x"}`, `{"${FIELD}" "x"}`);

/** The same request to every operation that takes a body; the failing exchange is put last (its curl is the one reported). */
async function toEveryOperation(ctx: HarnessContext, send: (op: Operation) => Promise<Exchange>): Promise<CaseOutcome> {
  const parts: CaseOutcome[] = [];
  for (const op of bodyOperations(ctx)) {
    const part = judgeUnlisted(ctx, await send(op));
    if (part.broken || part.findings.length) return combine([...parts, part]);
    parts.push(part);
  }
  return combine(parts);
}

/**
 * D30, the errors the Errors table does not list: malformed JSON, a body that is not JSON, and
 * DeleteCard of a cardId the customer does not hold. Whatever status the target chooses, it is
 * not a 5xx, and a 4xx says what went wrong in a JSON error body.
 * @see decisions.md D30
 */
export function unlistedErrorScenarios(ctx: HarnessContext, suiteFile: string): void {
  const firstField = (op: Operation) => op.fields[0]?.name ?? 'deviceId';
  propertyTest(ctx, suiteFile, {
    area, name: 'D30: malformed JSON is never answered 5xx; a 4xx carries a JSON error body', requirements,
    // A body no parser accepts changes nothing: the cases may be in flight together.
    independentCases: true,
    arbitrary: malformed, numRuns: scenarioRuns(ctx, false, 3),
    describe: (text) => `malformed JSON ${text} (${FIELD}: each operation's first field) to every operation that takes a body`,
    run: scenario(async (text: string) => {
      const session = await ctx.session();
      return toEveryOperation(ctx, (op) => ctx.client.call(op.id, {}, { session, rawBody: text.replace(FIELD, firstField(op)) }));
    }),
  });

  const notJson = fc.constantFrom('this is not JSON', '<request><customerId>x</customerId></request>');
  propertyTest(ctx, suiteFile, {
    area, name: 'D30: a body that is not JSON is never answered 5xx; a 4xx carries a JSON error body', requirements,
    // A body no parser accepts changes nothing: the cases may be in flight together.
    independentCases: true,
    arbitrary: notJson, numRuns: scenarioRuns(ctx, false, 2),
    describe: (text) => `the text/plain body ${JSON.stringify(text)} to every operation that takes a body`,
    run: scenario(async (text: string) => {
      const session = await ctx.session();
      return toEveryOperation(ctx, (op) => ctx.client.call(op.id, {}, { session, rawBody: text, headers: { 'content-type': 'text/plain' } }));
    }),
  });

  propertyTest(ctx, suiteFile, {
    area, operation: deleteCard.id, name: 'D30: DeleteCard of a cardId the customer does not hold is never answered 5xx; a 4xx carries a JSON error body',
    requirements, writes: true,
    arbitrary: fixedCases(guid()), numRuns: scenarioRuns(ctx, true, 2),
    describe: (cardId) => `DeleteCard of the fixture customer with the random cardId ${cardId}`,
    run: scenario(async (cardId: string) => {
      const { customerId } = await customerWithCard(ctx);
      return judgeUnlisted(ctx, await ctx.client.call(deleteCard.id, { body: { customerId, cardId } }, { session: await ctx.session() }));
    }),
  });
}
