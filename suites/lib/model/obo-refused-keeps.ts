import { exclusiveSessionFilters } from '../../../contract/index.js';
import { predict } from '../../../oracles/model/predict.js';
import { ok, type SequenceRun } from './real.js';
import type { Model, ModelCustomer } from '../../../oracles/model/state.js';

const [idFilter] = exclusiveSessionFilters;

/**
 * A refused call changes nothing in the session (blind18: a refused AuthenticateOBO wrote the session's
 * customer before its linked-account check). `holder` got `token` from the session's last AuthenticateOBO that
 * succeeded; the caller has since sent one the target refused (NO_LINKED_ACCOUNT); here one for a customerId of
 * no customer follows (422 CUSTOMER_NOT_FOUND, documented). Neither issued a token, so `token` is still the
 * session's newest (D18) and its customer's flow still works: AddSessionAttributes with it and a filter naming
 * `holder`'s own card is accepted (D19), as it would be with no refusal between.
 */
export async function refusedCallsKeepSession(m: Model, r: SequenceRun, holder: ModelCustomer, token: string): Promise<void> {
  const nobody = r.fresh.guid();
  r.step(`AuthenticateOBO(a customerId of no customer), refused`);
  const x = await r.call('AuthenticateOBO', { body: { customerId: nobody } });
  r.judge(x, { oracles: [predict.refusedWithRow({ requirement: 'ERR-CUSTOMER-NOT-FOUND', row: 'CUSTOMER_NOT_FOUND', documented: 'AuthenticateOBO finds no customer' })] });
  // A target that issued a token after all: the newest token is then another, and nothing is asserted of the older one.
  if (ok(x)) return;
  const card = holder.cards[0]!;
  r.step(`AddSessionAttributes(SsoToken of ${holder.label}, ${idFilter} of its ${card.label}), after the two refused AuthenticateOBO`);
  const items = [['SsoToken', token], [idFilter, card.cardId]] as const;
  const y = await r.call('AddSessionAttributes', { body: { sessionAttributes: items.map(([name, value]) => ({ name, value })) } });
  r.judge(y, { oracles: [predict.accepted({ requirement: 'SATTR-FILTERS', documented: 'a refused AuthenticateOBO changes nothing in the session: the newest ssoToken (D18) and its customer\'s own card as a filter are accepted' })] });
  if (ok(y)) for (const [name, value] of items) m.session.attributes[name] = value;
}
