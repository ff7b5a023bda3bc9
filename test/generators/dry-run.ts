import { randomUUID } from 'node:crypto';
import type fc from 'fast-check';
import type { CallInput, Exchange } from '../../client/index.js';
import type { Responded } from '../../checks/support.js';
import { responseMembers } from '../../contract/index.js';
import type { Profile } from '../../contract/profile.js';
import type { HarnessContext } from '../../suites/lib/runner/context.js';
import type { CaseOutcome } from '../../suites/lib/runner/property.js';
import { Journal } from '../../suites/lib/model/journal.js';
import { SequenceRun } from '../../suites/lib/model/real.js';
import type { Model } from '../../oracles/model/state.js';

/**
 * A run without a target, for the collision self-test: every request is answered 200 with a
 * new id, nothing is judged, and what each request calls new (by the command that sends it) is
 * held against every value of its kind the run sent before.
 */

type Body = Record<string, unknown>;

/** Values the run sent, by kind; a value called new that is among them is a collision. */
export class Identities {
  readonly collisions: string[] = [];
  private readonly sent = new Map<string, Set<string>>();
  private readonly fresh = new Map<string, number>();
  private readonly collided = new Map<string, number>();
  private readonly sequence = new Set<string>();

  send(kind: string, value: unknown): void {
    if (typeof value !== 'string') return;
    if (!this.sent.has(kind)) this.sent.set(kind, new Set());
    this.sent.get(kind)!.add(value);
    this.sequence.add(`${kind} ${value}`);
  }

  /** A model sequence starts: what it sends is also told apart from what earlier ones sent. */
  beginSequence(): void {
    this.sequence.clear();
  }

  callNew(kind: string, value: unknown, by: string): void {
    if (typeof value !== 'string') return;
    const counted = kind.startsWith('token card of') ? 'token card (BIN, last four) of a customer' : kind;
    this.fresh.set(counted, (this.fresh.get(counted) ?? 0) + 1);
    if (this.sent.get(kind)?.has(value)) {
      const where = this.sequence.has(`${kind} ${value}`) ? 'earlier in the same sequence' : 'earlier in the run';
      this.collisions.push(`${by}: new ${counted} ${value} was sent ${where}`);
      this.collided.set(`${counted}, ${where}`, (this.collided.get(`${counted}, ${where}`) ?? 0) + 1);
    }
    this.send(kind, value);
  }

  /** An enrolment of a fresh identity: its SSN and e-mail are new. */
  sendNew(by: string, body: Body, emailKey = 'emailAddress', duplicate?: 'ssn' | 'email'): void {
    (duplicate === 'ssn' ? this.send.bind(this) : (k: string, v: unknown) => this.callNew(k, v, by))('ssn', body.ssn);
    (duplicate === 'email' ? this.send.bind(this) : (k: string, v: unknown) => this.callNew(k, v, by))('email', body[emailKey]);
  }

  collidedKinds(): Record<string, number> {
    return Object.fromEntries(this.collided);
  }

  counted(): Record<string, number> {
    return Object.fromEntries(this.fresh);
  }
}

/** A 200 reply to `operation`: a new customer, a new card, a new ssoToken, or an empty list. */
function answer(operation: string, body: Body): Responded {
  const json: Body = operation === 'EnrollCustomer' ? { [responseMembers.enrollCustomer]: randomUUID() }
    : operation.startsWith('AddOrUpdate') ? { [responseMembers.cards]: [{ cardId: randomUUID(), lastFourDigits: String(body.cardNumber ?? body.lastFourOfCard ?? '****').slice(-4) }] }
      : operation === 'AuthenticateOBO' ? { [responseMembers.ssoToken]: `sso-${randomUUID()}` }
        : operation === 'GetRegisteredCards' ? { [responseMembers.cards]: [] } : {};
  return {
    request: { operation, method: 'POST', url: 'https://dry.test/', query: {}, headers: {}, correlationId: randomUUID() },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify(json), json },
    durationMs: 1, attempts: [],
  } as unknown as Responded;
}

const noOp = new Proxy({}, { get: () => () => [] });

/** A worker's context whose client answers every fixture request (its enrolments and cards are new). */
export function dryContext(profile: Profile, seen: Identities, runSeed: number): HarnessContext {
  const session = { sessionId: randomUUID(), deviceId: profile.deviceId };
  const client = {
    redactor: noOp,
    async call(operation: string, input: CallInput): Promise<Exchange> {
      const body = (input.body ?? {}) as Body;
      if (operation === 'EnrollCustomer') seen.sendNew(`fixture ${operation}`, body, profile.emailKey);
      if (operation === 'AddOrUpdateCard') seen.callNew('card identity', body.cardNumber, 'fixture AddOrUpdateCard');
      return answer(operation, body);
    },
    async authenticatePartner() { return { sessionId: randomUUID(), exchange: answer('AuthenticatePartner', {}) }; },
    async openSession() { return { sessionId: randomUUID(), deviceId: profile.deviceId }; },
  };
  return {
    profile: { ...profile, kind: 'sandbox' }, client, runSeed, runId: `r${runSeed.toString(36)}`,
    session: async () => session, footprint: noOp, health: noOp, record: () => undefined,
  } as unknown as HarnessContext;
}

type Command = fc.AsyncCommand<Model, SequenceRun>;

/** The sequence's side: requests are classified by the command that sends them. */
export class DryRun extends SequenceRun {
  private command: Command | undefined;
  private label = '';

  constructor(ctx: HarnessContext, private readonly seen: Identities) {
    super(ctx, { sessionId: randomUUID(), deviceId: ctx.profile.deviceId }, new Journal(new Set()));
  }

  /** The command, reporting to this run which command is acting. */
  watch(c: Command): Command {
    // fc.commands hands out its own wrappers: the command is inside.
    const inner = (c as { cmd?: Command }).cmd ?? c;
    return { check: (m) => c.check(m), run: async (m, r) => { this.command = inner; await c.run(m, r); }, toString: () => c.toString() };
  }

  override step(label: string): void { this.label = label; }
  override adopt(x: Exchange): Responded { return x as Responded; }
  override judge(): CaseOutcome { return { exchanges: [], findings: [], checked: [] }; }

  override async call(operation: string, input: CallInput): Promise<Responded> {
    const body = (input.body ?? {}) as Body;
    const name = this.command?.constructor.name ?? 'setup';
    const fresh = (kind: string, value: unknown) => this.seen.callNew(kind, value, `${name}: ${this.label}`);
    if (operation === 'EnrollCustomer') this.seen.sendNew(`${name}: ${this.label}`, body, this.ctx.profile.emailKey, (this.command as { duplicate?: 'ssn' | 'email' } | undefined)?.duplicate);
    const newCard = ['AddCard', 'AddTokenizedCard', 'ChangeToken', 'DeniedBinCard'].includes(name);
    for (const key of ['cardNumber', 'cardToken']) (newCard ? fresh : this.seen.send.bind(this.seen))('card identity', body[key]);
    const pair = `${String(body.cardBin)}/${String(body.lastFourOfCard ?? '')}`;
    if (operation === 'AddOrUpdateTokenizedCard') (name === 'AddTokenizedCard' ? fresh : this.seen.send.bind(this.seen))(`token card of ${String(body.customerId)}`, pair);
    if (operation === 'AddSessionAttributes' && this.label.includes('never registered')) {
      const items = (body.sessionAttributes ?? []) as Array<{ name: string; value: string }>;
      items.filter((i) => i.name !== 'SsoToken' && i.name !== 'PreferredEmail').forEach((i) => fresh('card identity', i.value));
    }
    return answer(operation, body);
  }
}
