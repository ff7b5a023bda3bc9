import { listedResources, sessionHeaders } from '../contract/resources.js';
import { successBodyOf } from '../contract/success-bodies.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, nonEmptyString, onlyWhenStatus, type Responded } from './support.js';

/**
 * A refusal grants nothing: the status alone does not refuse a call. A server that
 * refuses after the action ran (a result filter setting 403 on the action's answer, a session opened
 * before the partner check) answers with a refusal's status and hands out what the call was for.
 * Two checks: a refusal's body carries none of the operation's answer, and a session a refusal
 * hands out is refused when used.
 */

/** Requirements whose refusals are judged so: the allow list (D25, D46), the denied client (D3), a bad bearer token (D2). */
const refusalRows = ['ALLOW-LIST', 'ERR-UNAUTHORIZED', 'BEARER-REQUIRED'] as const;

export interface RefusalGrantExpectation {
  /** The row the refused request was sent for. */
  readonly requirement: (typeof refusalRows)[number];
}

/** The session header a refusal carried, if any: what a client would keep and send back. */
export function sessionHandedOut(x: Responded): string | undefined {
  const value = x.response.headers[sessionHeaders.sessionId.toLowerCase()];
  return nonEmptyString(value) && !is2xx(x.response.status) ? value : undefined;
}

/** What of a served answer the body carries: a token, the operation's documented success member, a resource list. */
export function answerMaterial(x: Responded): string[] {
  const body = bodyObject(x);
  if (!body) return [];
  const success = successBodyOf(x.request.operation);
  return [
    ...(nonEmptyString(body.access_token) ? ['an access_token'] : []),
    ...(success && success.member in body ? [`the success member ${success.member}`] : []),
    ...listedResources.filter((l) => Array.isArray(body[l.member])).map((l) => `a ${l.member} list`),
  ];
}

/**
 * ALLOW-LIST (D25, D46): "calls are accepted only from allow-listed partner IP addresses": a call
 * refused from off the list carries none of what the call would have answered (a token, the
 * operation's success member, its resource list). Which error body it carries stays open (D25).
 * @see interface.md "Authentication" 2
 */
export const refusalCarriesNoAnswer = defineCheck({
  id: 'refusalCarriesNoAnswer', expectation: 'RefusalGrantExpectation',
  requirement: { from: 'case requirement', among: refusalRows, of: (e: RefusalGrantExpectation) => [e.requirement] },
  description: 'a refused call\'s answer carries no token, success member or resource list of the operation (D25, D46)',
  rule(x, e: RefusalGrantExpectation, fail) {
    const carried = answerMaterial(x);
    if (carried.length === 0) return [];
    return [fail(e.requirement)(x.request.operation, {
      title: 'Refusal carries the operation\'s answer',
      received: `status ${x.response.status} with ${carried.join(', ')}`,
      documented: 'a refused call is not served: its answer carries nothing the call was for',
      key: ['answer', ...carried.map((c) => c.split(' ').pop()!)],
    }, x)];
  },
  when: [onlyWhenStatus((s) => !is2xx(s))],
});

export interface RefusedSessionUseExpectation extends RefusalGrantExpectation {
  /** What was refused, for the message: "AuthenticatePartner of the denied client". */
  readonly refused: string;
}

/**
 * A session handed out by a refused AuthenticatePartner (a sessionId header on a 401 or 403) is no
 * session: a call that would succeed with a session the target opened is refused with it (D4: any
 * 4xx, never a success). Judged on that call; its failure is the refused request's row.
 */
export const refusedSessionUnusable = defineCheck({
  id: 'refusedSessionUnusable', expectation: 'RefusedSessionUseExpectation',
  requirement: { from: 'case requirement', among: refusalRows, of: (e: RefusedSessionUseExpectation) => [e.requirement] },
  description: 'a sessionId a refusal carried is refused when used (D2, D3, D4, D25)',
  rule(x, e: RefusedSessionUseExpectation, fail) {
    return [fail(e.requirement)(x.request.operation, {
      title: 'Session handed out by a refusal accepted',
      received: `status ${x.response.status} to a call with the sessionId the refused ${e.refused} carried`,
      documented: 'a refused request opens no session: a later call with its sessionId is refused (D4)',
      key: ['session', e.refused],
    }, x)];
  },
  when: [onlyWhenStatus(is2xx)],
});
