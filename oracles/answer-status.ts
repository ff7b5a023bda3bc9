import type { Exchange } from '../client/index.js';
import { statusMemberMatches, wwwAuthenticateOn401 } from '../checks/index.js';
import { errorBodyIsJson } from '../checks/error-body.js';
import { carriesProblem } from '../checks/problem-members.js';
import type { Responded } from '../checks/support.js';
import { oracle, type Oracle } from './oracle.js';

/**
 * What an answer of a status carries, judged wherever the answer was received, whatever the reason
 * the harness sent the request: a Problem's status member equal to the HTTP status; a 401's WWW-Authenticate (D27, RFC 7235 §3.1) on a bad token, a
 * refused session, a version or token-reuse case, a model step or the token endpoint's
 * invalid_client after Basic credentials (the check's own guard). Each suite named it where it
 * expected a 401 (blind13: the expired token's 401 was judged by the bearer suite alone), so a 401
 * met anywhere else went unjudged; the row a 401 names is answer-row.ts's, as for any error.
 */
export function answeredStatusOracles(x: Exchange): Oracle[] {
  if (!x.response) return [];
  const out = x.response.status === 401 ? [oracle(wwwAuthenticateOn401, undefined, 'BEARER-WWW-AUTHENTICATE')] : [];
  // A Problem's status member is the HTTP status on every answer that carries one (RFC 7807 §3.1), not only on a
  // documented row's 4xx (blind17: a 200 carried a Problem saying 422, where D30 leaves the answer's status open).
  if (carriesProblem(x as Responded)) out.push(oracle(statusMemberMatches, { kind: 'refused', operation: x.request.operation, requirement: 'GEN-NO-5XX' }, 'ERR-STATUS-MEMBER'));
  return out;
}

/**
 * A bearer 401's JSON body (D2, "Error bodies are JSON"): the register asks the answer more than a
 * JSON body, so unlike a D4 or D30 refusal it leaves the answer's row to be judged (a 401
 * UNAUTHORIZED on AuthenticatePartner is that row, whatever token was refused).
 */
export const errorBodyBesideRow = (): Oracle => ({ ...oracle(errorBodyIsJson, undefined, 'ERR-JSON-BODY'), leavesRowOpen: false });
