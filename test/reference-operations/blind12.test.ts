import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import { blind12Faults } from '../../reference/faults/blind12/index.js';
import type { ReferenceOptions } from '../../reference/server.js';
import { Bench, cardPayload, enrollPayload, tokenCardPayload, uniqueDigits } from './blind12-bench.js';

/**
 * Blind batch 12: each fault changes what one request (or one short sequence) observes. The same
 * probe runs against a healthy reference and one with the fault on; the answers must differ.
 * No conformance run: the batch is scored by `npm run red-team -- blind12`.
 */

const unknownGuid = '00000000-0000-4000-8000-000000000000';
const attrs = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
const history = (b: Bench, query: Record<string, string | number>) => b.call('GetTransactionHistory', { query });

/** A customer with a card and an ssoToken issued in the bench's session. */
async function oboCustomer(b: Bench) {
  const { customerId } = await b.enroll();
  const cardId = String((await b.addCard(customerId)).body.cards[0].cardId);
  const ssoToken = String((await b.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken);
  return { customerId, cardId, ssoToken };
}

/** Adds cards (number cards, or tokenized ones) until `wanted` of them have transactions; their ids. */
async function cardsWithHistory(b: Bench, customerId: string, wanted: number, tokenized = false): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 30 && ids.length < wanted; i++) {
    const r = tokenized ? await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) }) : await b.addCard(customerId);
    const cardId = String(r.body.cards[0].cardId);
    if ((await history(b, { customerId, accountId: cardId })).body.totalRecords > 0) ids.push(cardId);
  }
  return ids;
}

interface Probe { readonly options?: ReferenceOptions; readonly run: (b: Bench) => Promise<unknown> }
const p = (run: Probe['run'], options?: ReferenceOptions): Probe => ({ run, ...(options ? { options } : {}) });

const probes: Record<string, Probe> = {
  'blind12-token-cached-answer-no-store-missing': p(async (b) => {
    const form = { grant_type: 'client_credentials', scope: `${b.ref.scopeBase}/auth/deposit-underwriting` };
    await b.tokenRequest(form);
    return (await b.tokenRequest(form)).headers['cache-control'];
  }),
  'blind12-token-invalid-client-basic-400': p(async (b) => (await b.tokenRequest({ grant_type: 'client_credentials', scope: 'x' }, [b.ref.clientId, 'wrong-secret'])).status),
  'blind12-auth-denied-title-british': p(async (b) => {
    const token = await b.fetchToken([b.ref.deniedClientId, b.ref.deniedClientSecret]);
    return (await b.call('AuthenticatePartner', { body: { deviceId: b.deviceId }, noSession: true, token })).body.title;
  }),
  'blind12-find-dob-optional-for-ssn': p(async (b) => (await b.call('FindCustomer', { body: { ssn: (await b.enroll()).payload.ssn } })).status),
  'blind12-find-ssn-json-number-coerced': p(async (b) => (await b.call('FindCustomer', { body: { ssn: 123456789, dateOfBirth: '1980-05-06' } })).status),
  'blind12-find-hit-cached-by-ssn': p(async (b) => {
    const { payload } = await b.enroll();
    await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: payload.dateOfBirth } });
    return (await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: '1901-01-01' } })).status;
  }),
  'blind12-enroll-home-number-parsed-as-long': p(async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ homeNumber: '+123456789' }) })).status),
  'blind12-enroll-empty-country-500': p(async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ countryOfOrigin: '' }) })).status),
  'blind12-enroll-allow-texts-string-500': p(async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ allowTexts: 'Y' }) })).status),
  'blind12-enroll-validation-detail-missing': p(async (b) => 'detail' in (await b.call('EnrollCustomer', { body: {} })).body),
  'blind12-enroll-created-location-only': p(async (b) => (await b.call('EnrollCustomer', { body: enrollPayload() })).status),
  'blind12-enroll-duplicate-ssn-400-validation': p(async (b) => {
    const { payload } = await b.enroll();
    return (await b.call('EnrollCustomer', { body: { ...payload, emailAddress: `x${String(payload.emailAddress)}` } })).status;
  }),
  'blind12-cards-customer-id-trimmed': p(async (b) => (await b.call('GetRegisteredCards', { query: { customerId: ` ${(await b.enroll()).customerId}` } })).status),
  'blind12-cards-art-data-uri': p(async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].cardArtAsBase64Png;
  }),
  'blind12-cards-bare-array-with-query-version': p(async (b) => Array.isArray((await b.call('GetRegisteredCards', { query: { customerId: unknownGuid }, versionInQuery: true })).body)),
  'blind12-card-number-luhn-validated': p(async (b) => (await b.addCard((await b.enroll()).customerId, { cardNumber: '4111111111111112' })).status),
  'blind12-card-update-written-to-first-card': p(async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    const second = cardPayload(customerId);
    const cardId = (await b.call('AddOrUpdateCard', { body: second })).body.cards[0].cardId;
    await b.call('AddOrUpdateCard', { body: { ...second, cardNickname: 'Renamed' } });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.find((c: { cardId: string }) => c.cardId === cardId).cardNickname;
  }),
  'blind12-tcard-bin-unchecked-without-last-four': p(async (b) => {
    const { lastFourOfCard: _left, ...body } = tokenCardPayload((await b.enroll()).customerId, { cardBin: '12ab56' });
    return (await b.call('AddOrUpdateTokenizedCard', { body })).status;
  }),
  'blind12-tcard-name-on-card-max-50': p(async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { nameOnCard: 'N'.repeat(60) }) })).status),
  'blind12-tcard-denied-bin-with-last-four': p(async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardBin: '999999' }) })).status),
  'blind12-obo-key-names-id': p(async (b) => (await b.call('AuthenticateOBO', { body: { customerId: 'not-a-guid' } })).body.validationErrors.map((e: { key: string }) => e.key)),
  'blind12-obo-sso-token-empty-when-only-tokenized': p(async (b) => {
    const { customerId } = await b.enroll();
    await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) });
    return (await b.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken === '';
  }),
  'blind12-obo-no-linked-code-plural': p(async (b) => (await b.call('AuthenticateOBO', { body: { customerId: (await b.enroll()).customerId } })).body.errorCode),
  'blind12-history-account-id-prefix-match': p(async (b) => {
    const { customerId } = await b.enroll();
    const cardId = String((await b.addCard(customerId)).body.cards[0].cardId);
    return (await history(b, { customerId, accountId: cardId.slice(0, 35) })).status;
  }),
  'blind12-history-page-size-range-skipped-when-paging': p(async (b) => (await history(b, { customerId: unknownGuid, pagingTransactionReferenceNumber: unknownGuid, pageSize: 11 })).status),
  'blind12-history-paging-reference-beyond-default-window': p(async (b) => {
    const { customerId } = await b.enroll();
    for (let i = 0; i < 30 && (await history(b, { customerId })).body.totalRecords < 24; i++) await b.addCard(customerId);
    const first = (await history(b, { customerId })).body.searchResults;
    const next = (await history(b, { customerId, pagingTransactionReferenceNumber: first[19].transactionId, pageSize: 3 })).body.searchResults;
    return (await history(b, { customerId, pagingTransactionReferenceNumber: next[1].transactionId, pageSize: 2 })).body.searchResults.length;
  }),
  'blind12-history-duplicated-after-card-update': p(async (b) => {
    const { customerId } = await b.enroll();
    for (let i = 0; i < 30; i++) {
      const payload = cardPayload(customerId);
      const accountId = String((await b.addCard(customerId, payload)).body.cards[0].cardId);
      if ((await history(b, { customerId, accountId })).body.totalRecords === 0) continue;
      await b.addCard(customerId, { ...payload, cardNickname: 'Renamed' });
      return (await history(b, { customerId, accountId })).body.totalRecords;
    }
    throw new Error('no card with a history in 30 tries');
  }),
  'blind12-history-load-status-null-for-token-cards': p(async (b) => {
    const { customerId } = await b.enroll();
    await cardsWithHistory(b, customerId, 1, true);
    return (await history(b, { customerId })).body.searchResults[0].loadStatus;
  }),
  'blind12-history-account-filter-ignored-after-delete': p(async (b) => {
    const { customerId } = await b.enroll();
    const [first] = await cardsWithHistory(b, customerId, 2);
    const extra = String((await b.addCard(customerId)).body.cards[0].cardId);
    await b.call('DeleteCard', { body: { customerId, cardId: extra } });
    return (await history(b, { customerId, accountId: first! })).body.totalRecords;
  }),
  'blind12-delete-foreign-card-when-cardless': p(async (b) => {
    const owner = (await b.enroll()).customerId;
    const cardId = (await b.addCard(owner)).body.cards[0].cardId;
    await b.call('DeleteCard', { body: { customerId: (await b.enroll()).customerId, cardId } });
    return (await b.call('GetRegisteredCards', { query: { customerId: owner } })).body.cards.length;
  }),
  'blind12-delete-token-card-audit-500': p(async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId) })).body.cards[0].cardId;
    return (await b.call('DeleteCard', { body: { customerId, cardId } })).status;
  }),
  'blind12-cattr-long-name-logged-500': p(async (b) => {
    const { customerId, payload } = await b.enroll();
    const body = { customerAttributes: [['CustomerId', customerId], ['SSN', String(payload.ssn)], ['N'.repeat(101), '1']].map(([name, value]) => ({ name, value })) };
    return (await b.call('AddCustomerAttributes', { body })).status;
  }),
  'blind12-cattr-ssn-attribute-ssa-rules': p(async (b) => {
    const { customerId } = await b.enroll({ ssn: `9${uniqueDigits(8)}` });
    const body = { customerAttributes: [{ name: 'CustomerId', value: customerId }, { name: 'SSN', value: '912345678' }] };
    return (await b.call('AddCustomerAttributes', { body })).status;
  }),
  'blind12-sattr-preferred-email-over-100-500': p(async (b) => {
    const { ssoToken } = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken], ['PreferredEmail', `${'a'.repeat(100)}@example.test`]]) })).status;
  }),
  'blind12-sattr-number-filter-takes-card-ids': p(async (b) => {
    const { ssoToken, cardId } = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken], ['AccountNumberFilter', cardId]]) })).status;
  }),
  'blind12-sattr-obo-context-lost-after-card-write': p(async (b) => {
    const { ssoToken, customerId } = await oboCustomer(b);
    await b.addCard(customerId);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken]]) })).status;
  }),
  'blind12-bearer-expiry-trusted-to-session': p(async (b) => {
    const expired = await b.fetchToken(undefined, '/expired');
    return (await b.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1980-05-06' }, token: expired })).status;
  }),
  'blind12-allow-list-checked-at-login-only': p(async (b) => (await b.call('FindCustomer', { body: {}, noSession: true })).status, { allowList: ['10.9.8.7'] }),
  'blind12-version-header-refused-on-history': p(async (b) => (await history(b, { customerId: unknownGuid })).status),
  'blind12-session-device-header-missing-plain-400': p(async (b) => (await b.call('FindCustomer', { body: {}, noSession: true, headers: { sessionid: b.sessionId } })).headers['content-type']),
};

describe('blind12 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await Bench.start(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement, quotes the document and has a probe', () => {
    for (const f of blind12Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.breaks, f.name).toMatch(/"/);
      expect(f.name in probes, f.name).toBe(true);
    }
    expect(new Set(blind12Faults.map((f) => f.name)).size).toBe(40);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const probe = probes[name]!;
    const base = probe.options ? await Bench.start(probe.options) : healthy;
    const faulty = await Bench.start({ ...probe.options, faults: [name] });
    try {
      const expected = await probe.run(base);
      const observed = await probe.run(faulty);
      expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
    } finally {
      await faulty.close();
      if (base !== healthy) await base.close();
    }
  });
});
