import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { requirement } from '../../contract/index.js';
import { blind10Faults } from '../../reference/faults/blind10/index.js';
import { startReference } from '../../reference/server.js';
import { cardPayload, cardsWithHistory, enrollPayload, startBench, tokenCardPayload, uniqueDigits, type Bench, observedBothWays, oboCustomer } from './harness.js';

/**
 * Blind batch 10: each fault changes what one client observes. A probe returns the same value from
 * the healthy and the faulty reference only if the fault does nothing. The token endpoint and the
 * bearer leeway are probed over raw HTTP on their own reference (see `raw` below).
 */
const attrs = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
const find = (b: Bench, ssn: unknown, dateOfBirth: unknown) => b.call('FindCustomer', { body: { ssn, dateOfBirth } });

async function customerAttributes(b: Bench, extra: Array<[string, string]>) {
  const { customerId, payload } = await b.enroll();
  const items = [['CustomerId', customerId], ['SSN', String(payload.ssn)], ...extra].map(([name, value]) => ({ name, value }));
  return (await b.call('AddCustomerAttributes', { body: { customerAttributes: items } })).status;
}

/** A customer whose history is long enough for a default page and a second page. */
async function history(b: Bench) {
  const { customerId } = await b.enroll();
  const cardIds = await cardsWithHistory(b, customerId, 25);
  const all = (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 0 } })).body;
  return { customerId, cardIds, all };
}

const probes: Record<string, (b: Bench) => Promise<unknown>> = {
  'blind10-auth-session-id-header-braces': async (b) => {
    b.sessionId = await b.openSession();
    return (await find(b, '123456789', '1990-04-01')).status;
  },
  'blind10-find-itin-customer-id-empty': async (b) => {
    const { payload } = await b.enroll({ ssn: `9${uniqueDigits(8)}` });
    return (await find(b, payload.ssn, payload.dateOfBirth)).body.customerId === '';
  },
  'blind10-find-dob-single-digit-month': async (b) => (await find(b, '123456789', '1990-4-01')).status,
  'blind10-find-not-found-200-empty-object': async (b) => (await find(b, '123456789', '1990-04-01')).status,
  'blind10-enroll-customer-id-braces': async (b) => String((await b.call('EnrollCustomer', { body: enrollPayload() })).body.CustomerId).length,
  'blind10-enroll-duplicate-email-returns-existing': async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: { ...enrollPayload(), emailAddress: payload.emailAddress } })).status;
  },
  'blind10-enroll-duplicate-checked-per-session': async (b) => {
    const { payload } = await b.enroll();
    b.sessionId = await b.openSession();
    return (await b.call('EnrollCustomer', { body: payload })).status;
  },
  'blind10-enroll-session-skipped': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload(), noSession: true })).status,
  'blind10-enroll-address-line2-max-100': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ addressLine2: 'a'.repeat(80) }) })).status,
  'blind10-enroll-validation-message-null': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ zip: 'ABCDE' }) })).body.validationErrors[0].message,
  'blind10-cards-show-terms-string-token': async (b) => {
    const { customerId } = await b.enroll();
    await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) });
    return typeof (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].showTermsAndConditions;
  },
  'blind10-cards-version-header-refused': async (b) =>
    (await b.call('GetRegisteredCards', { query: { customerId: (await b.enroll()).customerId }, headers: { apiVersion: '1' } })).status,
  'blind10-delete-readd-not-listed': async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId;
    await b.call('DeleteCard', { body: { customerId, cardId } });
    await b.addCard(customerId);
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind10-card-update-card-id-empty': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { expirationMonthYear: '1231' })).body.cards[0].cardId === '';
  },
  'blind10-card-update-expiration-not-stored': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    await b.addCard(customerId, { expirationMonthYear: '1231' });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].expirationMonthYear;
  },
  'blind10-card-nickname-unchecked-on-update': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { cardNickname: 'n'.repeat(25) })).status;
  },
  'blind10-card-identical-answer-empty-list': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId)).body.cards.length;
  },
  'blind10-tcard-last-four-not-updated': async (b) => {
    const { customerId } = await b.enroll();
    const payload = tokenCardPayload(customerId, { lastFourOfCard: '1111' });
    await b.call('AddOrUpdateTokenizedCard', { body: payload });
    await b.call('AddOrUpdateTokenizedCard', { body: { ...payload, lastFourOfCard: '2222' } });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].lastFourDigits;
  },
  'blind10-tcard-last-four-from-bin': async (b) =>
    (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardBin: '412345', lastFourOfCard: '9876' }) })).body.cards[0].lastFourDigits,
  'blind10-tcard-denied-detail-missing-on-update': async (b) => {
    const { customerId } = await b.enroll();
    const payload = tokenCardPayload(customerId);
    await b.call('AddOrUpdateTokenizedCard', { body: payload });
    return 'detail' in (await b.call('AddOrUpdateTokenizedCard', { body: { ...payload, cardBin: '999999' } })).body;
  },
  'blind10-tcard-hash-id-null-on-update': async (b) => {
    const { customerId } = await b.enroll();
    const payload = tokenCardPayload(customerId);
    await b.call('AddOrUpdateTokenizedCard', { body: payload });
    return (await b.call('AddOrUpdateTokenizedCard', { body: { ...payload, cardNickname: 'Renamed' } })).body.cards[0].hashId;
  },
  'blind10-obo-no-linked-cached': async (b) => {
    const { customerId } = await b.enroll();
    await b.call('AuthenticateOBO', { body: { customerId } });
    await b.addCard(customerId);
    return (await b.call('AuthenticateOBO', { body: { customerId } })).status;
  },
  'blind10-obo-not-found-type-rfc7231': async (b) => (await b.call('AuthenticateOBO', { body: { customerId: '00000000-0000-4000-8000-000000000000' } })).body.type,
  'blind10-obo-sso-token-wrapped': async (b) => typeof (await oboCustomer(b)).ssoToken,
  'blind10-obo-no-linked-instance-missing': async (b) => 'instance' in (await b.call('AuthenticateOBO', { body: { customerId: (await b.enroll()).customerId } })).body,
  'blind10-history-search-results-null-when-empty': async (b) =>
    (await b.call('GetTransactionHistory', { query: { customerId: (await b.enroll()).customerId } })).body.searchResults,
  'blind10-history-total-string-with-account': async (b) => {
    const { customerId, cardIds } = await history(b);
    return typeof (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardIds[0]! } })).body.totalRecords;
  },
  'blind10-history-transaction-id-no-dashes-paged': async (b) => {
    const { customerId, all } = await history(b);
    const ref = all.searchResults[3].transactionId as string;
    return (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 3, pagingTransactionReferenceNumber: ref } })).body.searchResults[0].transactionId === ref;
  },
  'blind10-history-account-id-unvalidated': async (b) =>
    (await b.call('GetTransactionHistory', { query: { customerId: (await b.enroll()).customerId, accountId: 'not-a-guid' } })).status,
  'blind10-history-default-page-21': async (b) => {
    const { customerId } = await history(b);
    return (await b.call('GetTransactionHistory', { query: { customerId } })).body.searchResults.length;
  },
  'blind10-delete-removes-same-nickname': async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId, { cardNumber: '4111111111111111', cardNickname: 'Same' })).body.cards[0].cardId;
    await b.addCard(customerId, { cardNumber: '4111111111112222', cardNickname: 'Same' });
    await b.call('DeleteCard', { body: { customerId, cardId } });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind10-delete-answered-before-removed': async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId;
    await b.call('DeleteCard', { body: { customerId, cardId } });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind10-cattr-current-balance-six-digits': (b) => customerAttributes(b, [['CurrentBalance', '123456.78']]),
  'blind10-cattr-last-debit-date-unchecked': (b) => customerAttributes(b, [['LastDebitPurchaseDate', 'yesterday']]),
  'blind10-cattr-validation-status-422': (b) => customerAttributes(b, [['Tenure', 'many']]),
  'blind10-sattr-device-unchecked': async (b) => {
    const own = await oboCustomer(b);
    const body = attrs([['SsoToken', own.ssoToken]]);
    return (await b.call('AddSessionAttributes', { body, noSession: true, headers: { sessionId: b.sessionId, deviceId: 'another-device' } })).status;
  },
  'blind10-sattr-both-filters-title-error': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['AccountIdFilter', own.cardId], ['AccountNumberFilter', String(cardPayload(own.customerId).cardNumber)]]) })).body.title;
  },
  'blind10-sattr-value-max-200': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['PreferredEmail', `${'p'.repeat(240)}@example.com`]]) })).status;
  },
};

/** Raw HTTP against a reference of its own: the token endpoint and tokens the bench cannot mint. */
async function raw(faults: string[], clockOffsetSeconds: number): Promise<{ token: number; partner: number }> {
  const ref = await startReference({ faults, clockOffsetSeconds });
  const dispatcher = new Agent({ connect: { ca: ref.caPem } });
  try {
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: `${ref.scopeBase}/auth/check-cashing`, client_id: ref.clientId, client_secret: ref.clientSecret });
    const t = await request(ref.authUrl, { dispatcher, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const { access_token: accessToken } = (await t.body.json()) as { access_token: string };
    const p = await request(`${ref.baseUrl}/api/v1/partners/authenticate`, {
      dispatcher, method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: 'raw-device' }),
    });
    await p.body.text();
    return { token: t.statusCode, partner: p.statusCode };
  } finally {
    await dispatcher.close();
    await ref.close();
  }
}

const rawProbes: Record<string, () => Promise<[unknown, unknown]>> = {
  'blind10-token-created-201-body-credentials': async () => [(await raw([], 0)).token, (await raw(['blind10-token-created-201-body-credentials'], 0)).token],
  // A token that expired ten minutes ago: past any "few minutes" of clock skew, inside the faulty thirty.
  'blind10-bearer-expiry-leeway-thirty-minutes': async () => [(await raw([], -4200)).partner, (await raw(['blind10-bearer-expiry-leeway-thirty-minutes'], -4200)).partner],
};

describe('blind10 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has a probe', () => {
    for (const f of blind10Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes || f.name in rawProbes, f.name).toBe(true);
    }
    expect(new Set(blind10Faults.map((f) => f.name)).size).toBe(blind10Faults.length);
    expect(blind10Faults.length).toBe(40);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const { expected, observed } = await observedBothWays(healthy, name, probes[name]!, true);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });

  it.each(Object.keys(rawProbes))('%s changes what a client observes', async (name) => {
    const [expected, observed] = await rawProbes[name]!();
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });
});
