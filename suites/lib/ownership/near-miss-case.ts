import type { Session } from '../../../client/index.js';
import { sendAgainIfLost } from '../runner/send-again.js';
import { contractCells, type Cell } from '../../../contract/operators/index.js';
import { filterExactnessOperators } from '../../../contract/operators/filter-exactness.js';
import { fieldRequirementId, operation, type Operation, type RequirementId } from '../../../contract/index.js';
import { applyBreakages, brokenField, guidNotations, itemBreakage, type Payload, type PayloadOptions } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judgeExpectation } from '../judge/oracles.js';
import type { PairLog } from './pairs.js';
import { filterRefused } from './ownership-case.js';
import { transactionsOf, type ScenarioCard, type ScenarioCustomer } from './fixtures.js';

/**
 * The real id one character short: a prefix of it, which a LIKE 'value%' or StartsWith lookup takes
 * (a shorter prefix, such as its first group, is one more request per cell and shows the same lookup).
 * One character long is left to the field rules' own length violation: a reader that cuts a long value
 * to 36 characters serves a random GUID's cut as one naming nothing (D30), not the 400 the length asks,
 * so the real id shows no more there. The default run is at its request budget (issue 27: 2,000).
 * The other notations (blind14) are each one request: Guid.TryParse takes all three.
 */
const variants: Readonly<Record<string, ReadonlyArray<readonly [string, (id: string) => string]>>> = {
  'own-id-length-near-miss': [['one character short', (id) => id.slice(0, -1)]],
  'own-id-other-notation': guidNotations,
};

/** A card GUID list (AccountIdFilter): its entries are refused as the session filters are (D19), not by a length row. */
const guidList = (c: Cell): boolean => c.resource === 'card-list';

/**
 * Each operator with the cells it applies to, from the contract: a GUID naming a customer, a card or a
 * transaction, and the entries of a card GUID list. The lists first: a faulty DeleteCard may remove the
 * card they name, and the filter would then be refused for that alone.
 */
const pairs: ReadonlyArray<readonly [string, Cell]> = Object.keys(variants)
  .flatMap((id) => contractCells().filter((c) => filterExactnessOperators.find((o) => o.id === id)!.appliesTo(c)).map((c) => [id, c] as const))
  .sort(([, a], [, b]) => Number(guidList(b)) - Number(guidList(a)));

/** The rows a near miss is judged under: the cell's length (its format, for an attribute's value); a list's is SATTR-FILTERS, the case's own. */
export const nearMissRequirements: readonly RequirementId[] = [...new Set(pairs.filter(([, c]) => !guidList(c)).map(([, c]) => {
  const op = operation(c.operation);
  return fieldRequirementId(op, op.fields.find((f) => f.name === (c.list ?? c.name))!, c.place === 'attribute' ? 'FORMAT' : 'LENGTH');
}))];

/** What each kind of resource is named by in this scenario, and the valid rest of a request of `op`. */
interface Held { readonly customer: ScenarioCustomer; readonly card: ScenarioCard; readonly token: ScenarioCard; readonly transactionId?: string }

function validRest(op: Operation, held: Held): Payload {
  const { customer, card, token } = held;
  const bodies: Record<string, Record<string, unknown>> = {
    AddOrUpdateCard: card.payload, AddOrUpdateTokenizedCard: token.payload, DeleteCard: { customerId: customer.customerId, cardId: card.cardId },
    AddCustomerAttributes: { customerAttributes: [{ name: 'CustomerId', value: customer.customerId }, { name: 'SSN', value: customer.ssn }] },
  };
  const body = bodies[op.id] ?? { customerId: customer.customerId };
  return op.method === 'GET' ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) } : { body };
}

/**
 * The customer's own ids near-missed (blind12: an accountId one character short of the customer's card
 * matched it, LIKE 'value%'; blind14: an AccountIdFilter entry without dashes, Guid.TryParse; a random
 * GUID so edited names nothing, so only a real id shows it): in every GUID cell that names a resource,
 * each near miss alone in an otherwise valid request naming the customer's own state. "Guid is a
 * 36-character string" and every such cell is "36 | 36": a 400 naming the cell (D14), as the field rules
 * judge any length violation; the customer attribute's value breaks its documented format (D20); a list
 * entry is no card GUID of the customer's (D19: 422 INVALID_INFORMATION). Sent last: a faulty target may remove the card.
 */
export async function nearMissCases(ctx: HarnessContext, session: Session, held: Omit<Held, 'transactionId'>, log: PairLog): Promise<CaseOutcome[]> {
  const parts: CaseOutcome[] = [];
  const history = await ctx.client.call('GetTransactionHistory', { body: { customerId: held.customer.customerId } }, { session });
  const transactionId = transactionsOf(history)[0]?.transactionId;
  const all: Held = { ...held, ...(typeof transactionId === 'string' ? { transactionId } : {}) };
  const realId: Record<string, string | undefined> = { customer: all.customer.customerId, card: all.card.cardId, 'card-list': all.card.cardId, transaction: all.transactionId };
  for (const [operator, cell] of pairs) {
    const id = realId[cell.resource!];
    // A customer whose three cards have no transaction (D21) leaves the paging cell unsent: the coverage table says so.
    if (id === undefined) continue;
    const op = operation(cell.operation);
    const options: PayloadOptions = { emailKey: ctx.profile.emailKey };
    for (const [how, miss] of variants[operator]!) {
      if (guidList(cell)) {
        parts.push(await filterRefused(ctx, session, all.customer.customerId, cell.name, miss(id)));
        continue;
      }
      const rest = validRest(op, all);
      const field = op.fields.find((f) => f.name === (cell.list ?? cell.name))!;
      const breakage = cell.place === 'attribute'
        ? itemBreakage(op, field, rest.body!.customerAttributes as never, 0, { member: 'value', rule: 'FORMAT', violation: `own ${cell.resource}Id ${how}` }, { name: cell.name, value: miss(id) })
        : { field, value: miss(id), broken: [brokenField(op, field, 'LENGTH', `own ${cell.resource}Id ${how}`, options)], description: `${cell.name}: the customer's own ${cell.resource} id ${how}` };
      const generated = applyBreakages(op, rest, [breakage], options);
      const x = await sendAgainIfLost(() => ctx.client.call(op.id, generated.input, { session }));
      parts.push(judgeExpectation(ctx, x, generated.expectation));
    }
    log.sent(operator, cell.id);
  }
  return parts;
}
