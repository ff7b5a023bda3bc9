import type { Exchange, Session } from '../../../client/index.js';
import { sendAgainIfLost } from '../runner/send-again.js';
import { formatOf, operation } from '../../../contract/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { genericOracles, judge, judgeRow, type Oracle } from '../judge/oracles.js';
import { cardsOf, sameGuid, transactionIds, type ScenarioCard, type ScenarioCustomer } from './fixtures.js';
import { ok, othersCardIdNotReturned, othersCardUnlisted, othersCardUntouched, othersTransactionsHidden, unlisted } from './oracles.js';
import { otherExpiration } from './ownership-case.js';
import type { PairLog } from './pairs.js';

const operator = 'identifier-of-another-kind';
const isGuid = (v: string) => new RegExp(formatOf('guid').pattern!).test(v);
/** AddCustomerAttributes' list and its two required attributes, the customer's GUID and its SSN (D20). */
const [attributeList] = operation('AddCustomerAttributes').fields;
const required = attributeList!.attributes!.allowed.filter((n) => n.required);
const customerIdName = required.find((n) => n.valueFormat === 'guid')!.name;
const ssnName = required.find((n) => n.restates === 'ssn')!.name;

/**
 * The customer's own ids of another kind where a customerId is (blind18: a "resolve any id" helper
 * found a cardId given as AuthenticateOBO's customerId among the accounts and issued a token for the
 * card's owner). None names a customer: AuthenticateOBO answers the documented 422 CUSTOMER_NOT_FOUND
 * to its cardId, a transactionId of its card and the sessionId (each a GUID the run holds); every other
 * customerId cell gets the cardId and is answered as D30 (D20 for the CustomerId attribute) leaves open,
 * and nothing of the id's owner is served: its cards and transactions unlisted, no add-or-update
 * answered with its card, and its list read after the writes holds `card` unchanged (D45). Sent last of
 * the scenario: a target that takes the id for its owner may remove `card`.
 */
export async function ownerOfAnotherKindCases(ctx: HarnessContext, session: Session, a: ScenarioCustomer, card: ScenarioCard, token: ScenarioCard, log: PairLog): Promise<CaseOutcome[]> {
  const call = (op: string, body: Record<string, unknown>) => sendAgainIfLost(() => ctx.client.call(op, { body }, { session }));
  const parts: CaseOutcome[] = [];
  const judged = (x: Exchange, extra: Oracle[] = []) => parts.push(judge(x, { oracles: [...unlisted(ctx, x), ...extra] }));
  // The customer's own history: the transactions a read through its cardId must not show, and one transactionId to send.
  const own = await call('GetTransactionHistory', { customerId: a.customerId });
  parts.push(judge(own, { oracles: genericOracles(ctx, own) }));
  const mine = transactionIds(own);
  const ids = [card.cardId, ...[...mine].slice(0, 1), session.sessionId].filter(isGuid);
  for (const id of ids) parts.push(judgeRow(ctx, await call('AuthenticateOBO', { customerId: id }), 'CUSTOMER_NOT_FOUND'));
  log.sent(operator, 'AuthenticateOBO body customerId');

  const as = card.cardId;
  const what = 'a customerId that is its own cardId';
  judged(await call('GetRegisteredCards', { customerId: as }), [othersCardUnlisted([card, token], what)]);
  log.sent(operator, 'GetRegisteredCards query customerId');
  judged(await call('GetTransactionHistory', { customerId: as }), [othersTransactionsHidden(mine, what)]);
  log.sent(operator, 'GetTransactionHistory query customerId');
  for (const [op, held] of [['AddOrUpdateCard', card], ['AddOrUpdateTokenizedCard', token]] as const) {
    const x = await call(op, { ...held.payload, customerId: as, expirationMonthYear: otherExpiration(held.payload.expirationMonthYear) });
    // A card a target made for the id is undone with the run's other cards.
    const added = cardsOf(x)[0]?.cardId;
    if (typeof added === 'string' && !sameGuid(added, held.cardId) && ok(x)) ctx.footprint.cardAdded(as, added);
    judged(x, [othersCardIdNotReturned(held)]);
    log.sent(operator, `${op} body customerId`);
  }
  judged(await call('AddCustomerAttributes', { [attributeList!.name]: [{ name: customerIdName, value: as }, { name: ssnName, value: a.ssn }] }));
  log.sent(operator, `AddCustomerAttributes attribute ${customerIdName}`);
  judged(await call('DeleteCard', { customerId: as, cardId: card.cardId }));
  log.sent(operator, 'DeleteCard body customerId');
  const after = await call('GetRegisteredCards', { customerId: a.customerId });
  parts.push(judge(after, { oracles: [...genericOracles(ctx, after), othersCardUntouched(card, `an add-or-update and DeleteCard named it with ${what}`)] }));
  return parts;
}
