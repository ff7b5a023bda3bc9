import { defineCheck } from './define.js';

/**
 * What a token may do does not depend on how it was obtained: the two documented credential
 * modes (a Basic header, the form body; interface.md "Authentication" 6) issue tokens alike.
 */

export interface IssuedTokenExpectation {
  /** How the token's request carried the credentials. */
  readonly credentialsIn: 'basic' | 'body';
}

/**
 * TOKEN-ISSUED: a token the endpoint issued for the run's own client is not refused with 401 on
 * the partner call it was asked for, whichever credential mode obtained it (blind18: tokens of one
 * mode judged apart). Only 401 speaks about the token; other statuses are the operation's business.
 * @see interface.md "Authentication" 6-9
 */
export const issuedTokenServes = defineCheck({
  id: 'issuedTokenServes', requirement: 'TOKEN-ISSUED', expectation: 'IssuedTokenExpectation',
  description: 'a token issued to the run\'s own client, by either credential mode, is not refused with 401 on its first partner call',
  rule(x, e: IssuedTokenExpectation, fail) {
    if (x.response.status !== 401) return [];
    return [fail(x.request.operation, {
      title: 'Issued token refused',
      received: `401 on the first call with a token just issued for credentials in ${e.credentialsIn === 'basic' ? 'a Basic header' : 'the form body'}`,
      documented: 'client credentials are sent in one of two ways, a Basic header or the form body; the token issued serves the partner calls either way',
      key: [e.credentialsIn],
    }, x)];
  },
});
