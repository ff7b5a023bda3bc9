import { errorRow, operation } from '../contract/index.js';
import { defineCheck } from './define.js';
import { businessErrorCode } from './error-row.js';
import { is2xx, onlyWhenStatus, type Responded } from './support.js';

export interface SessionPairingExpectation {
  /** The deviceId the session was opened with and sent back, as the harness drew it. */
  readonly deviceId: string;
}

/**
 * STATE-SESSION: a session AuthenticatePartner opened serves a later call that sends its sessionId
 * with the deviceId it was opened with, exactly as given ("Must equal the deviceId used in
 * AuthenticatePartner"). The deviceId is drawn over its whole alphabet (contract/client-identifiers.ts):
 * a target that stores it normalised (lower-cased, trimmed, cut) refuses its own session. Judged on a
 * read that succeeds with the session (the run's customer found by its SSN and date of birth). An
 * answer of the operation's own business rows (FindCustomer's 422 CUSTOMER_NOT_FOUND, where the
 * production profile knows no customer's SSN) got past the session: it is served, not refused.
 * @see interface.md "Common headers", States
 */
export const pairedSessionServed = defineCheck({
  id: 'pairedSessionServed', requirement: 'STATE-SESSION', expectation: 'SessionPairingExpectation',
  description: 'a session opened with a deviceId of mixed case, digits and a dash serves a call with that deviceId (D3, D4)',
  rule(x, e: SessionPairingExpectation, fail) {
    return [fail(x.request.operation, {
      title: 'Session refused with the deviceId it was opened with',
      received: `status ${x.response.status} to a call with the session's own sessionId and deviceId ${JSON.stringify(e.deviceId)}`,
      documented: 'the session AuthenticatePartner opened serves the calls that send its sessionId and the same deviceId',
      key: ['pairing', x.response.status],
    }, x)];
  },
  when: [onlyWhenStatus((s) => !is2xx(s) && s < 500), (x) => !businessAnswer(x as Responded)],
});

/** An answer carrying one of the operation's documented non-validation codes: the session let the call through. */
function businessAnswer(x: Responded): boolean {
  const code = businessErrorCode(x);
  return code !== undefined && operation(x.request.operation).errors.some((e) => errorRow(e).status !== 400 && errorRow(e).errorCode === code);
}
