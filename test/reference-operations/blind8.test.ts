import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import { blind8Faults } from '../../reference/faults/index.js';
import { cardPayload, cardsWithHistory, enrollPayload, startBench, tokenCardPayload, uniqueDigits, type Bench, observedBothWays, oboCustomer } from './harness.js';
import { accessBothWays, type AccessBench } from './blind8-access.js';

/**
 * Blind batch 8 (reference/faults/blind8/): each fault changes what a client observes, shown with
 * the fewest requests against a healthy reference and one with the fault on. No conformance run.
 */
const unknownGuid = '00000000-0000-4000-8000-000000000000';
const attrs = (items: Array<[string, string]>) => items.map(([name, value]) => ({ name, value }));
const keysOf = (r: { body: { validationErrors?: Array<{ key: string }> } }) => (r.body.validationErrors ?? []).map((e) => e.key);
const find = (b: Bench, ssn: string, dateOfBirth = '1990-04-01') => b.call('FindCustomer', { body: { ssn, dateOfBirth } });

async function customerAttributes(b: Bench, extra: Array<[string, string]>, order: 'required-first' | 'ssn-first' = 'required-first') {
  const { customerId, payload } = await b.enroll();
  const req: Array<[string, string]> = order === 'required-first' ? [['CustomerId', customerId], ['SSN', String(payload.ssn)]] : [['SSN', String(payload.ssn)], ['CustomerId', customerId]];
  return b.call('AddCustomerAttributes', { body: { customerAttributes: attrs([...req, ...extra]) } });
}

async function sessionAttributes(b: Bench, extra: Array<[string, string]>, token?: string) {
  const own = await oboCustomer(b);
  return b.call('AddSessionAttributes', { body: { sessionAttributes: attrs([['SsoToken', token ?? own.ssoToken], ...extra]) } });
}

/** Pages of 10 from the newest transaction on, until one is short: the length of that last page. */
async function lastPageLength(b: Bench) {
  const { customerId } = await b.enroll();
  await cardsWithHistory(b, customerId, 25);
  let ref = (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 1 } })).body.searchResults[0].transactionId as string;
  for (let i = 0; i < 20; i++) {
    const items = (await b.call('GetTransactionHistory', { query: { customerId, pagingTransactionReferenceNumber: ref, pageSize: 10 } })).body.searchResults;
    if (items.length < 10) return items.length;
    ref = items.at(-1).transactionId as string;
  }
  throw new Error('the history never ended');
}

const operationProbes: Record<string, (b: Bench) => Promise<unknown>> = {
  'blind8-session-device-unchecked-on-cattr': async (b) => (await b.call('AddCustomerAttributes', { body: { customerAttributes: [] }, headers: { deviceId: 'other-device' } })).status,
  'blind8-session-missing-id-device-lookup-on-find': async (b) => {
    await b.openSession('blind8-find-device');
    return (await b.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, noSession: true, headers: { deviceId: 'blind8-find-device' } })).status;
  },
  'blind8-version-query-refused-enroll': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload(), query: { apiVersion: '1' } })).status,
  'blind8-find-dob-year-first-slash-day-month-swapped': async (b) => {
    const { payload } = await b.enroll({ dateOfBirth: '1990-04-07' });
    return (await find(b, String(payload.ssn), '1990/04/07')).status;
  },
  'blind8-find-ssn-area-zero-500': async (b) => (await find(b, '000123456')).status,
  'blind8-find-not-found-instance-mount-relative': async (b) => (await find(b, '123456789')).body.instance,
  'blind8-enroll-referrer-code-max-51': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ referrerCode: 'r'.repeat(51) }) })).status,
  'blind8-enroll-duplicate-email-alias-key-only': async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: { ...payload, ssn: `1${uniqueDigits(8)}` } })).status;
  },
  'blind8-enroll-empty-middle-initial-500': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ middleInitial: '' }) })).status,
  'blind8-cards-last-four-fixed-offset': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId, { cardNumber: '4111111111111111113' });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].lastFourDigits;
  },
  'blind8-cards-list-capped-at-five': async (b) => {
    const { customerId } = await b.enroll();
    for (let i = 0; i < 6; i++) await b.addCard(customerId, { cardNumber: `4${uniqueDigits(15)}` });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind8-card-zip-unchecked-on-update': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { zip: '1234' })).status;
  },
  'blind8-card-new-card-response-first-card': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { cardNumber: '5555555555554444' })).body.cards[0].lastFourDigits;
  },
  'blind8-card-customer-id-key-blames-card-number': async (b) => keysOf(await b.call('AddOrUpdateCard', { body: cardPayload('not-a-guid') })),
  'blind8-card-last-four-from-double': async (b) => (await b.addCard((await b.enroll()).customerId, { cardNumber: '4111111111111111113' })).body.cards[0].lastFourDigits,
  'blind8-tcard-bin-unchecked-on-update': async (b) => {
    const payload = tokenCardPayload((await b.enroll()).customerId);
    await b.call('AddOrUpdateTokenizedCard', { body: payload });
    return (await b.call('AddOrUpdateTokenizedCard', { body: { ...payload, cardBin: '12AB56' } })).status;
  },
  'blind8-tcard-expiration-yymm-accepted': async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { expirationMonthYear: '2612' }) })).status,
  'blind8-tcard-denied-status-member-400': async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardBin: '999999' }) })).body.status,
  'blind8-obo-customer-id-no-dashes': async (b) => {
    const { customerId } = await oboCustomer(b);
    return (await b.call('AuthenticateOBO', { body: { customerId: customerId.replace(/-/g, '') } })).status;
  },
  'blind8-obo-second-call-null-token': async (b) => typeof (await b.call('AuthenticateOBO', { body: { customerId: (await oboCustomer(b)).customerId } })).body.ssoToken,
  'blind8-obo-success-no-content-type': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    try { return (await b.call('AuthenticateOBO', { body: { customerId } })).headers['content-type'] ?? 'none'; } catch (e) { return `unreadable: ${String(e)}`; }
  },
  'blind8-history-paging-last-page-empty': lastPageLength,
  'blind8-history-pickup-location-null': async (b) => {
    // Cards are added until one's page shows a transaction of location 0 (or null): the default page of a few cards may show none.
    const { customerId } = await b.enroll();
    for (let i = 0; i < 20; i++) {
      const accountId = (await b.addCard(customerId, { cardNumber: `41111111111${String(10_000 + i)}` })).body.cards[0].cardId;
      const page = (await b.call('GetTransactionHistory', { query: { customerId, accountId } })).body.searchResults as Array<{ pickupLocationId: unknown }>;
      const located = page.find((t) => t.pickupLocationId === 0 || t.pickupLocationId === null);
      if (located) return located.pickupLocationId === null;
    }
    throw new Error('no transaction of pickup location 0 after 20 cards');
  },
  'blind8-history-account-filter-dropped-with-page-size': async (b) => {
    const { customerId } = await b.enroll();
    const [accountId] = await cardsWithHistory(b, customerId, 60);
    return (await b.call('GetTransactionHistory', { query: { customerId, accountId: accountId!, pageSize: 10 } })).body.totalRecords;
  },
  'blind8-delete-card-id-missing-500': async (b) => (await b.call('DeleteCard', { body: { customerId: unknownGuid } })).status,
  'blind8-delete-card-id-braces-accepted': async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId as string;
    return (await b.call('DeleteCard', { body: { customerId, cardId: `{${cardId}}` } })).status;
  },
  'blind8-cattr-card-issue-date-month-unchecked': async (b) => (await customerAttributes(b, [['CardIssueDate', '13-15-2020']])).status,
  'blind8-cattr-value-error-keyed-on-name': async (b) => keysOf(await customerAttributes(b, [['NumberOfCards', 'abc']])),
  'blind8-cattr-required-at-fixed-positions': async (b) => (await customerAttributes(b, [], 'ssn-first')).status,
  'blind8-cattr-success-body-not-json': async (b) => {
    try { return (await customerAttributes(b, [])).body; } catch (e) { return `unreadable: ${String(e)}`; }
  },
  'blind8-sattr-token-unchecked-without-filters': async (b) => (await sessionAttributes(b, [['PreferredEmail', 'a@b.cc']], unknownGuid)).status,
  'blind8-sattr-detail-names-id-filter': async (b) => (await sessionAttributes(b, [['AccountNumberFilter', '5555555555554444']])).body.detail,
  'blind8-sattr-key-index-one-based': async (b) => keysOf(await sessionAttributes(b, [['PreferredEmail', 'x'.repeat(301)]])),
};

const form = (b: AccessBench, scope: string) => ({ grant_type: 'client_credentials', scope: `${b.ref.scopeBase}${scope}` });
const accessProbes: Record<string, [(b: AccessBench) => Promise<unknown>, { allowList?: string[] }?]> = {
  'blind8-token-body-secret-invalid-credentials': [async (b) => (await b.token({ ...form(b, '/auth/deposit-underwriting'), client_id: b.ref.clientId, client_secret: 'wrong' })).body],
  'blind8-token-identity-scope-opaque': [async (b) => ((await b.token(form(b, '/auth/insights/identity-score'), { id: b.ref.clientId, secret: b.ref.clientSecret })).body as { access_token: string }).access_token.split('.').length],
  'blind8-token-cache-control-no-cache': [async (b) => (await b.token(form(b, '/auth/deposit-underwriting'), { id: b.ref.clientId, secret: b.ref.clientSecret })).headers['cache-control']],
  'blind8-bearer-expiry-unchecked-on-delete': [async (b) => {
    const { sessionId, deviceId } = await b.session(await b.bearer());
    return (await b.call('DeleteCard', { bearer: await b.bearer({ expired: true }), body: {}, headers: { sessionId, deviceId } })).status;
  }],
  'blind8-bearer-invalid-no-challenge-on-get': [async (b) => (await b.call('GetRegisteredCards', { bearer: 'abc.def.ghi', query: { customerId: unknownGuid } })).headers['www-authenticate'] ?? 'none'],
  'blind8-allow-list-tcard-exempt': [async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: {} })).status, { allowList: ['10.9.9.9'] }],
  'blind8-auth-denied-200-no-session': [async (b) => (await b.call('AuthenticatePartner', { bearer: await b.bearer({ denied: true }), body: { deviceId: 'd1' } })).status],
};

describe('blind8 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has one probe', () => {
    for (const f of blind8Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in operationProbes || f.name in accessProbes, f.name).toBe(true);
    }
    expect(new Set(blind8Faults.map((f) => f.name)).size).toBe(blind8Faults.length);
    expect(blind8Faults.length).toBe(40);
  });

  it.each(Object.keys(operationProbes))('%s changes what a client observes', async (name) => {
    const { expected, observed } = await observedBothWays(healthy, name, operationProbes[name]!, true);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });

  it.each(Object.keys(accessProbes))('%s changes what a client observes', async (name) => {
    const [probe, options] = accessProbes[name]!;
    const { expected, observed } = await accessBothWays(name, probe, options);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });
});
