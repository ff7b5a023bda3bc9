import { bearerRefused, genericRefusal, tokenReused, type BearerExpectation } from '../../checks/index.js';
import { apiVersion, sessionHeaders, versionParameter, type RequirementId } from '../../contract/index.js';
import { oracle, type Oracle } from '../../oracles/judge.js';
import type { AuditEntry } from '../entries.js';
import { before, spanOf, type Book, type Span } from '../state/book.js';

const span = spanOf;

/**
 * The access layer of a recorded partner call (D2, D4, D5): what the request shows about its
 * token, session and version decides whether its payload can be judged at all. A call refused
 * for its access (401, 403) is judged by the access rules only: the answer is about the token or
 * the session, not the payload. Only what the recording proves is asserted: a token is expired by
 * its own `exp` claim or its issue in this traffic, a session mismatched only where the traffic
 * opened it.
 */
export interface Access {
  readonly oracles: readonly Oracle[];
  /** Why the payload is not judged (the access decides the answer), or undefined. */
  readonly payloadNotJudged?: string;
  /** The bearer was issued in this traffic and is within its lifetime. */
  readonly knownGoodToken: boolean;
  /**
   * The call's session was opened in this traffic, with this deviceId (or it needs none). Only
   * then can a refusal be about the payload: a session the recording never saw opened may be
   * refused for itself, with any status (D4).
   */
  readonly sessionProven: boolean;
}

/** Seconds of clock difference allowed between the recording machine and the token issuer. */
export const clockSlackSeconds = 60;

function jwtExp(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

const jwtShaped = (token: string): boolean => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);

/** What was wrong with the presented bearer, where the recording proves it; undefined when nothing is. */
function bearerProblem(e: AuditEntry, book: Book, token: string | undefined, authorization: string | undefined): BearerExpectation['token'] | undefined {
  // A recording with no Authorization header anywhere was sanitized (browsers strip it on export): nothing is known of the bearer.
  if (authorization === undefined && !book.authorizationRecorded) return undefined;
  if (authorization === undefined || authorization.trim() === '') return 'missing';
  if (token === undefined) return undefined; // another scheme: D2 leaves the presentation to the target
  const issued = book.tokens.get(token);
  if (issued && e.startedAt > issued.end + (issued.expiresIn + clockSlackSeconds) * 1000) return 'expired';
  if (issued) return undefined;
  // TOKEN-SHAPE documents access tokens as JWTs: a bearer that is none was issued by no one.
  if (!jwtShaped(token)) return 'malformed';
  const exp = jwtExp(token);
  return exp !== undefined && e.startedAt > exp + clockSlackSeconds * 1000 ? 'expired' : undefined;
}

const refusal = (operation: string, requirement: RequirementId): Oracle => oracle(genericRefusal, { operation, requirement }, requirement);

export function accessOf(e: AuditEntry, book: Book): Access {
  if (e.recognised.kind !== 'partner') return { oracles: [], knownGoodToken: false, sessionProven: false };
  const op = e.recognised.operation;
  const { headers, query } = e.exchange.request;
  const status = e.exchange.response?.status ?? 0;
  const authorization = headers.authorization;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const problem = bearerProblem(e, book, token, authorization);
  const issued = token ? book.tokens.get(token) : undefined;
  const knownGoodToken = !!issued && !problem;
  const opened = book.sessions.get(headers[sessionHeaders.sessionId.toLowerCase()] ?? '');
  const sessionProven = !op.sessionRequired
    || (!!opened && before(opened, span(e)) && (opened.deviceId === undefined || opened.deviceId === headers[sessionHeaders.deviceId.toLowerCase()]));
  if (problem) {
    // A writing operation may report its invalid body first (bearer suite: "which is fair").
    const bodyFirst = op.writes && status === 400;
    return { oracles: bodyFirst ? [] : [oracle(bearerRefused, { token: problem }, 'BEARER-REQUIRED')], payloadNotJudged: `the bearer token is ${problem}`, knownGoodToken, sessionProven };
  }
  const oracles: Oracle[] = [];
  const served = token && knownGoodToken ? book.servedBy(token, e.startedAt) : 0;
  // RFC 6750 invalid_token for a token that served calls and is within its lifetime: refused on reuse.
  if (served > 0 && !(status === 401 && !/invalid_token/i.test(e.exchange.response?.headers['www-authenticate'] ?? '')))
    oracles.push(oracle(tokenReused, { call: served + 1 }, 'TOKEN-REUSE'));
  if (op.sessionRequired) {
    const sessionId = headers[sessionHeaders.sessionId.toLowerCase()];
    const deviceId = headers[sessionHeaders.deviceId.toLowerCase()];
    if (!sessionId) return { oracles: [...oracles, refusal(op.id, 'SESSION-REQUIRED')], payloadNotJudged: 'no sessionId header', knownGoodToken, sessionProven };
    if (!deviceId) return { oracles: [...oracles, refusal(op.id, 'SESSION-DEVICE-REQUIRED')], payloadNotJudged: 'no deviceId header', knownGoodToken, sessionProven };
    if (opened?.deviceId !== undefined && before(opened, span(e)) && opened.deviceId !== deviceId)
      return { oracles: [...oracles, refusal(op.id, 'SESSION-DEVICE-MATCH')], payloadNotJudged: 'a deviceId other than the session\'s', knownGoodToken, sessionProven };
  }
  if (status === 401 || status === 403) return { oracles, payloadNotJudged: `refused with ${status} for its access`, knownGoodToken, sessionProven };
  // D5: an omitted version, or another one, is unspecified: the answer may be about the version.
  const version = headers[versionParameter.toLowerCase()] ?? query[versionParameter];
  if (version !== apiVersion) return { oracles, payloadNotJudged: version === undefined ? 'no apiVersion (D5: unspecified)' : `apiVersion ${JSON.stringify(version)} (D5: unspecified)`, knownGoodToken, sessionProven };
  return { oracles, knownGoodToken, sessionProven };
}
