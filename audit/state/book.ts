import { responseMembers, sessionHeaders, tokenContract } from '../../contract/index.js';
import type { AuditEntry } from '../entries.js';
import { cardEventOf, type CardEvent } from './card-events.js';
import { before, overlap, spanOf, type Span } from './span.js';

export { before, overlap, spanOf, type Span } from './span.js';

/**
 * What the traffic itself shows about the target's state, on a timeline: which customers exist
 * (enrolled or found), which cards were added and deleted, which sessions were opened (and with
 * which deviceId), where AuthenticateOBO succeeded, which tokens were issued and for how long.
 * A fact counts from the moment its answer was complete; a change whose exchange overlaps the one
 * being judged makes the affected state uncertain (concurrent clients), never a finding.
 */

const ok = (e: AuditEntry): boolean => !!e.exchange.response && e.exchange.response.status >= 200 && e.exchange.response.status < 300 && !e.exchange.transportError;
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const id = (v: string): string => v.toLowerCase();
const span = spanOf;
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface Enrolment extends Span { readonly customerId: string; readonly ssn?: string; readonly email?: string; readonly dateOfBirth?: string }
export interface OpenedSession extends Span { readonly deviceId?: string }
export interface Obo extends Span { readonly ok: boolean; readonly customerId?: string; readonly ssoToken?: string }
export interface IssuedToken extends Span { readonly expiresIn: number }

export class Book {
  /** customerId (lower case) → the exchange that first showed it exists. */
  readonly customers = new Map<string, Span>();
  readonly enrolments: Enrolment[] = [];
  readonly cardEvents = new Map<string, CardEvent[]>();
  readonly sessions = new Map<string, OpenedSession>();
  readonly obo = new Map<string, Obo[]>();
  readonly tokens = new Map<string, IssuedToken>();
  /** Every partner call a token was presented on, in start order. */
  readonly tokenUses = new Map<string, Array<Span & { readonly status?: number }>>();
  readonly ssoTokens = new Set<string>();
  /** Client secrets sent to the token endpoint: they must never come back (NO-SECRET-ECHO). */
  readonly clientSecrets = new Set<string>();
  /** Some partner call carries an Authorization header: a sanitized export (Chrome's strips it) carries none. */
  authorizationRecorded = false;
  /** Card numbers sent per customer: a card list must never carry them (tokens: the leak oracle of their own request). */
  readonly cardNumbers = new Map<string, Set<string>>();

  /** When each 2xx a token served ended, ascending (TOKEN-REUSE asks how many came before a call). */
  private readonly served = new Map<string, number[]>();

  constructor(entries: readonly AuditEntry[]) {
    for (const e of entries) this.add(e);
    for (const list of this.cardEvents.values()) list.sort((a, b) => a.end - b.end || a.index - b.index);
    for (const [token, uses] of this.tokenUses)
      this.served.set(token, uses.filter((u) => u.status !== undefined && u.status >= 200 && u.status < 300).map((u) => u.end).sort((a, b) => a - b));
  }

  /** How many calls the token served with a 2xx that ended by `at`. */
  servedBy(token: string, at: number): number {
    const ends = this.served.get(token) ?? [];
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private known(customerId: unknown, e: AuditEntry): void {
    const c = str(customerId);
    const shown = c ? this.customers.get(id(c)) : undefined;
    if (c && (!shown || shown.end > span(e).end)) this.customers.set(id(c), span(e));
  }

  private add(e: AuditEntry): void {
    const { request, response } = e.exchange;
    const body = obj(request.body);
    const reply = obj(response?.json);
    if (e.recognised.kind === 'token') return this.token(e, reply);
    if (e.recognised.kind !== 'partner') return;
    const op = e.recognised.operation.id;
    if (request.headers.authorization !== undefined) this.authorizationRecorded = true;
    const bearer = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) push(this.tokenUses, bearer, { ...span(e), ...(response ? { status: response.status } : {}) });
    const sessionId = request.headers[sessionHeaders.sessionId.toLowerCase()];
    if (op === 'AuthenticatePartner' && ok(e)) {
      const opened = response!.headers[sessionHeaders.sessionId.toLowerCase()];
      const deviceId = str(body[sessionHeaders.deviceId]);
      if (opened) this.sessions.set(opened, { ...span(e), ...(deviceId ? { deviceId } : {}) });
    }
    if (op === 'EnrollCustomer' && ok(e) && str(reply[responseMembers.enrollCustomer])) {
      const customerId = str(reply[responseMembers.enrollCustomer])!;
      this.known(customerId, e);
      this.enrolments.push({ ...span(e), customerId, ...pick(body, ['ssn', 'dateOfBirth']), ...(str(body.emailAddress ?? body.email) ? { email: str(body.emailAddress ?? body.email)! } : {}) });
    }
    if (op === 'FindCustomer' && ok(e)) this.known(reply[responseMembers.findCustomer], e);
    if (op === 'AuthenticateOBO' && sessionId) {
      const token = ok(e) ? str(reply[responseMembers.ssoToken]) : undefined;
      if (token) this.ssoTokens.add(token);
      if (ok(e)) this.known(body.customerId, e);
      push(this.obo, sessionId, { ...span(e), ok: ok(e), ...(str(body.customerId) ? { customerId: str(body.customerId)! } : {}), ...(token ? { ssoToken: token } : {}) });
    }
    const card = cardEventOf(e);
    if (card) {
      push(this.cardEvents, id(card.customerId), card);
      if (card.cardKind === 'number') this.cardNumbers.set(id(card.customerId), (this.cardNumbers.get(id(card.customerId)) ?? new Set()).add(card.identity));
      if (card.kind === 'upsert' && card.ok) this.known(card.customerId, e);
    }
    // A list holding a card shows its owner exists; an empty one may be D30's answer to a customerId of nobody (a cardId sent as one).
    const listed = reply[responseMembers.cards];
    if (op === 'GetRegisteredCards' && ok(e) && Array.isArray(listed) && listed.length > 0) this.known(request.query.customerId, e);
  }

  private token(e: AuditEntry, reply: Record<string, unknown>): void {
    const { request } = e.exchange;
    const form = new URLSearchParams(request.rawBody ?? '');
    const basic = /^Basic\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    const fromBasic = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':') : undefined;
    for (const s of [form.get('client_secret') ?? undefined, fromBasic]) if (s) this.clientSecrets.add(s);
    const token = ok(e) ? str(reply.access_token) : undefined;
    if (token) this.tokens.set(token, { ...span(e), expiresIn: typeof reply.expires_in === 'number' ? reply.expires_in : tokenContract.expiresIn });
  }

  /** The customer was shown to exist before `at` left (customers are never deleted). */
  customerKnown(customerId: unknown, at: Span): boolean {
    const shown = str(customerId) ? this.customers.get(id(str(customerId)!)) : undefined;
    return shown !== undefined && before(shown, at);
  }

  /** The enrolment of `customerId` in this traffic: before it, the customer did not exist. */
  enrolled(customerId: string): Enrolment | undefined {
    return this.enrolments.find((x) => id(x.customerId) === id(customerId));
  }

  cardEventsOf(customerId: string): readonly CardEvent[] {
    return this.cardEvents.get(id(customerId)) ?? [];
  }
}

function pick(body: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (str(body[n]) ? [[n, str(body[n])!]] : [])));
}
