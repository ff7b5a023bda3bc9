import { randomUUID } from 'node:crypto';
import { operation } from '../contract/operations.js';
import type { Profile } from '../contract/profile.js';
import { apiVersion, sessionHeaders, versionParameter } from '../contract/resources.js';
import { partnerHeaderNames } from '../contract/header-names.js';
import { respell, type HeaderNames } from './header-spelling.js';
import type { CaseRequest } from './exchange.js';
import { queryWithVersion, type VersionWay } from './version-place.js';

export interface Session {
  readonly sessionId: string;
  readonly deviceId: string;
}

export interface CallInput {
  /** Request fields; for an operation sent with GET (D1) they go in the query string. */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
}

export interface CallOptions {
  readonly session?: Session;
  /** Extra headers; they win over the ones the client sets. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Send no Authorization header (D2 negative cases). */
  readonly omitAuth?: boolean;
  /** Present this value as the Bearer token instead of a fresh one (malformed, expired). */
  readonly bearer?: string;
  /** D5: where apiVersion goes; default profile.apiVersionIn. */
  readonly apiVersionIn?: VersionWay | 'none';
  readonly apiVersion?: string;
  /** With apiVersion in the query string: its place among the operation's parameters (0: first); default last. */
  readonly versionAt?: number;
  /** Sent verbatim (malformed JSON); content-type application/json unless headers say otherwise. */
  readonly rawBody?: string;
  /** Query parameters to give a second time, with the same value (repeated-query-parameter). */
  readonly repeatQuery?: readonly string[];
  /** Overrides retry.ts `retrySafe` (the operation's contract `writes`) for this request. */
  readonly idempotent?: boolean;
  /** Spells the headers the document names (a JSON body's Content-Type included) the document's way, or re-cased. */
  readonly headerNames?: HeaderNames;
}

function toQuery(fields: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  }
  return out;
}

/**
 * A partner operation's request as data: method and path from the profile and contract (D1),
 * apiVersion where the profile puts it (D5), the Bearer token (D2) and session headers (D3).
 * `bearer` is the token to present, undefined with omitAuth.
 */
export function partnerRequest(
  profile: Profile, baseUrl: string, operationId: string, input: CallInput, o: CallOptions, bearer: string | undefined,
): CaseRequest {
  const op = operation(operationId);
  const method = profile.methods[op.id] ?? op.method;
  const own = toQuery({ ...(method === 'GET' ? input.body : {}), ...input.query });
  const headers: Record<string, string> = { accept: 'application/json' };
  const versionIn = o.apiVersionIn ?? profile.apiVersionIn;
  const version = o.apiVersion ?? apiVersion;
  if (versionIn === 'header') headers[versionParameter] = version;
  const query = versionIn === 'query' ? queryWithVersion(own, version, o.versionAt) : own;
  if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`;
  if (o.session) {
    headers[sessionHeaders.sessionId] = o.session.sessionId;
    headers[sessionHeaders.deviceId] = o.session.deviceId;
  }
  if (o.rawBody !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, o.headers);
  const body = method === 'GET' ? undefined : input.body;
  // The media type the transport would add in lower case is written here, so it is spelt as asked.
  if (o.headerNames && body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const sent = o.headerNames ? respell(headers, partnerHeaderNames({ sessionRequired: op.sessionRequired, method }), o.headerNames) : headers;
  const repeated = (o.repeatQuery ?? []).filter((k) => query[k] !== undefined);
  return {
    operation: op.id, method, url: `${baseUrl}${op.path}`, query, headers: sent,
    ...(repeated.length ? { repeatedQuery: repeated } : {}),
    ...(body === undefined ? {} : { body }),
    ...(o.rawBody === undefined ? {} : { rawBody: o.rawBody }),
    correlationId: randomUUID(),
  };
}
