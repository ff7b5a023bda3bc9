import { apiVersion, versionParameter } from '../contract/resources.js';
import { tokenContract } from '../contract/token.js';
import { defineCheck } from './define.js';
import { businessRefusal } from './error-row.js';
import { tokenTimeProblem, tokenTimeText } from './token-time.js';
import { bodyObject, is2xx, is4xx, nonEmptyString, show, type Responded } from './support.js';
import type { Finding } from './finding.js';

/**
 * Access rules that are about whether something is served at all: a documented token request
 * gets a token, a form-less one does not, one token serves several calls, and both apiVersion
 * strategies select version 1.
 */

export interface TokenRequestExpectation {
  /** How the documented request carried the credentials, for the message. */
  readonly credentialsIn: 'basic' | 'body';
  readonly scope: string;
}

/**
 * TOKEN-ISSUED: a documented token request (valid credentials, a documented scope) gets 200
 * with a non-empty access_token. Its shape is tokenResponseShape's business. A JWT whose exp comes
 * before the arrival plus expires_in (beyond the leeway) fails TOKEN-REUSE: a client that reuses it
 * as expires_in says is refused before then.
 * @see interface.md "Authentication" 4-9
 */
export const tokenIssued = defineCheck({
  id: 'tokenIssued', expectation: 'TokenRequestExpectation',
  requirement: { from: 'TOKEN-ISSUED; TOKEN-REUSE for an exp before the arrival plus expires_in', among: ['TOKEN-ISSUED', 'TOKEN-REUSE'], of: () => ['TOKEN-ISSUED', 'TOKEN-REUSE'] },
  description: 'a documented token request (Basic header or form body, documented scope) gets 200 with an access_token, not expired nor not yet valid when it arrives, nor expiring before expires_in has passed (a JWT\'s exp and nbf against this machine\'s clock, 300 s leeway)',
  rule(x, e: TokenRequestExpectation, fail) {
    const body = bodyObject(x);
    const token = body?.access_token;
    // A token already expired (or not yet valid) when it arrived cannot serve the call it was asked for (blind18);
    // one that expires before expires_in has passed cannot serve the calls a client reuses it for (blind19).
    const late = x.response.status === 200 && nonEmptyString(token) && x.receivedAtMs !== undefined ? tokenTimeProblem(token, x.receivedAtMs, body?.expires_in) : undefined;
    if (late) return [fail(late.expiresIn === undefined ? 'TOKEN-ISSUED' : 'TOKEN-REUSE')(x.request.operation, {
      title: late.expiresIn === undefined ? 'Token issued unusable' : 'Token expires before expires_in',
      received: `an access token that ${tokenTimeText(late)} (credentials in ${e.credentialsIn}, scope ${e.scope})`,
      documented: late.expiresIn === undefined ? `a token that serves calls for its lifetime (${tokenContract.expiresIn} seconds; clients "may reuse an access token for consecutive calls")`
        : 'clients "may reuse an access token for consecutive calls and use expires_in to decide when to fetch a new one"',
      key: [e.credentialsIn, e.scope, late.claim, late.expiresIn === undefined ? 'arrival' : 'lifetime'],
    }, x)];
    if (x.response.status === 200 && nonEmptyString(token)) return [];
    return [fail('TOKEN-ISSUED')(x.request.operation, {
      title: 'Token not issued',
      received: `status ${x.response.status}${x.response.status === 200 ? ' without an access_token' : ` with ${show(x.response.json ?? x.response.bodyText)}`} (credentials in ${e.credentialsIn}, scope ${e.scope})`,
      documented: `200 with an access token for a ${tokenContract.contentType} client-credentials request, credentials in a Basic header or in the form body`,
      key: [e.credentialsIn, e.scope, x.response.status],
    }, x)];
  },
});

export interface RefusalOfTokenExpectation {
  /**
   * Only form requests that must fail: a JSON body is not one (D33, a server may accept other
   * encodings besides the documented form), so the token suite observes it instead.
   */
  readonly requirement: 'TOKEN-ERRORS';
}

/**
 * TOKEN-ERRORS: a form request with bad credentials, grant type or scope gets a 4xx and no
 * token (its body is tokenErrorShape's business).
 * @see interface.md "Authentication" 4, RFC 6749 §4.4.2 and §5.2
 */
export const tokenRequestRefused = defineCheck({
  id: 'tokenRequestRefused', requirement: 'TOKEN-ERRORS', expectation: 'RefusalOfTokenExpectation',
  description: 'a failing form token request gets a 4xx and no token (a JSON body is only observed, D33)',
  rule(x, e: RefusalOfTokenExpectation, fail) {
    const token = bodyObject(x)?.access_token;
    if (is4xx(x.response.status) && token === undefined) return [];
    return [fail(x.request.operation, {
      title: 'Failed token request not refused',
      received: `status ${x.response.status}${token === undefined ? '' : ' with an access_token'}`,
      documented: 'a 4xx with an RFC 6749 section 5.2 error',
      key: [e.requirement, x.response.status],
    }, x)];
  },
});

export interface ReuseExpectation {
  /** 1-based position of this call among the calls presenting the same token. */
  readonly call: number;
}

/**
 * TOKEN-REUSE: a token that already served a call is not refused for being used again.
 * Only 401 speaks about the token; other statuses are the operations' own business.
 * @see interface.md "Authentication" 9
 */
export const tokenReused = defineCheck({
  id: 'tokenReused', requirement: 'TOKEN-REUSE', expectation: 'ReuseExpectation',
  description: 'a token that served a call is not refused with 401 on the next ones',
  rule(x, e: ReuseExpectation, fail) {
    if (x.response.status !== 401) return [];
    return [fail(x.request.operation, {
      title: 'Token refused on reuse',
      received: `401 on call ${e.call} with a token that served the calls before it`,
      documented: 'clients may reuse an access token for consecutive calls until it expires',
      key: [e.call > 1 ? 'reuse' : 'first'],
    }, x)];
  },
});

export interface VersionExpectation {
  readonly requirement: 'VERSION-HEADER' | 'VERSION-QUERY';
  /**
   * The status of a refusal for a reason of the target's own (D16, D37: a business code, never a 400)
   * that the same body met with the version selected the other way: met here too, it shows the
   * request reached the business rules, so the version was selected (an EnrollCustomer of an SSN in
   * use, which enrols no customer).
   */
  readonly otherWayRefusedWith?: number;
}

/**
 * VERSION-HEADER / VERSION-QUERY: a request selecting apiVersion 1 by the header, or by the
 * query string, is served (2xx) by an operation that succeeds without it being wrong, or, where the
 * same body selecting the version the other way met a refusal of the target's own, meets that refusal.
 * @see interface.md "Versioning", decisions.md D5
 */
export const versionSelected = defineCheck({
  id: 'versionSelected', expectation: 'VersionExpectation',
  requirement: { from: 'case requirement', among: ['VERSION-HEADER', 'VERSION-QUERY'], of: (e: VersionExpectation) => [e.requirement] },
  description: 'apiVersion 1 by header, or by query string, is served (D5)',
  rule(x, e: VersionExpectation, fail) {
    if (is2xx(x.response.status)) return [];
    if (e.otherWayRefusedWith !== undefined && x.response.status !== 400 && businessRefusal(x)?.status === e.otherWayRefusedWith) return [];
    const where = e.requirement === 'VERSION-HEADER' ? 'header' : 'query parameter';
    const name = versionParameter;
    return [fail(e.requirement)(x.request.operation, {
      title: `${name} ${where} not accepted`,
      received: `status ${x.response.status} with ${show(x.response.json ?? x.response.bodyText)}`,
      documented: `the version is selected by a header or a query string parameter named ${name}; ${apiVersion} is current${e.otherWayRefusedWith === undefined ? '' : ` (the same body with the version selected the other way was refused for a reason of the target's own, ${e.otherWayRefusedWith}: it reached the business rules)`}`,
      key: [where, x.response.status],
    }, x)];
  },
});
