import { history } from '../../../contract/index.js';
import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { reusableCustomer } from '../state/find-again.js';

/**
 * The history customer of the run family (issue 30 item 6): a later night finds it again, its cards
 * deleted, instead of enrolling one more. It is used only where it is as good as a new customer: one
 * this run enrolled, or one found again whose history, once its cards are gone, lists nothing and
 * counts nothing, so every transaction the suite then reads belongs to a card this run adds (a
 * target that keeps a deleted card's transactions, reading blind-history-keeps-deleted-cards, gets
 * a new customer instead: an old card's transactions sharing a new card's last four digits would
 * make the account filter look as if it dropped some). Undefined where the run has no family.
 */
export async function familyHistoryCustomer(ctx: HarnessContext, session: Session): Promise<{ customerId: string; ssn: string } | undefined> {
  const reused = await reusableCustomer(ctx, session, 'history');
  if (!reused) return undefined;
  if (reused.found) {
    const x = await ctx.client.call('GetTransactionHistory', { body: { customerId: reused.customerId } }, { session });
    const json = x.response && x.response.status >= 200 && x.response.status < 300 ? (x.response.json as Record<string, unknown> | undefined) : undefined;
    const list = json?.[history.listMember];
    if (!Array.isArray(list) || list.length > 0 || json?.[history.totalMember] !== 0) return undefined;
  }
  return { customerId: reused.customerId, ssn: reused.ssn };
}
