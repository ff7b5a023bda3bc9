import { apiVersion, operation, responseMembers, tokenContract, sessionHeaders, versionParameter } from '../contract/index.js';
import type { ObservedExchange } from '../contract/observed-exchange.js';
import { anyOperation, responseId, type ScenarioResponse } from './responses.js';
import { bearerOf, operationAt } from './scenario.js';

/**
 * One exchange as grading reads it: what the client sent (operation, token, session, device,
 * apiVersion), what it was shown (documented response id, planned answer) and when.
 * Observations are in arrival order (`seq`).
 */
export interface Observation {
  readonly seq: number;
  readonly at: number;
  readonly end: number;
  readonly kind: 'token' | 'partner' | 'other';
  readonly operation?: string;
  readonly exchange: ObservedExchange;
  /** Method, path, query (apiVersion left out) and body: two calls with the same key are the same request. */
  readonly key: string;
  readonly token?: string;
  readonly sessionId?: string;
  readonly deviceId?: string;
  readonly apiVersion?: string;
  readonly planned?: ScenarioResponse;
  /** The documented response the client was shown (reply classified), if an answer went out. */
  readonly shown?: string;
  readonly issuedToken?: { readonly value: string; readonly expiresIn: number };
  readonly issuedSession?: { readonly id: string; readonly deviceId?: string };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const parse = (s: string | undefined): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(s ?? '');
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The documented response an answer shows (the coverage key of reporting/coverage.ts, access 401s under `*`). */
export function classify(e: ObservedExchange, opId: string): string | undefined {
  if (e.outcome !== 'answered' || e.status === undefined) return undefined;
  const op = operation(opId);
  if (e.status >= 200 && e.status < 300) return responseId(op.id, op.success.status, 'success');
  const body = parse(e.replyBody);
  if (e.status === 401 && op.sessionRequired) {
    const challenge = String(e.replyHeaders?.['www-authenticate'] ?? '');
    return responseId(anyOperation, 401, /invalid_token/i.test(challenge) ? 'TOKEN_EXPIRED' : 'SESSION_LOST');
  }
  const code = text(body?.errorCode) ?? text(body?.[responseMembers.legacyErrorCode]) ?? (e.status === 400 ? 'VALIDATION' : 'NONE');
  return responseId(op.id, e.status, code);
}

export function toObservation(e: ObservedExchange, planned: ScenarioResponse | undefined, tokenPath: string): Observation {
  const op = operationAt(e.method, e.path);
  const query = { ...e.query };
  const versionInQuery = text(query[versionParameter]);
  delete query[versionParameter];
  const header = (name: string) => text(e.headers[name.toLowerCase()]);
  const reply = parse(e.replyBody);
  const ok = e.status !== undefined && e.status >= 200 && e.status < 300;
  const issuedToken = e.path === tokenPath && ok && text(reply?.access_token)
    ? { value: reply!.access_token as string, expiresIn: typeof reply!.expires_in === 'number' ? reply!.expires_in : tokenContract.expiresIn } : undefined;
  const sessionHeader = text(e.replyHeaders?.[sessionHeaders.sessionId.toLowerCase()]);
  const issuedSession = op && !op.sessionRequired && ok && sessionHeader
    ? { id: sessionHeader, deviceId: text((e.body as Record<string, unknown> | undefined)?.[sessionHeaders.deviceId]) } : undefined;
  const versionValue = header(versionParameter) ?? versionInQuery;
  const shown = op ? classify(e, op.id) : undefined;
  return {
    seq: e.seq, at: e.receivedAt, end: e.finishedAt, exchange: e,
    kind: e.path === tokenPath ? 'token' : op ? 'partner' : 'other',
    key: `${e.method} ${e.path} ${canonical(query)} ${canonical(e.body ?? null)}`,
    ...(op ? { operation: op.id } : {}),
    ...(bearerOf(e.headers) ? { token: bearerOf(e.headers) } : {}),
    ...(header(sessionHeaders.sessionId) ? { sessionId: header(sessionHeaders.sessionId) } : {}),
    ...(header(sessionHeaders.deviceId) ? { deviceId: header(sessionHeaders.deviceId) } : {}),
    ...(versionValue ? { apiVersion: versionValue } : {}),
    ...(planned ? { planned } : {}),
    ...(shown ? { shown } : {}),
    ...(issuedToken ? { issuedToken } : {}),
    ...(issuedSession ? { issuedSession } : {}),
  };
}

/** The current API version (contract), for CLIENT-API-VERSION. */
export const currentApiVersion = apiVersion;

/** The next partner call after index `i` (token calls in between are a client's own business). */
export function nextPartnerCall(list: readonly Observation[], i: number): Observation | undefined {
  return list.slice(i + 1).find((o) => o.kind === 'partner');
}

/** The transient answer planned for this call, if any. */
export const transientOf = (o: Observation): ScenarioResponse | undefined =>
  o.planned && !o.planned.documented ? o.planned : undefined;
