import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement, sessionHeaders, tokenContract } from '../../contract/index.js';
import { blind6Faults } from '../../reference/faults/index.js';
import { cardPayload, startBench, tokenCardPayload, uniqueSsn, type Bench } from './blind6-bench.js';
import { addCard, addToken, cards, cattr, enroll, find, keys, obo, partnerScope, sattr, unknownGuid, withHistory } from './blind6-steps.js';

/**
 * Blind batch 6: each fault changes what one short exchange shows. Every probe runs against a
 * healthy reference and against one started with the fault alone; the results must differ.
 * No conformance run here: `npm run red-team -- blind6` scores the batch.
 */
const probes: Record<string, (b: Bench) => Promise<unknown>> = {
  'blind6-token-grant-type-case-insensitive': async (b) => (await b.tokenRequest({ grant_type: 'CLIENT_CREDENTIALS', scope: partnerScope(b) })).status,
  'blind6-token-identity-scope-expires-in': async (b) => (await b.tokenRequest({ grant_type: tokenContract.grantType, scope: `${b.ref.scopeBase}/auth/insights/identity-score` })).body.expires_in,
  'blind6-bearer-malformed-jwt-500': async (b) => (await find(b, '123456789')).status + (await b.call('FindCustomer', { token: 'abc.def', body: {} })).status,
  'blind6-allow-list-cached-by-token': async (b) => {
    await find(b, '123456789');
    return (await b.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, from: '127.0.0.2' })).status;
  },
  'blind6-version-query-refused-delete': async (b) => (await b.call('DeleteCard', { query: { apiVersion: 1 }, body: { customerId: unknownGuid, cardId: unknownGuid } })).status,
  'blind6-session-device-missing-on-delete': async (b) =>
    (await b.call('DeleteCard', { noSession: true, headers: { [sessionHeaders.sessionId]: b.sessionId }, body: { customerId: unknownGuid, cardId: unknownGuid } })).status,
  'blind6-session-id-prefix-match': async (b) =>
    (await b.call('FindCustomer', { noSession: true, headers: { [sessionHeaders.sessionId]: b.sessionId.slice(0, 8), [sessionHeaders.deviceId]: b.deviceId }, body: { ssn: '123456789', dateOfBirth: '1990-04-01' } })).status,
  'blind6-auth-denied-type-section-4-1': async (b) => {
    const denied = (await b.tokenRequest({ grant_type: tokenContract.grantType, scope: partnerScope(b) }, [b.ref.deniedClientId, b.ref.deniedClientSecret])).body.access_token;
    return (await b.openSession(b.deviceId, { token: denied })).body.type;
  },
  'blind6-auth-session-in-body-with-query-version': async (b) => (await b.openSession(b.deviceId, { query: { apiVersion: 1 } })).headers[sessionHeaders.sessionId.toLowerCase()] !== undefined,
  'blind6-find-ssn-last-four-only': async (b) => {
    const { payload } = await enroll(b);
    const ssn = String(payload.ssn);
    return (await find(b, `${ssn[0] === '9' ? '8' : '9'}${ssn.slice(1)}`)).status;
  },
  'blind6-find-dob-year-first-slash-refused': async (b) => (await find(b, uniqueSsn(), '1990/04/01')).status,
  'blind6-enroll-leap-day-500': async (b) => (await enroll(b, { dateOfBirth: '2000-02-29' })).r.status,
  'blind6-enroll-allow-texts-false-required': async (b) => (await enroll(b, { allowTexts: false })).r.status,
  'blind6-enroll-zip-leading-zero-refused': async (b) => (await enroll(b, { zip: '02134' })).r.status,
  'blind6-enroll-suffix-length-unchecked': async (b) => (await enroll(b, { suffix: 'S'.repeat(11) })).r.status,
  'blind6-enroll-duplicate-ssn-200': async (b) => {
    const { payload } = await enroll(b);
    return (await enroll(b, { ssn: payload.ssn })).r.status;
  },
  'blind6-cards-expiration-leading-zero-lost': async (b) => {
    const { customerId } = await enroll(b);
    await addCard(b, customerId, { expirationMonthYear: '0430' });
    return (await cards(b, customerId))[0]!.expirationMonthYear;
  },
  'blind6-cards-token-card-min-null': async (b) => {
    const { customerId } = await enroll(b);
    await addToken(b, customerId);
    return (await cards(b, customerId))[0]!.currentCardMin;
  },
  'blind6-card-number-nineteen-refused': async (b) => (await addCard(b, (await enroll(b)).customerId, { cardNumber: '4'.repeat(19) })).status,
  'blind6-card-nickname-change-adds-card': async (b) => {
    const { customerId } = await enroll(b);
    await addCard(b, customerId, { cardNumber: '4111111111111111' });
    await addCard(b, customerId, { cardNumber: '4111111111111111', cardNickname: 'Renamed' });
    return (await cards(b, customerId)).length;
  },
  'blind6-card-state-three-accepted': async (b) => (await addCard(b, (await enroll(b)).customerId, { state: 'NYC' })).status,
  'blind6-legacy-error-text-plain': async (b) => (await addCard(b, (await enroll(b)).customerId, { cardNumber: '4000000000000002' })).contentType,
  'blind6-tcard-last-four-five-accepted': async (b) => (await addToken(b, (await enroll(b)).customerId, { lastFourOfCard: '12345' })).status,
  'blind6-tcard-bin-eight-refused': async (b) => (await addToken(b, (await enroll(b)).customerId, { cardBin: '41111111' })).status,
  'blind6-tcard-denied-invalid-information': async (b) => (await addToken(b, (await enroll(b)).customerId, { cardBin: '999999' })).body.errorCode,
  'blind6-tcard-identical-new-id': async (b) => {
    const payload = tokenCardPayload((await enroll(b)).customerId);
    const first = (await b.call('AddOrUpdateTokenizedCard', { body: payload })).body.cards[0].cardId;
    return (await b.call('AddOrUpdateTokenizedCard', { body: payload })).body.cards[0].cardId === first;
  },
  'blind6-tcard-hash-id-omitted': async (b) => 'hashId' in (await addToken(b, (await enroll(b)).customerId)).body.cards[0],
  'blind6-obo-customer-id-missing-500': async (b) => (await b.call('AuthenticateOBO', { body: {} })).status,
  'blind6-obo-linked-any-customer-card': async (b) => {
    await obo(b);
    return (await b.call('AuthenticateOBO', { body: { customerId: (await enroll(b)).customerId } })).status;
  },
  'blind6-obo-not-found-legacy-shape': async (b) => (await b.call('AuthenticateOBO', { body: { customerId: unknownGuid } })).body.errorCode,
  'blind6-history-page-size-one-default': async (b) =>
    (await b.call('GetTransactionHistory', { query: { customerId: await withHistory(b, 2), pageSize: 1 } })).body.searchResults.length,
  'blind6-history-decline-message-null': async (b) =>
    (await b.call('GetTransactionHistory', { query: { customerId: await withHistory(b, 1) } })).body.searchResults[0].declineReasonMessage,
  'blind6-problem-instance-route-template': async (b) => (await find(b, uniqueSsn())).body.instance,
  'blind6-delete-card-id-error-on-customer-key': async (b) => keys(await b.call('DeleteCard', { body: { customerId: unknownGuid, cardId: 'x' } })),
  'blind6-delete-removes-first-card': async (b) => {
    const { customerId } = await enroll(b);
    await addCard(b, customerId);
    const second = (await addCard(b, customerId)).body.cards[0].cardId;
    await b.call('DeleteCard', { body: { customerId, cardId: second } });
    return (await cards(b, customerId)).some((c) => c.cardId === second);
  },
  'blind6-cattr-balance-negative-accepted': (b) => cattr(b, [['CurrentBalance', '-12.50']]),
  'blind6-cattr-large-count-500': (b) => cattr(b, [['TotalNumberOfCustomers', '3000000000']]),
  'blind6-sattr-number-filter-any-customer': async (b) => {
    const other = await obo(b);
    const own = await obo(b);
    return (await b.call('AddSessionAttributes', { body: sattr([['SsoToken', own.ssoToken], ['AccountNumberFilter', other.number]]) })).status;
  },
  'blind6-sattr-both-filters-400': async (b) => {
    const own = await obo(b);
    return (await b.call('AddSessionAttributes', { body: sattr([['SsoToken', own.ssoToken], ['AccountIdFilter', own.cardId], ['AccountNumberFilter', own.number]]) })).status;
  },
  'blind6-validation-errors-missing-on-get': async (b) => 'errors' in (await b.call('GetRegisteredCards', { query: { customerId: 'x' } })).body,
};

describe('blind6 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has a probe', () => {
    expect(blind6Faults).toHaveLength(40);
    for (const f of blind6Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes, f.name).toBe(true);
    }
    expect(new Set(blind6Faults.map((f) => f.name)).size).toBe(blind6Faults.length);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const faulty = await startBench([name]);
    try {
      const expected = await probes[name]!(healthy);
      const observed = await probes[name]!(faulty);
      expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
    } finally {
      await faulty.close();
    }
  });
});
