import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import { blind11Faults } from '../../reference/faults/index.js';
import { cardPayload, enrollPayload, keys, observedBothWays, oboCustomer, startBench, tokenCardPayload, uniqueDigits, type Bench } from './harness.js';
import { accessProbes } from './blind11-access.js';

/**
 * Blind batch 11: each fault changes what a client observes, one probe per fault (no conformance
 * run). The token endpoint, denied-client, no-token and allow-list probes are in blind11-access.ts.
 */
const unknownGuid = '00000000-0000-4000-8000-00000000beef';
const attrs = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
const find = (b: Bench, ssn: unknown, dateOfBirth: unknown) => b.call('FindCustomer', { body: { ssn, dateOfBirth } });

/** AddCustomerAttributes for a fresh customer: its CustomerId, `ssn` (its own when absent) and `extra`. */
async function customerAttributes(b: Bench, extra: Array<[string, string]>, ssn?: string) {
  const { customerId, payload } = await b.enroll();
  const items = [['CustomerId', customerId], ['SSN', ssn ?? String(payload.ssn)], ...extra].map(([name, value]) => ({ name, value }));
  return b.call('AddCustomerAttributes', { body: { customerAttributes: items } });
}

/** A number card of `customerId` and how many transactions its history holds (D21: 0..45, from its random cardId). */
async function cardWithCount(b: Bench, customerId: string, i: number) {
  const cardId = (await b.addCard(customerId, { cardNumber: `41111111111${String(10_000 + i)}` })).body.cards[0].cardId as string;
  const total = (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId, pageSize: 0 } })).body.totalRecords as number;
  return { cardId, total };
}

const newestFirst = (items: Array<{ createdOn: string }>) => items.every((t, i) => i === 0 || items[i - 1]!.createdOn >= t.createdOn);

const probes: Record<string, (b: Bench) => Promise<unknown>> = {
  'blind11-card-expiration-month-clamped-on-update': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    return (await b.addCard(customerId, { expirationMonthYear: '1330' })).status;
  },
  'blind11-enroll-itin-refused': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ ssn: `9${uniqueDigits(8)}` }) })).status,
  'blind11-cattr-ssn-eight-digits-accepted': async (b) => (await customerAttributes(b, [], '12345678')).status,
  'blind11-cattr-amount-decimal-comma': async (b) => (await customerAttributes(b, [['CurrentBalance', '12345,67']])).status,
  'blind11-cattr-count-whitespace-accepted': async (b) => (await customerAttributes(b, [['NumberOfCards', ' 3']])).status,
  'blind11-cattr-keys-index-of-first-error': async (b) => keys(await customerAttributes(b, [['Tenure', 'x'], ['DirectDeposit', 'maybe']])),
  'blind11-sattr-later-values-truncated': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['PreferredEmail', `a@${'b'.repeat(299)}`]]) })).status;
  },
  'blind11-sattr-id-filter-spaces-trimmed': async (b) => {
    const own = await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['AccountIdFilter', ` ${own.cardId}`]]) })).status;
  },
  'blind11-tcard-bin-dashes-stripped': async (b) => (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardBin: '4111-11' }) })).status,
  'blind11-tcard-token-key-card-number': async (b) => keys(await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId, { cardToken: 't'.repeat(300) }) })),
  'blind11-enroll-dob-invalid-422': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ dateOfBirth: 'abcdefghij' }) })).status,
  'blind11-enroll-city-over-forty-500': async (b) => (await b.call('EnrollCustomer', { body: enrollPayload({ city: 'c'.repeat(45) }) })).status,
  'blind11-find-dob-before-1900-500': async (b) => (await find(b, '123456789', '1899-12-31')).status,
  'blind11-cattr-tenure-zero-500': async (b) => (await customerAttributes(b, [['Tenure', '0']])).status,
  'blind11-history-page-size-ten-refused-with-account': async (b) => {
    const { customerId } = await b.enroll();
    const accountId = (await b.addCard(customerId)).body.cards[0].cardId as string;
    return (await b.call('GetTransactionHistory', { query: { customerId, accountId, pageSize: 10 } })).status;
  },
  'blind11-obo-customer-id-key-query-prefix': async (b) => keys(await b.call('AuthenticateOBO', { body: { customerId: 'not-a-guid' } })),
  'blind11-delete-customer-id-optional': async (b) => {
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId as string;
    return (await b.call('DeleteCard', { body: { cardId } })).status;
  },
  'blind11-enroll-allow-texts-null-defaulted': async (b) => (await b.call('EnrollCustomer', { body: { ...enrollPayload(), allowTexts: null } })).status,
  'blind11-cards-customer-id-over-36-cut': async (b) => (await b.call('GetRegisteredCards', { query: { customerId: `${(await b.enroll()).customerId}abcd` } })).status,
  'blind11-tcard-readd-after-delete-same-id': async (b) => {
    const { customerId } = await b.enroll();
    const payload = tokenCardPayload(customerId);
    const cardId = (await b.call('AddOrUpdateTokenizedCard', { body: payload })).body.cards[0].cardId as string;
    await b.call('DeleteCard', { body: { customerId, cardId } });
    return (await b.call('AddOrUpdateTokenizedCard', { body: payload })).body.cards[0].cardId === cardId;
  },
  'blind11-card-update-answers-previous-data': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId, { expirationMonthYear: '0429' });
    return (await b.addCard(customerId, { expirationMonthYear: '1230' })).body.cards[0].expirationMonthYear;
  },
  'blind11-sattr-filter-cards-snapshot-at-obo': async (b) => {
    const own = await oboCustomer(b);
    const later = (await b.addCard(own.customerId, { cardNumber: '5555555555554444' })).body.cards[0].cardId as string;
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', own.ssoToken], ['AccountIdFilter', later]]) })).status;
  },
  'blind11-delete-last-card-removes-customer': async (b) => {
    const { customerId, payload } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId as string;
    await b.call('DeleteCard', { body: { customerId, cardId } });
    return (await find(b, payload.ssn, payload.dateOfBirth)).status;
  },
  'blind11-obo-customer-of-other-session-not-found': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    b.sessionId = await b.openSession();
    return (await b.call('AuthenticateOBO', { body: { customerId } })).status;
  },
  'blind11-history-unsorted-after-delete': async (b) => {
    const { customerId } = await b.enroll();
    // Two cards of 3..19 transactions each (the page holds both), every other card deleted: one delete at least.
    let kept = 0;
    let deleted = 0;
    for (let i = 0; (kept < 2 || deleted === 0) && i < 60; i++) {
      const { cardId, total } = await cardWithCount(b, customerId, i);
      if (kept < 2 && total >= 3 && total <= 9) kept += 1;
      else { await b.call('DeleteCard', { body: { customerId, cardId } }); deleted += 1; }
    }
    return newestFirst((await b.call('GetTransactionHistory', { query: { customerId } })).body.searchResults);
  },
  'blind11-cards-list-one-per-nickname': async (b) => {
    const { customerId } = await b.enroll();
    await b.addCard(customerId);
    await b.addCard(customerId, { cardNumber: '5555555555554444' });
    return (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind11-find-returns-person-id': async (b) => {
    const { customerId, payload } = await b.enroll();
    return (await find(b, payload.ssn, payload.dateOfBirth)).body.customerId === customerId;
  },
  'blind11-session-skipped-with-query-version': async (b) =>
    (await b.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, noSession: true, query: { apiVersion: '1' } })).status,
  'blind11-version-query-refused-on-card': async (b) => (await b.call('AddOrUpdateCard', { body: cardPayload((await b.enroll()).customerId), query: { apiVersion: '1' } })).status,
  'blind11-tcard-response-issuer-type-omitted': async (b) =>
    'issuerType' in (await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload((await b.enroll()).customerId) })).body.cards[0],
  'blind11-history-state-name-with-account': async (b) => {
    const { customerId } = await b.enroll();
    for (let i = 0; i < 20; i++) {
      const { cardId, total } = await cardWithCount(b, customerId, i);
      if (total > 0) return typeof (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId } })).body.searchResults[0].state;
    }
    throw new Error('no card with a history after 20 cards');
  },
  'blind11-sattr-detail-names-first-only': async (b) => {
    await oboCustomer(b);
    return (await b.call('AddSessionAttributes', { body: attrs([['SsoToken', 'not-the-token'], ['AccountIdFilter', unknownGuid]]) })).body.detail;
  },
  'blind11-history-empty-page-text-plain': async (b) =>
    String((await b.call('GetTransactionHistory', { query: { customerId: (await b.enroll()).customerId } })).headers['content-type']).split(';')[0],
  'blind11-history-page-before-account-filter': async (b) => {
    const { customerId } = await b.enroll();
    // A card of 5 transactions or more that does not hold the customer's newest one: its page of 5 must be full.
    for (let i = 0; i < 40; i++) {
      const { cardId, total } = await cardWithCount(b, customerId, i);
      const newest = (await b.call('GetTransactionHistory', { query: { customerId, pageSize: 1 } })).body.searchResults[0];
      const own = (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId, pageSize: 1 } })).body.searchResults[0];
      if (i === 0 || total < 5 || own?.transactionId === newest?.transactionId) continue;
      return (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId, pageSize: 5 } })).body.searchResults.length;
    }
    throw new Error('no second card of 5 transactions after 40 cards');
  },
  'blind11-history-default-page-unbounded-with-account': async (b) => {
    const { customerId } = await b.enroll();
    for (let i = 0; i < 40; i++) {
      const { cardId, total } = await cardWithCount(b, customerId, i);
      if (total > 20) return (await b.call('GetTransactionHistory', { query: { customerId, accountId: cardId } })).body.searchResults.length;
    }
    throw new Error('no card of more than 20 transactions after 40 cards');
  },
};

describe('blind11 faults', () => {
  let healthy: Bench;
  beforeAll(async () => { healthy = await startBench(); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has exactly one probe', () => {
    for (const f of blind11Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes !== f.name in accessProbes, f.name).toBe(true);
    }
    expect(Object.keys(probes).length + Object.keys(accessProbes).length).toBe(blind11Faults.length);
    expect(new Set(blind11Faults.map((f) => f.name)).size).toBe(blind11Faults.length);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const { expected, observed } = await observedBothWays(healthy, name, probes[name]!, true);
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });

  it.each(Object.keys(accessProbes))('%s changes what a client observes', async (name) => {
    const { expected, observed } = await accessProbes[name]!();
    expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
  });
});
