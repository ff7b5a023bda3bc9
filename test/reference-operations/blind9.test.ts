import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, requirement, tokenContract } from '../../contract/index.js';
import { blind9Faults } from '../../reference/faults/index.js';
import { startReference } from '../../reference/server.js';
import { cardPayload, cardsWithHistory, enrollPayload, startBench, tokenCardPayload, uniqueDigits, type Bench, observedBothWays, oboCustomer } from './harness.js';

/**
 * Blind batch 9 (reference/faults/blind9/): each fault changes what a client observes, shown with
 * the fewest requests against a healthy reference and one with the fault on. No conformance run.
 */
const unknownGuid = '00000000-0000-4000-8000-000000000000';
const attrs = (items: Array<[string, string]>) => items.map(([name, value]) => ({ name, value }));
const keysOf = (r: { body: { validationErrors?: Array<{ key: string }> } }) => (r.body.validationErrors ?? []).map((e) => e.key);
const find = (b: Bench, ssn: string, dateOfBirth = '1990-04-01') => b.call('FindCustomer', { body: { ssn, dateOfBirth } });
const swapCase = (s: string) => [...s].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');

/** A token endpoint request; `basic` sends the credentials in the Authorization header. */
async function token(b: Bench, form: Record<string, string>, basic?: { id: string; secret: string }, path = '') {
  const dispatcher = new Agent({ connect: { ca: b.ref.caPem } });
  try {
    const headers: Record<string, string> = { 'content-type': tokenContract.contentType };
    if (basic) headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}`;
    const res = await request(`${b.ref.authUrl}${path}`, { method: 'POST', dispatcher, headers, body: new URLSearchParams(form).toString() });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  } finally {
    await dispatcher.close();
  }
}
const partnerScope = (b: Bench) => `${b.ref.scopeBase}${tokenContract.partnerScopeSuffix}`;

async function customerAttributes(b: Bench, extra: Array<[string, string]>) {
  const { customerId, payload } = await b.enroll();
  return b.call('AddCustomerAttributes', { body: { customerAttributes: attrs([['CustomerId', customerId], ['SSN', String(payload.ssn)], ...extra]) } });
}

/** A customer's card that has at least `minimum` transactions of its own: its number and cardId. */
async function cardWithHistory(b: Bench, customerId: string, minimum: number) {
  for (let i = 0; i < 30; i++) {
    const cardNumber = `4000123412${String(100_000 + i)}`;
    const cardId = (await b.addCard(customerId, { cardNumber })).body.cards[0].cardId as string;
    const r = await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId } });
    if (r.body.totalRecords >= minimum) return { cardNumber, cardId };
  }
  throw new Error(`no card with ${minimum} transactions after 30 cards`);
}

type Probe = (b: Bench) => Promise<unknown>;
/** [probe, renew]: renew opens a new session on the healthy bench after its probe (the probe spent session state). */
const probes: Record<string, [Probe, boolean?]> = {
  'blind9-token-secret-case-insensitive': [async (b) => (await token(b, { grant_type: tokenContract.grantType, scope: partnerScope(b) }, { id: b.ref.clientId, secret: swapCase(b.ref.clientSecret) })).status],
  'blind9-token-absent-scope-defaulted-body-credentials': [async (b) => (await token(b, { grant_type: tokenContract.grantType, client_id: b.ref.clientId, client_secret: b.ref.clientSecret })).status],
  'blind9-bearer-expiry-unchecked-on-cards': [async (b) => {
    const expired = (await token(b, { grant_type: tokenContract.grantType, scope: partnerScope(b) }, { id: b.ref.clientId, secret: b.ref.clientSecret }, '/expired')).body.access_token as string;
    return (await b.call('GetRegisteredCards', { query: { customerId: unknownGuid }, headers: { authorization: `Bearer ${expired}` } })).status;
  }],
  'blind9-version-query-refused-sattr': [async (b) => (await b.call('AddSessionAttributes', { query: { apiVersion: '1' }, body: { sessionAttributes: attrs([['SsoToken', 'none']]) } })).status],
  'blind9-session-device-unchecked-on-enroll': [async (b) => (await b.call('EnrollCustomer', { body: enrollPayload(), headers: { deviceId: 'device-other' } })).status],
  'blind9-session-skipped-on-cards': [async (b) => (await b.call('GetRegisteredCards', { query: { customerId: unknownGuid }, noSession: true })).status],
  'blind9-session-device-unchecked-after-obo': [async (b) => {
    const { customerId } = await oboCustomer(b);
    return (await b.call('GetRegisteredCards', { query: { customerId }, headers: { deviceId: 'device-other' } })).status;
  }, true],
  'blind9-auth-success-text-plain': [async (b) => (await b.call('AuthenticatePartner', { body: { deviceId: 'device-0002' } })).headers['content-type']],
  'blind9-find-dob-single-digit-month-accepted': [async (b) => (await find(b, '123456789', '1990-4-01')).status],
  'blind9-find-dob-leap-day-500': [async (b) => (await find(b, '123456789', '2000-02-29')).status],
  'blind9-find-not-found-status-missing': [async (b) => (await find(b, '123456789')).body.status],
  'blind9-enroll-state-one-letter-accepted': [async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ state: 'I' }) })).status],
  'blind9-enroll-email-max-100-refused': [async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ emailAddress: `${uniqueDigits(9)}${'a'.repeat(78)}@example.test` }) })).status],
  'blind9-enroll-duplicate-ssn-other-dob-accepted': [async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: enrollPayload({ ssn: payload.ssn, dateOfBirth: '1985-01-02' }) })).status;
  }],
  'blind9-enroll-duplicate-email-no-code': [async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: enrollPayload({ emailAddress: payload.emailAddress }) })).body.ErrorCode;
  }],
  'blind9-enroll-referrer-code-fifty-500': [async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ referrerCode: 'R'.repeat(50) }) })).status],
  'blind9-cards-hash-id-null': [async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    const card = (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0];
    return 'hashId' in card ? card.hashId : 'absent';
  }],
  'blind9-cards-readd-after-delete-not-listed': [async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId;
    await b.call('DeleteCard', { body: { customerId, cardId } });
    await b.addCard(customerId);
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  }],
  'blind9-card-number-dashes-accepted-on-update': [async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { cardNumber: '4111-1111-1111-1111' })).status;
  }],
  'blind9-card-show-terms-string': [async (b) => typeof (await b.addCard((await b.enroll()).customerId)).body.cards[0].showTermsAndConditions],
  'blind9-tcard-nickname-twenty-refused': [async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardNickname: 'N'.repeat(20) }) })).status],
  'blind9-tcard-address-line1-max-100': [async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { addressLine1: 'A'.repeat(60) }) })).status],
  'blind9-tcard-race-two-cards': [async (b) => {
    const { customerId } = await b.enroll();
    const body = tokenCardPayload(customerId);
    await Promise.all([b.call('AddOrUpdateTokenizedCard', { body }), b.call('AddOrUpdateTokenizedCard', { body })]);
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  }],
  'blind9-tcard-validation-type-rfc4918': [async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(unknownGuid, { cardBin: 'x' }) })).body.type],
  'blind9-obo-sso-token-number': [async (b) => typeof (await oboCustomer(b)).ssoToken, true],
  'blind9-obo-no-linked-detail-missing': [async (b) => 'detail' in (await b.call('AuthenticateOBO', { body: { customerId: (await b.enroll()).customerId } })).body],
  'blind9-history-account-id-no-dashes': [async (b) => (await b.call('GetTransactionHistory', { query: { customerId: unknownGuid, accountId: unknownGuid.replace(/-/g, '') } })).status],
  'blind9-history-paging-max-size-short': [async (b) => {
    const { customerId } = await b.enroll();
    await cardsWithHistory(b, customerId, 12);
    const ref = (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 1 } })).body.searchResults[0].transactionId as string;
    return (await b.call('GetTransactionHistory', { query: { customerId, pagingTransactionReferenceNumber: ref, pageSize: 10 } })).body.searchResults.length;
  }],
  'blind9-history-oldest-first-with-account': [async (b) => {
    const { customerId } = await b.enroll();
    const { cardId } = await cardWithHistory(b, customerId, 2);
    const all = (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId } })).body.searchResults as Array<{ createdOn: string }>;
    return all[0]!.createdOn >= all.at(-1)!.createdOn;
  }],
  'blind9-history-account-filter-lost-after-card-update': [async (b) => {
    const { customerId } = await b.enroll();
    const { cardNumber, cardId } = await cardWithHistory(b, customerId, 1);
    await b.addCard(customerId, { cardNumber, expirationMonthYear: '0530' });
    return (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId } })).body.totalRecords;
  }],
  'blind9-history-account-id-key-no-prefix': [async (b) => keysOf(await b.call('GetTransactionHistory', { query: { customerId: unknownGuid, accountId: 'not-a-guid' } }))],
  'blind9-delete-customer-id-37-cut': [async (b) => (await b.call('DeleteCard', { body: { customerId: `${unknownGuid}0`, cardId: unknownGuid } })).status],
  'blind9-delete-updated-card-not-found': [async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId;
    await b.addCard(customerId, { expirationMonthYear: '0530' });
    return (await b.call('DeleteCard', { body: { customerId, cardId } })).status;
  }],
  'blind9-cattr-monthly-load-six-digits': [async (b) => (await customerAttributes(b, [['AverageMonthlyLoadAmount', '123456.78']])).status],
  'blind9-cattr-empty-optional-value-skipped': [async (b) => (await customerAttributes(b, [['Tenure', '']])).status],
  'blind9-cattr-validation-errors-object-missing': [async (b) => 'errors' in (await customerAttributes(b, [['Tenure', 'x']])).body],
  'blind9-sattr-obo-state-by-device': [async (b) => {
    const { ssoToken } = await oboCustomer(b);
    b.sessionId = await b.openSession();
    return (await b.call('AddSessionAttributes', { body: { sessionAttributes: attrs([['SsoToken', ssoToken]]) } })).status;
  }, true],
  'blind9-sattr-id-filter-duplicates-refused': [async (b) => {
    const { cardId, ssoToken } = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: { sessionAttributes: attrs([['SsoToken', ssoToken], ['AccountIdFilter', `${cardId},${cardId}`]]) } })).status;
  }, true],
  'blind9-sattr-preferred-email-non-ascii-500': [async (b) => {
    const { ssoToken } = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: { sessionAttributes: attrs([['SsoToken', ssoToken], ['PreferredEmail', 'jöe@example.test']]) } })).status;
  }, true],
};

/** AuthenticateOBO from loopback against a reference whose allow list holds another address only. */
async function oboFromOffList(faults: string[]): Promise<number> {
  const ref = await startReference({ faults, allowList: ['203.0.113.7'] });
  const dispatcher = new Agent({ connect: { ca: ref.caPem } });
  try {
    const res = await request(`${ref.baseUrl}${operation('AuthenticateOBO').path}`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerId: unknownGuid }) });
    await res.body.text();
    return res.statusCode;
  } finally {
    await ref.close();
    await dispatcher.close();
  }
}
const probedApart = ['blind9-allow-list-obo-exempt'];

describe('blind9 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has one probe', () => {
    for (const f of blind9Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes || probedApart.includes(f.name), f.name).toBe(true);
    }
    expect(Object.keys(probes).length + probedApart.length).toBe(blind9Faults.length);
    expect(new Set(blind9Faults.map((f) => f.name)).size).toBe(blind9Faults.length);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const [probe, renew] = probes[name]!;
    const { expected, observed } = await observedBothWays(healthy, name, probe, renew ?? false);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });

  it('blind9-allow-list-obo-exempt changes what a client observes', async () => {
    const [expected, observed] = [await oboFromOffList([]), await oboFromOffList(['blind9-allow-list-obo-exempt'])];
    expect(observed, `healthy ${expected}, faulty ${observed}`).not.toEqual(expected);
  });
});
