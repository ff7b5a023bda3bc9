import type { Exchange } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judge } from '../judge/oracles.js';
import { freshValues } from '../state/fresh.js';
import { cardsOf, sameGuid, type ScenarioCard } from './fixtures.js';
import { ok, othersCardIdNotReturned, othersTransactionsHidden, unlisted } from './oracles.js';
import type { PairLog } from './pairs.js';

type Call = (op: string, body: Record<string, unknown>) => Promise<Exchange>;

/** What the ownership case made of B's: its cards, the card with a history and that history's transactionIds. */
export interface StrangersState {
  readonly card: ScenarioCard;
  readonly token: ScenarioCard;
  readonly historyCard: ScenarioCard;
  readonly foreign: ReadonlySet<string>;
  /** Another expiration than a payload's: what a write that reached B's card would leave on B's list. */
  readonly otherExpiration: (mmyy: unknown) => string;
}

const operator = 'unknown-owner-of-others-resource';

/**
 * The owner slot naming nobody (D45, D30): B's card, number, token and a transaction of B's named with
 * a customerId that names no customer, in every operation that names one beside its owner (blind17: an owner
 * check written `if (customer != null && ...)` skips itself when the customer row is missing, and the
 * card is then reached by its own id). Nothing of B's is shown here; that nothing of B's was removed or
 * changed shows on B's list, which ownership-case.ts reads once after every such write.
 */
export async function throughNobody(ctx: HarnessContext, call: Call, log: PairLog, b: StrangersState): Promise<CaseOutcome[]> {
  // A GUID of no customer, new by construction (generators/fresh.ts), never one a run made.
  const nobody = freshValues(ctx).guid();
  const parts: CaseOutcome[] = [];
  const what = 'a customerId that names no customer';
  // With no transaction on B's cards there is nothing that could leak: the history cells are sent and not judged.
  const byAccount = await call('GetTransactionHistory', { customerId: nobody, accountId: b.historyCard.cardId });
  parts.push(judge(byAccount, { oracles: [...unlisted(ctx, byAccount), othersTransactionsHidden(b.foreign, `${what} with accountId of another customer's card`)] }));
  log.sent(operator, 'GetTransactionHistory query accountId');
  const reference = [...b.foreign][0];
  if (reference !== undefined) {
    const byReference = await call('GetTransactionHistory', { customerId: nobody, pagingTransactionReferenceNumber: reference });
    parts.push(judge(byReference, { oracles: [...unlisted(ctx, byReference), othersTransactionsHidden(b.foreign, `${what} paged from another customer's transaction`)] }));
    log.sent(operator, 'GetTransactionHistory query pagingTransactionReferenceNumber');
  }
  const removal = await call('DeleteCard', { customerId: nobody, cardId: b.card.cardId });
  parts.push(judge(removal, { oracles: unlisted(ctx, removal) }));
  log.sent(operator, 'DeleteCard body cardId');
  for (const [op, card, member] of [['AddOrUpdateCard', b.card, 'cardNumber'], ['AddOrUpdateTokenizedCard', b.token, 'cardToken']] as const) {
    const x = await call(op, { ...card.payload, customerId: nobody, expirationMonthYear: b.otherExpiration(card.payload.expirationMonthYear) });
    // A card a faulty target made for nobody is undone with the run's other cards.
    const added = cardsOf(x)[0]?.cardId;
    if (typeof added === 'string' && !sameGuid(added, card.cardId) && ok(x)) ctx.footprint.cardAdded(nobody, added);
    parts.push(judge(x, { oracles: [...unlisted(ctx, x), othersCardIdNotReturned(card)] }));
    log.sent(operator, `${op} body ${member}`);
  }
  return parts;
}
