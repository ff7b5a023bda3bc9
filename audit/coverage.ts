import type { FindingCheckId } from '../checks/finding.js';
import type { RequirementId } from '../contract/requirements.js';

/**
 * Rows no recording can decide, and why: they need a probe the audit does not send (TLS, plain
 * HTTP, another source address), knowledge a recording does not hold (whether a refused token
 * request carried valid credentials, which card numbers the issuer declines, which BIN the
 * network denies), or a scenario whose premise the traffic cannot prove (a customer that does not
 * exist, a session that was never opened). They are left out of an audit, never "not seen", so
 * --require-coverage asks only for what traffic could show.
 */
export const notJudgedFromTraffic: Readonly<Partial<Record<RequirementId, string>>> = {
  'TLS-MINIMUM': 'needs a TLS 1.0/1.1 handshake probe (run the conformance suites)',
  'HTTPS-ONLY': 'needs a plain-HTTP probe (run the conformance suites)',
  'ALLOW-LIST': 'needs a request from an address off the allow list (TARGET_PROBE_SOURCE_ADDRESS)',
  'TOKEN-ISSUED': 'a recording does not show whether a refused token request carried valid credentials',
  'TOKEN-FORM-ONLY': 'only observed by the token suite (D33)',
  'FIND-EVERY-KEY': 'needs to know the date of birth sent differs from the one the SSN was enrolled with (the business suite sends it)',
  'VERSION-HEADER': 'needs a request the harness knows is otherwise served (the versioning suite)',
  'VERSION-QUERY': 'needs a request the harness knows is otherwise served (the versioning suite)',
  'CARD-AUTH-FAILURE': 'which card numbers the issuer declines is not in the recording (TARGET_DECLINED_CARD_NUMBER)',
  'STATE-CARD-AUTH-FAILED': 'which card numbers the issuer declines is not in the recording (TARGET_DECLINED_CARD_NUMBER)',
  'TCARD-DENIED-BIN': 'which BIN the network denies is not in the recording (TARGET_DENIED_CARD_BIN)',
  'STATE-SESSION': 'a recording cannot show that a sessionId was never issued (it may predate the recording)',
  'ERR-CUSTOMER-NOT-FOUND': 'a recording cannot show that a customer does not exist (it may predate the recording)',
  'ERR-BAD-REQUEST': 'which BIN the network denies is not in the recording (TARGET_DENIED_CARD_BIN)',
  'HISTORY-PAGING': 'needs the customer\'s whole history walked page by page (the history suite)',
  'HISTORY-ACCOUNT-FILTER': 'needs the filtered and the unfiltered history of one customer side by side (the history suite)',
  'HISTORY-TOTAL': 'needs the customer\'s whole history walked page by page (the history suite)',
  'OWNERSHIP-CARDS': 'needs to know which customer holds each card before another one names it (the ownership suite makes both)',
  'CONCURRENT-WRITES': 'needs two identical writes known to be in flight at once (the concurrency suite sends them)',
};

/** Client rows that need a setting the recording cannot give, by flag. */
export const clientNeeds: Readonly<Record<string, string>> = {
  'CLIENT-RATE': 'the rate is the operator\'s setting: give --max-rate <requests per second>',
};

/**
 * The oracles an audit runs: the run's registered checks that judge an exchange without knowing
 * why it was sent, and the stateful model's predictions where the traffic shows the sequence. A
 * run's finding by any other oracle (a fixture's belief, a probe, a history walk) needs what only
 * the run knows; the self-test comparing run and audit (test/audit/proof.run.test.ts) reads this list.
 */
export const auditOracles: readonly FindingCheckId[] = [
  'noServerError', 'jsonMediaType', 'errorBodyIsJson', 'wwwAuthenticateOn401', 'noSecretEcho', 'noCardNumberInCards', 'statusMemberMatches',
  'tokenResponseShape', 'tokenNotCached', 'tokenErrorShape', 'bearerRefused', 'tokenReused', 'genericRefusal',
  'problemShape', 'validationProblemShape', 'typeNamesRfcSection', 'titleAndCodeMatch', 'instanceIsRequestPath',
  'validPayloadAccepted', 'statusMatches', 'validationKeyPrefix', 'everyInvalidFieldNamed', 'noValidFieldBlamed',
  'successBodyShape', 'sessionHeaderPresent', 'cardsMatchSchema', 'historyMatchesSchema', 'newestFirst', 'pageWithinBounds', 'transactionsUnique',
  'legacyOrProblemError', 'enrolledCustomerFound', 'noMatchReported',
  'modelAccepted', 'modelCardId', 'modelLastFour', 'modelSsoToken', 'modelCardList',
];
