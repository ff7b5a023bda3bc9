import type { Session } from '../../../client/index.js';
import { sendAgainIfLost } from '../runner/send-again.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judgeRow } from '../judge/oracles.js';
import { idFilter, numberFilter, sattr, sessionList, ssoTokenName } from '../business/session.js';
import { ssoTokenFor } from '../state/case-state.js';
import { listsOfNoItem } from '../../../generators/operators/class-values.js';
import type { PairLog } from './pairs.js';
import type { ScenarioCard } from './fixtures.js';

/**
 * Operator filter-no-entry (blind18: a number filter of commas only beside an id filter was taken as
 * not sent): each filter holding a list of no item, once beside the other filter naming the customer's
 * own card, which makes both filters, and once alone, an invalid value; 422 INVALID_INFORMATION either
 * way (D19). The forms of no item (",", ",,", " , ") take turns over the four requests, so every form is
 * sent in every run without a request of its own.
 */
export async function noEntryFilterCases(ctx: HarnessContext, session: Session, customerId: string, card: ScenarioCard, log: PairLog): Promise<CaseOutcome[]> {
  const own: Record<string, string> = { [idFilter]: card.cardId, [numberFilter]: card.identity };
  const other = (name: string) => (name === idFilter ? numberFilter : idFilter);
  const sends = [idFilter, numberFilter].flatMap((name) => [[name, true], [name, false]] as const);
  const parts: CaseOutcome[] = [];
  for (const [i, [name, beside]] of sends.entries()) {
    const empty = { name, value: listsOfNoItem[i % listsOfNoItem.length]! };
    const filters = beside ? [empty, { name: other(name), value: own[other(name)]! }] : [empty];
    const token = await ssoTokenFor(ctx, session, customerId);
    const x = await sendAgainIfLost(() => ctx.client.call(sattr.id, { body: { [sessionList.name]: [{ name: ssoTokenName, value: token }, ...filters] } }, { session }));
    parts.push(judgeRow(ctx, x, 'INVALID_INFORMATION', { scenario: ['SATTR-FILTERS'] }));
    log.sent('filter-no-entry', `${sattr.id} attribute ${name}`);
  }
  return parts;
}
