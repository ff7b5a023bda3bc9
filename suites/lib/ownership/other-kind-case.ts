import type { Session } from '../../../client/index.js';
import { sendAgainIfLost } from '../runner/send-again.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judge } from '../judge/oracles.js';
import { idFilter, numberFilter } from '../business/session.js';
import { filterRefused } from './ownership-case.js';
import { unlisted } from './oracles.js';
import type { PairLog } from './pairs.js';
import type { ScenarioCard, ScenarioCustomer } from './fixtures.js';

const operator = 'identifier-of-another-kind';

/**
 * A real identifier of the customer's, of another kind than the place names (blind12: AccountNumberFilter
 * took the customer's cardIds, a lookup helper that finds a card by id, number or token): its cardId as a
 * card number, its card number as a card GUID, its customerId as a cardId. A session filter refuses them (D19: "validated for format and for applicability",
 * 422 INVALID_INFORMATION); elsewhere each names nothing and is answered as D30 leaves open (never 5xx, a
 * 4xx carries a JSON error body). The customer holds `card`, registered by number, throughout.
 */
export async function otherKindCases(ctx: HarnessContext, session: Session, a: ScenarioCustomer, card: ScenarioCard, log: PairLog): Promise<CaseOutcome[]> {
  const parts: CaseOutcome[] = [];
  for (const [name, value] of [[numberFilter, card.cardId], [idFilter, card.identity]] as const) {
    parts.push(await filterRefused(ctx, session, a.customerId, name, value));
    log.sent(operator, `AddSessionAttributes attribute ${name}`);
  }
  const named = [
    ['GetTransactionHistory', 'query', { customerId: a.customerId, accountId: a.customerId }, 'accountId'],
    ['DeleteCard', 'body', { customerId: a.customerId, cardId: a.customerId }, 'cardId'],
  ] as const;
  for (const [op, place, body, member] of named) {
    const x = await sendAgainIfLost(() => ctx.client.call(op, { body }, { session }));
    parts.push(judge(x, { oracles: unlisted(ctx, x) }));
    log.sent(operator, `${op} ${place} ${member}`);
  }
  return parts;
}
