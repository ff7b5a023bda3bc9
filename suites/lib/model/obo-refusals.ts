import { responseMembers } from '../../../contract/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { Session } from '../../../client/index.js';
import { genericRefusal } from '../../../checks/index.js';
import { ModelCommand } from './command.js';
import { byCheck } from '../../../oracles/model/predict.js';
import { body, ok, type SequenceRun } from './real.js';
import { customerWith, holdsCard, type Model } from '../../../oracles/model/state.js';
import { openOwnSession } from '../state/own-session.js';

/** AddSessionAttributes where the session saw no AuthenticateOBO: refused, whatever token it names (D18, D19). */

/** A 4xx with a JSON error body, for the requirement named. */
const refusal = (requirement: RequirementId) => byCheck(genericRefusal, { operation: 'AddSessionAttributes', requirement });

/** D19: before any AuthenticateOBO in the session, AddSessionAttributes is refused (a 4xx with a JSON error body). */
export class SessionAttributesBeforeObo extends ModelCommand {
  constructor(readonly token: string) { super(); }
  check(m: Readonly<Model>): boolean { return !m.session.oboDone; }
  protected describe(): string { return 'AddSessionAttributes(before any AuthenticateOBO)'; }
  protected async act(_m: Model, r: SequenceRun): Promise<void> {
    this.begin(r, 'AddSessionAttributes(SsoToken never issued, before any AuthenticateOBO in this session)');
    const x = await r.call('AddSessionAttributes', { body: { sessionAttributes: [{ name: 'SsoToken', value: this.token }] } });
    r.judge(x, { oracles: [refusal('SATTR-AFTER-OBO'), refusal('STATE-SESSION-ATTRIBUTES')] });
  }
}

/** A partner session of the step's own (not the sequence's), or undefined when none is opened. */
async function ownSession(r: SequenceRun): Promise<Session | undefined> {
  const { session, exchanges } = await openOwnSession(r.ctx);
  for (const x of exchanges) r.adopt(x);
  return session;
}

/**
 * D18, D19: an ssoToken stands for an AuthenticateOBO of the session that was issued it. One
 * issued in another session is refused in a session that saw no AuthenticateOBO. Both sessions
 * are the step's own: the sequence's session may have seen one already.
 */
export class SessionAttributesWithForeignToken extends ModelCommand {
  constructor(readonly customer: number) { super(); }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, holdsCard) !== undefined; }
  protected describe(): string { return `AddSessionAttributes(customer[${this.customer}]'s ssoToken of another session)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, holdsCard)!;
    this.begin(r, `AuthenticateOBO(${c.label}) in a new session, then AddSessionAttributes(that SsoToken) in another new session, which saw no AuthenticateOBO`);
    const issuing = await ownSession(r);
    const obo = issuing && r.adopt(await r.ctx.client.call('AuthenticateOBO', { body: { customerId: c.customerId } }, { session: issuing }));
    const token = obo && body(obo)[responseMembers.ssoToken];
    // No session or no token to be had: this step checks nothing.
    if (!obo || !ok(obo) || typeof token !== 'string') return;
    r.ctx.client.redactor.learn(token, 'ssoToken');
    const fresh = await ownSession(r);
    if (!fresh) return;
    const x = await r.call('AddSessionAttributes', { body: { sessionAttributes: [{ name: 'SsoToken', value: token }] } }, { session: fresh });
    r.judge(x, { oracles: [refusal('SATTR-AFTER-OBO')] });
  }
}
