import { versionParameter } from '../contract/resources.js';
import type { CaseRequest } from './exchange.js';

/**
 * Where apiVersion goes in a request (D5: "selected by a header or a query string parameter, both
 * named apiVersion"). A target may route each way to other code, or rewrite the query string around
 * the parameter, so the suites choose both the way and, in the query string, the place among the
 * operation's own parameters (blind16: parameters after apiVersion were cut off by a URL rewrite).
 */
export type VersionWay = 'header' | 'query';

/** `query` with apiVersion=`version` before its `at`-th parameter (0: first; at or past the end, the default: last). */
export function queryWithVersion(query: Readonly<Record<string, string>>, version: string, at = Number.POSITIVE_INFINITY): Record<string, string> {
  const entries = Object.entries(query).filter(([name]) => name !== versionParameter);
  entries.splice(Math.min(Math.max(at, 0), entries.length), 0, [versionParameter, version]);
  return Object.fromEntries(entries);
}

/**
 * The same request with apiVersion moved to `way` (last in the query string), its value kept: a
 * probe that repeats a served request another way (the allow list's, sent from another address).
 * A request that carries no apiVersion is returned as it is.
 */
export function withVersionIn(request: CaseRequest, way: VersionWay): CaseRequest {
  const header = Object.keys(request.headers).find((name) => name.toLowerCase() === versionParameter.toLowerCase());
  const version = request.query[versionParameter] ?? (header === undefined ? undefined : request.headers[header]);
  if (version === undefined) return request;
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== header));
  const query = Object.fromEntries(Object.entries(request.query).filter(([name]) => name !== versionParameter));
  return way === 'header'
    ? { ...request, headers: { ...headers, [versionParameter]: version }, query }
    : { ...request, headers, query: queryWithVersion(query, version) };
}
