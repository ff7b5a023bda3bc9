import { randomUUID } from 'node:crypto';
import type { PartnerSession, Transaction } from '../state/index.js';
import type { SessionStore } from '../state/sessions.js';
import { newestFirst } from '../state/index.js';
import type { SwitchSet } from '../switchboard.js';

/** Session, ssoToken and history readings of the fourth blind review (reference/readings-blind4.ts). */

/** Reading `blind4-session-reused-per-device` (D3): the open session of this client and device, answered again. */
export function blind4SessionOfDevice(readings: SwitchSet, sessions: SessionStore, clientId: string, deviceId: string): PartnerSession | undefined {
  return readings.has('blind4-session-reused-per-device') ? sessions.withDevice(clientId, deviceId) : undefined;
}

/** When each ssoToken of a session was issued, and which were used by AddSessionAttributes. */
interface TokenLog { issued: Map<string, number>; used: Set<string> }
const logs = new WeakMap<PartnerSession, TokenLog>();
const logOf = (session: PartnerSession): TokenLog => {
  const log = logs.get(session) ?? { issued: new Map(), used: new Set() };
  logs.set(session, log);
  return log;
};
/** `blind4-sso-token-short-lived`: milliseconds an ssoToken is accepted after it was issued. */
export const ssoTokenLifetimeMs = 60_000;
const expired = (log: TokenLog, token: string) => Date.now() - (log.issued.get(token) ?? Date.now()) > ssoTokenLifetimeMs;

/**
 * The ssoToken an AuthenticateOBO of `customerId` hands out: readings `blind4-sso-token-reissued-until-used`
 * (the session's current token again while unused), `blind4-sso-token-guid` (a GUID), else `fresh()`.
 */
export function blind4SsoToken(readings: SwitchSet, session: PartnerSession, customerId: string, fresh: () => string): string {
  const log = logOf(session);
  const current = session.ssoTokens.at(-1);
  if (readings.has('blind4-sso-token-reissued-until-used') && current !== undefined && session.oboCustomerId === customerId && !log.used.has(current)
    && !(readings.has('blind4-sso-token-short-lived') && expired(log, current))) return current;
  const token = readings.has('blind4-sso-token-guid') ? randomUUID() : fresh();
  log.issued.set(token, Date.now());
  return token;
}

/** Reading `blind4-sso-token-short-lived` (D19): an ssoToken older than its lifetime is invalid. */
export function blind4SsoTokenExpired(readings: SwitchSet, session: PartnerSession, token: string | undefined): boolean {
  return readings.has('blind4-sso-token-short-lived') && token !== undefined && logs.has(session) && expired(logOf(session), token);
}

/** AddSessionAttributes applied with `token`: reading `blind4-sso-token-reissued-until-used` issues a new one next time. */
export function blind4SsoTokenUsed(session: PartnerSession, token: string | undefined): void {
  if (token !== undefined) logOf(session).used.add(token);
}

const shift = (iso: string | number | null, ms: number) => (typeof iso === 'string' && iso !== '' ? new Date(Date.parse(iso) + ms).toISOString() : iso);

/**
 * Reading `blind4-history-tied-pairs` (D21, D22): of each pair of a card's history (newest first), the
 * older takes the newer's createdOn, every timestamp of it moved by the same amount.
 */
export function blind4TiedPairs(readings: SwitchSet, history: Transaction[]): Transaction[] {
  if (!readings.has('blind4-history-tied-pairs')) return history;
  return history.map((t, i) => {
    if (i % 2 === 0) return t;
    const ms = Date.parse(String(history[i - 1]!.createdOn)) - Date.parse(String(t.createdOn));
    return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, /On$|Date$/.test(k) ? shift(v, ms) : v]));
  });
}

/** Newest first; under `blind4-history-tied-pairs` equal createdOn are listed by transactionId descending. */
export function blind4NewestFirst(readings: SwitchSet): (a: Transaction, b: Transaction) => number {
  if (!readings.has('blind4-history-tied-pairs')) return newestFirst;
  return (a, b) => String(b.createdOn).localeCompare(String(a.createdOn)) || String(b.transactionId).localeCompare(String(a.transactionId));
}
