import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { operation, requirement, tokenContract } from '../../contract/index.js';
import { blind7Faults } from '../../reference/faults/blind7/index.js';
import { startReference } from '../../reference/server.js';
import { cardPayload, cardsWithHistory, enrollPayload, keys, startBench, tokenCardPayload, type Bench, observedBothWays, oboCustomer } from './harness.js';

/**
 * Blind batch 7 (reference/faults/blind7/): each fault changes what a client observes with a few
 * requests. A probe runs against a healthy reference and one started with the fault; the results differ.
 */

const unknownGuid = '00000000-0000-4000-8000-000000000000';
const attrs = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });

/** POST to the token endpoint: Basic credentials, or form ones with `inBody`. */
async function token(b: Bench, scope: string, inBody = false, path = '') {
  const dispatcher = new Agent({ connect: { ca: b.ref.caPem } });
  try {
    const basic = Buffer.from(`${b.ref.clientId}:${b.ref.clientSecret}`).toString('base64');
    const form = new URLSearchParams({ grant_type: tokenContract.grantType, scope, ...(inBody ? { client_id: b.ref.clientId, client_secret: b.ref.clientSecret } : {}) });
    const res = await request(`${b.ref.authUrl}${path}`, {
      method: 'POST', dispatcher, body: form.toString(),
      headers: { 'content-type': tokenContract.contentType, ...(inBody ? {} : { authorization: `Basic ${basic}` }) },
    });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
  } finally {
    await dispatcher.close();
  }
}

const partnerScope = (b: Bench) => `${b.ref.scopeBase}${tokenContract.partnerScopeSuffix}`;

/** A customer with a card and an ssoToken in the bench's current session. */
/** Page 1 of five, then the page that starts at its third transaction. */
async function pagedHistory(b: Bench) {
  const { customerId } = await b.enroll();
  await cardsWithHistory(b, customerId, 12);
  const first = (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 5 } })).body;
  const reference = first.searchResults[2].transactionId as string;
  return (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 5, pagingTransactionReferenceNumber: reference } })).body;
}

async function customerAttributeReply(b: Bench, extra: Array<[string, string]>) {
  const { customerId, payload } = await b.enroll();
  const items = [['CustomerId', customerId], ['SSN', String(payload.ssn)], ...extra].map(([name, value]) => ({ name, value }));
  return b.call('AddCustomerAttributes', { body: { customerAttributes: items } });
}

const probes: Record<string, (b: Bench) => Promise<unknown>> = {
  'blind7-token-identity-scope-refused': async (b) => (await token(b, `${b.ref.scopeBase}/auth/insights/identity-score`)).status,
  'blind7-token-scope-missing-body-credentials': async (b) => (await token(b, partnerScope(b), true)).body.scope,
  'blind7-token-invalid-scope-no-error-member': async (b) => (await token(b, `${b.ref.scopeBase}/auth/nothing`)).body.error,
  'blind7-bearer-expiry-unchecked-on-history': async (b) => {
    const expired = (await token(b, partnerScope(b), false, '/expired')).body.access_token as string;
    return (await b.call('GetTransactionHistory', { query: { customerId: unknownGuid }, headers: { authorization: `Bearer ${expired}` } })).status;
  },
  'blind7-bearer-missing-empty-body-on-attributes': async (b) =>
    (await b.call('AddCustomerAttributes', { body: { customerAttributes: [] }, headers: { authorization: '' } })).body,
  'blind7-version-query-refused-obo': async (b) => (await b.call('AuthenticateOBO', { body: { customerId: unknownGuid }, query: { apiVersion: '1' } })).status,
  'blind7-session-device-unchecked-on-obo': async (b) => (await b.call('AuthenticateOBO', { body: { customerId: unknownGuid }, headers: { deviceId: 'another-device' } })).status,
  'blind7-session-skipped-on-tcard': async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(unknownGuid), noSession: true })).status,
  'blind7-auth-device-id-over-36-500': async (b) => (await b.call('AuthenticatePartner', { body: { deviceId: 'd'.repeat(40) } })).status,
  'blind7-find-miss-cached': async (b) => {
    const payload = enrollPayload();
    await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: payload.dateOfBirth } });
    await b.call('EnrollCustomer', { body: payload });
    return (await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: payload.dateOfBirth } })).status;
  },
  'blind7-find-itin-dob-ignored': async (b) => {
    const { payload } = await b.enroll({ ssn: `9${enrollPayload().ssn as string}`.slice(0, 9) });
    return (await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: '1980-01-01' } })).status;
  },
  'blind7-enroll-duplicate-ssn-skipped-with-referrer': async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: enrollPayload({ ssn: payload.ssn, referrerCode: 'REF-1' }) })).status;
  },
  'blind7-enroll-first-name-fifty-refused': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ firstName: 'F'.repeat(50) }) })).status,
  'blind7-enroll-address-line2-optional': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ addressLine2: undefined }) })).status,
  'blind7-enroll-success-text-plain': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload() })).headers['content-type'],
  'blind7-cards-token-last-four-number': async (b) => {
    const { customerId } = await b.enroll();
    await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) });
    return typeof (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].lastFourDigits;
  },
  'blind7-cards-list-stale-after-update': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    await b.call('GetRegisteredCards', { query: { customerId } });
    await b.addCard(customerId, { cardNickname: 'Renamed' });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].cardNickname;
  },
  'blind7-card-nickname-twenty-refused': async (b) => (await b.addCard((await b.enroll()).customerId, { cardNickname: 'N'.repeat(20) })).status,
  'blind7-card-declined-again-200': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId, { cardNumber: '4000000000000002' });
    return (await b.addCard(customerId, { cardNumber: '4000000000000002' })).status;
  },
  'blind7-card-address-line1-over-100-on-update': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { addressLine1: 'A'.repeat(101) })).status;
  },
  'blind7-tcard-bin-seven-digits-refused': async (b) =>
    (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardBin: '4111111' }) })).status,
  'blind7-tcard-expiration-month-zero': async (b) =>
    (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { expirationMonthYear: '0027' }) })).status,
  'blind7-tcard-identical-returns-first-card': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    const tokenCard = (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) })).body.cards[0].cardId;
    return (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) })).body.cards[0].cardId === tokenCard;
  },
  'blind7-obo-not-found-no-error-code': async (b) => (await b.call('AuthenticateOBO', { body: { customerId: unknownGuid } })).body.errorCode,
  'blind7-obo-key-no-prefix': async (b) => keys(await b.call('AuthenticateOBO', { body: { customerId: 'not-a-guid' } })),
  'blind7-sattr-second-obo-old-customer': async (b) => {
    await oboCustomer(b);
    const second = await oboCustomer(b, '5555555555554444');
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', second.ssoToken], ['AccountIdFilter', second.cardId]]) })).status;
  },
  'blind7-history-later-pages-oldest-first': async (b) => (await pagedHistory(b)).searchResults.map((t: { createdOn: string }) => t.createdOn),
  'blind7-history-total-zero-when-paging': async (b) => (await pagedHistory(b)).totalRecords > 0,
  'blind7-history-page-size-letters-500': async (b) => (await b.call('GetTransactionHistory', { query: { customerId: unknownGuid, pageSize: 'ten' } })).status,
  'blind7-history-load-dates-date-only': async (b) => {
    const { customerId } = await b.enroll();
    await cardsWithHistory(b, customerId, 1);
    return (await b.call('GetTransactionHistory', { query: { customerId } })).body.searchResults[0].expectedLoadDate.length;
  },
  'blind7-history-account-filter-token-card-empty': async (b) => {
    const { customerId } = await b.enroll();
    let total = 0;
    for (let i = 0; i < 4; i++) {
      const accountId = (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId, { cardToken: `tok_${i}` }) })).body.cards[0].cardId;
      total += (await b.call('GetTransactionHistory', { query: { customerId, accountId } })).body.totalRecords as number;
    }
    return total > 0;
  },
  'blind7-delete-unknown-customer-500': async (b) => (await b.call('DeleteCard', { body: { customerId: unknownGuid, cardId: unknownGuid } })).status,
  'blind7-delete-same-number-other-customer': async (b) => {
    const first = (await b.enroll()).customerId;
    const second = (await b.enroll()).customerId;
    const cardId = (await b.addCard(first)).body.cards[0].cardId;
    await b.addCard(second);
    await b.call('DeleteCard', { body: { customerId: first, cardId } });
    return (await b.call('GetRegisteredCards', { query: { customerId: second } })).body.cards.length;
  },
  'blind7-cattr-key-index-of-optional-list': async (b) => keys(await customerAttributeReply(b, [['NumberOfCards', 'x']])),
  'blind7-cattr-transactions-per-month-decimal-refused': async (b) => (await customerAttributeReply(b, [['TransactionsPerMonth', '2.5']])).status,
  'blind7-sattr-id-filter-trailing-comma-500': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['AccountIdFilter', `${own.cardId},`]]) })).status;
  },
  'blind7-sattr-value-max-299': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['PreferredEmail', `${'a'.repeat(287)}@example.test`]]) })).status;
  },
  'blind7-problem-media-type-misspelt-422': async (b) => (await b.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' } })).headers['content-type'],
  'blind7-validation-instance-missing-on-get': async (b) => (await b.call('GetRegisteredCards', { query: { customerId: 'x' } })).body.instance,
};

/** A DeleteCard call from 127.0.0.1 to a reference whose allow list holds another address only. */
async function deleteFromOffList(faults: string[]): Promise<number> {
  const ref = await startReference({ faults, allowList: ['10.0.0.1'] });
  const dispatcher = new Agent({ connect: { ca: ref.caPem } });
  try {
    const res = await request(`${ref.baseUrl}${operation('DeleteCard').path}`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json' }, body: '{}' });
    await res.body.text();
    return res.statusCode;
  } finally {
    await dispatcher.close();
    await ref.close();
  }
}

describe('blind7 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has a probe', () => {
    expect(blind7Faults).toHaveLength(40);
    for (const f of blind7Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes || f.name === 'blind7-allow-list-delete-exempt', f.name).toBe(true);
    }
    expect(new Set(blind7Faults.map((f) => f.name)).size).toBe(blind7Faults.length);
  });

  it('blind7-allow-list-delete-exempt lets DeleteCard past the allow list', async () => {
    expect(await deleteFromOffList([])).toBe(403);
    expect(await deleteFromOffList(['blind7-allow-list-delete-exempt'])).toBe(401);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const { expected, observed } = await observedBothWays(healthy, name, probes[name]!, true);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });
});
