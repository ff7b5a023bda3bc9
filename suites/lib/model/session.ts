import fc from 'fast-check';
import { clientIdentifier, sessionHeaders } from '../../../contract/index.js';
import { freshClientIdentifier } from '../../../generators/client-identifier.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { newSession, type Model } from '../../../oracles/model/state.js';

/**
 * States: AuthenticatePartner opens a session; customers and cards are not the session's. A later
 * partner session takes the sequence over and every later command runs in it, so the duplicate
 * enrolment ("checks whether the SSN or the e-mail address is already in use"), FindCustomer, the card
 * lists, the card writes and AuthenticateOBO meet state another session wrote, and the model predicts
 * exactly what it did before. What the States table ties to a session ends with it: AuthenticateOBO
 * before AddSessionAttributes and the session attributes ("in force until the session ends", D18, D19).
 */
export class NewPartnerSession extends ModelCommand {
  /** `newDevice`: the session is opened with a deviceId of its own (D3 takes any of 1-100 characters), else the profile's. */
  constructor(readonly newDevice: boolean) { super(); }
  check(): boolean { return true; }
  protected describe(): string { return `AuthenticatePartner(a new partner session, ${this.device})`; }
  private get device(): string { return this.newDevice ? 'a new deviceId' : 'the same deviceId'; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    // A new deviceId is drawn over its whole alphabet (mixed case, digits, a dash): a target that normalises it loses the session.
    // The same deviceId is the sequence session's own (specs.ts opens it with a device of its own).
    const deviceId = this.newDevice ? freshClientIdentifier(r.fresh, clientIdentifier(sessionHeaders.deviceId)) : r.session.deviceId;
    this.begin(r, `AuthenticatePartner(partner session #${m.session.ordinal + 1}, ${this.device}); the later commands run in it`);
    const { sessionId, exchange } = await r.ctx.client.authenticatePartner(deviceId);
    r.adopt(exchange);
    // Opening a session is judged by the access suites: a target that opens none here (a deviceId it
    // does not know, a limit on sessions) leaves the sequence in the session it has.
    if (!sessionId) return;
    // The session it had, handed back for its device (a sessionId's lifetime is not shown): it goes on, OBO state and all.
    if (sessionId === r.session.sessionId) {
      r.observe('SATTR-AFTER-OBO', 'AuthenticatePartner for a device that has a session answers with that session (its sessionId again)');
      return;
    }
    r.session = { sessionId, deviceId };
    m.session = newSession(m.session.ordinal + 1);
  }
}

export const sessionCommands = (): Array<fc.Arbitrary<ModelCommand>> => [fc.boolean().map((d) => new NewPartnerSession(d))];
