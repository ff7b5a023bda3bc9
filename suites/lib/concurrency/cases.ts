import type { Exchange } from '../../../client/index.js';
import { responseMembers } from '../../../contract/index.js';
import { legacyOrProblemError } from '../../../checks/index.js';
import { finding } from '../../../checks/support.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { combine, genericOracles, judge, oracle, type Oracle } from '../judge/oracles.js';
import { nextPerson } from '../state/people.js';
import { accepted, runTag, samplePayload, setupAttempts } from '../state/setup-call.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import { FixtureError } from '../state/fixture-errors.js';
import { cardsOf, ownCustomer, sameGuid } from '../ownership/fixtures.js';
import { deletedCardUnlisted } from '../ownership/oracles.js';
import { unlisted } from '../ownership/oracles.js';
import { PairLog } from '../ownership/pairs.js';
import { together } from './together.js';

/** A finding of D44 on `x`: the outcome no serial order of the two writes gives. */
const notSerial = (x: Exchange, title: string, received: string, documented: string): Oracle => ({
  id: 'serialOutcome', requirements: ['CONCURRENT-WRITES'], applies: () => true,
  run: () => [finding('serialOutcome', 'CONCURRENT-WRITES', x.request.operation, { title, received, documented, key: [title] }, x)],
});
const serialChecked = (): CaseOutcome => ({ exchanges: [], findings: [], checked: ['CONCURRENT-WRITES'] });

/**
 * D44, EnrollCustomer: the same fresh identity enrolled twice at once. One serial order gives one
 * customer and a D16 refusal; FindCustomer then names that customer.
 */
export async function concurrentEnrolment(ctx: HarnessContext): Promise<CaseOutcome> {
  const session = await ctx.session();
  const parts: CaseOutcome[] = [];
  let person = nextPerson(ctx);
  let payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) });
  let xs = await together(ctx, () => ctx.client.call('EnrollCustomer', { body: payload }, { session }));
  // D37: a fresh identity both writes refuse for a reason of the target's own (an SSN in use elsewhere) covers no race; try
  // another. So does a pair one of whose answers never came (a lost reply on a flaky network: done or not, nobody saw) while
  // the other was refused: which of the two won cannot be told. An unanswered write is not judged; the client said why.
  const undecided = (ys: readonly Exchange[]) => ys.every((x) => ownReasonRefusal(x)) || (!ys.some(accepted) && ys.some((x) => !x.response));
  for (let attempt = 1; attempt < setupAttempts && undecided(xs); attempt += 1) {
    parts.push(...xs.filter((x) => x.response).map((x) => judge(x, { oracles: genericOracles(ctx, x) })));
    person = nextPerson(ctx);
    payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) }, attempt);
    xs = await together(ctx, () => ctx.client.call('EnrollCustomer', { body: payload }, { session }));
  }
  const won = xs.filter(accepted);
  won.forEach(() => ctx.footprint.customerEnrolled());
  parts.push(...xs.map((x) => judge(x, { oracles: genericOracles(ctx, x) })));
  if (won.length === 0) throw new FixtureError(`both concurrent EnrollCustomer of one fresh identity were refused (status ${xs.map((x) => x.response?.status).join(', ')}): the race is not covered`, { exchange: xs.find((x) => (x.response?.status ?? 0) >= 500) ?? xs[0]! });
  if (won.length === 2) {
    const ids = won.map((x) => (x.response!.json as Record<string, unknown>)[responseMembers.enrollCustomer]);
    parts.push(judge(won[1]!, { oracles: [notSerial(won[1]!, 'Two enrolments of one SSN accepted', `both answered 2xx (CustomerId ${ids.map(String).map((i) => i.slice(0, 8)).join(', ')})`, 'one customer per SSN: the other refused with an error code (D44, D16)')] }));
  } else {
    const lost = xs.find((x) => !accepted(x))!;
    parts.push(judge(lost, { oracles: [oracle(legacyOrProblemError, { operation: 'EnrollCustomer', requirement: 'ENROLL-DUPLICATE' }, 'ENROLL-DUPLICATE')] }), serialChecked());
  }
  const found = await ctx.client.call('FindCustomer', { body: { ssn: person.ssn, dateOfBirth: payload.dateOfBirth } }, { session });
  parts.push(judge(found, { oracles: genericOracles(ctx, found) }));
  const log = new PairLog();
  log.sent('identical-writes-together', 'EnrollCustomer operation EnrollCustomer');
  return { ...combine(parts), operatorPairs: log.pairs };
}

/**
 * D44, the card writes: a fresh customer's card added twice at once by number and by token (one
 * card, the same cardId: States "identical data → unchanged"), then the number card deleted twice
 * at once (each answer D30's, never 5xx; the card gone).
 */
export async function concurrentCardWrites(ctx: HarnessContext): Promise<CaseOutcome> {
  const session = await ctx.session();
  const log = new PairLog();
  const parts: CaseOutcome[] = [];
  const { customerId } = await ownCustomer(ctx, session, 'concurrency:card-writes');
  const seed = (process.pid % 1000) * 10 + 7;
  let numberCardId: string | undefined;
  for (const op of ['AddOrUpdateCard', 'AddOrUpdateTokenizedCard'] as const) {
    const body = samplePayload(ctx, op, { customerId, cardNickname: runTag(ctx) }, seed);
    if (op === 'AddOrUpdateTokenizedCard' && body.cardBin === ctx.profile.deniedCardBin) continue;
    const xs = await together(ctx, () => ctx.client.call(op, { body }, { session }));
    const ids = [...new Set(xs.filter(accepted).map((x) => cardsOf(x)[0]?.cardId).filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()))];
    ids.forEach((id) => ctx.footprint.cardAdded(customerId, id));
    // A decline for the target's own reasons (D37) is observed, not judged.
    xs.forEach((x) => parts.push(judge(x, { oracles: genericOracles(ctx, x), ownRefusal: { foreseen: [], requirement: 'CONCURRENT-WRITES', what: 'a generated card' } })));
    if (xs.some((x) => !accepted(x))) continue;
    if (op === 'AddOrUpdateCard') numberCardId = ids[0];
    if (ids.length > 1) parts.push(judge(xs[1], { oracles: [notSerial(xs[1], 'Two cards for identical card data', `two cardIds (${ids.map((i) => i.slice(0, 8)).join(', ')}) for the same ${op} sent twice at once`, 'one card, the same cardId: identical data leaves the card unchanged (D44, States)')] }));
    else parts.push(serialChecked());
    log.sent('identical-writes-together', `${op} operation ${op}`);
  }
  const list = await ctx.client.call('GetRegisteredCards', { body: { customerId } }, { session });
  const listed = cardsOf(list).length;
  parts.push(judge(list, { oracles: [...genericOracles(ctx, list), ...(listed > 2 ? [notSerial(list, 'More cards than were added', `${listed} cards listed for a customer given two cards, each added twice at once`, 'one card per identical add (D44)')] : [])] }));
  if (numberCardId) {
    const cardId = numberCardId;
    const xs = await together(ctx, () => ctx.client.call('DeleteCard', { body: { customerId, cardId } }, { session }));
    if (xs.some(accepted)) ctx.footprint.cardRemoved(cardId);
    xs.forEach((x) => parts.push(judge(x, { oracles: unlisted(ctx, x) })));
    const after = await ctx.client.call('GetRegisteredCards', { body: { customerId } }, { session });
    parts.push(judge(after, { oracles: [...genericOracles(ctx, after), deletedCardUnlisted(cardId, 'two DeleteCard at once')] }));
    if (!cardsOf(after).some((c) => sameGuid(c.cardId, cardId))) log.sent('identical-writes-together', 'DeleteCard operation DeleteCard');
  }
  return { ...combine(parts), operatorPairs: log.pairs };
}
