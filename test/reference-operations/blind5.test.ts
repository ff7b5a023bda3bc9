import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import { blind5Faults } from '../../reference/faults/index.js';
import { fresh, guid, Probe, send, type Answer } from './blind5-client.js';

/**
 * Each blind5 fault changes what a client observes: one probe per fault, run against a healthy
 * reference and against one started with the fault; the two results differ. No conformance run.
 */

const keys = (r: Answer): string[] => ((r.body?.validationErrors ?? []) as Array<{ key: string }>).map((e) => e.key);
const attrs = (items: Array<[string, string]>) => items.map(([name, value]) => ({ name, value }));

/** A customer with one card (a number card, or a tokenized one) and an ssoToken in the probe's session. */
async function obo(p: Probe, tokenized = false) {
  const { customerId } = await p.enroll();
  const cardBody = { cardNumber: fresh(16, '4'), cardToken: `tok_${fresh(20)}` };
  const card = tokenized ? await p.tokenCard(customerId, { cardToken: cardBody.cardToken }) : await p.card(customerId, { cardNumber: cardBody.cardNumber });
  const ssoToken = (await p.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId: card.body.cards[0].cardId as string, ssoToken, ...cardBody };
}

const sattr = (p: Probe, items: Array<[string, string]>) => p.call('AddSessionAttributes', { body: { sessionAttributes: attrs(items) } });

async function cattr(p: Probe, extra: Array<[string, string]>) {
  const { customerId, ssn } = await p.enroll();
  return p.call('AddCustomerAttributes', { body: { customerAttributes: attrs([['CustomerId', customerId], ['SSN', ssn], ...extra]) } });
}

/** A customer with two cards that both have transactions (D21: every card gets 0 to 45). */
async function twoCardsWithHistory(p: Probe) {
  const { customerId } = await p.enroll();
  const ids: string[] = [];
  while (ids.length < 2) {
    const cardId = (await p.card(customerId)).body.cards[0].cardId as string;
    if ((await p.call('GetTransactionHistory', { query: { customerId, accountId: cardId } })).body.totalRecords > 1) ids.push(cardId);
  }
  return { customerId, ids };
}

const raw = (p: Probe, path: string, headers: Record<string, string> = {}) => send(p.ref, `${p.ref.baseUrl}${path}`, { body: { deviceId: 'x' }, headers });

const probes: Record<string, (p: Probe, faults: string[]) => Promise<unknown>> = {
  'blind5-token-no-store-basic-only': async (p) => (await p.tokenRequest('body')).headers['cache-control'],
  'blind5-token-expires-in-remaining': async (p) => (await p.tokenRequest('basic')).body.expires_in,
  'blind5-bearer-payload-cached': async (p) => {
    await p.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' } });
    const [h, b, s] = p.token.split('.');
    const forged = `${h}.${b}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`;
    return (await p.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, token: forged })).status;
  },
  'blind5-bearer-challenge-missing-only': async (p) => (await p.call('FindCustomer', { body: {}, token: 'not.a.token' })).headers['www-authenticate'] ?? null,
  // The reference started with an allow list that leaves the loopback address off.
  'blind5-allow-list-authenticate-exempt': async (_p, faults) => {
    const off = await Probe.start(faults, { allowList: ['10.9.9.9'] });
    try { return (await raw(off, '/api/v1/partners/authenticate')).status; } finally { await off.close(); }
  },
  'blind5-version-query-unknown-on-get': async (p) => (await p.call('GetRegisteredCards', { query: { customerId: guid(), apiVersion: 1 } })).status,
  'blind5-version-header-refused-ancillary': async (p) => {
    const { customerId, ssn } = await p.enroll();
    return (await p.call('AddCustomerAttributes', { body: { customerAttributes: attrs([['CustomerId', customerId], ['SSN', ssn]]) }, headers: { apiVersion: '1' } })).status;
  },
  'blind5-session-device-case-insensitive': async (p) => {
    p.deviceId = 'Device-Case';
    p.sessionId = await p.openSession(p.deviceId);
    return (await p.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, headers: { deviceId: 'device-case' } })).status;
  },
  'blind5-session-device-check-cached': async (p) => {
    await p.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' } });
    return (await p.call('FindCustomer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, headers: { deviceId: 'another-device' } })).status;
  },
  'blind5-session-skipped-on-history': async (p) => (await p.call('GetTransactionHistory', { query: { customerId: guid() }, noSession: true })).status,
  'blind5-auth-repeat-device-empty-session': async (p) => (await p.openSession(p.deviceId)).length > 0,
  'blind5-find-dob-day-ignored': async (p) => (await p.call('FindCustomer', { body: { ssn: (await p.enroll()).ssn, dateOfBirth: '1990-04-02' } })).status,
  'blind5-find-itin-refused': async (p) => (await p.call('FindCustomer', { body: { ssn: fresh(9, '9'), dateOfBirth: '1990-04-01' } })).status,
  'blind5-find-ssn-leading-zero-lost': async (p) => (await p.call('FindCustomer', { body: { ssn: (await p.enroll({ ssn: fresh(9, '0') })).ssn, dateOfBirth: '1990-04-01' } })).status,
  'blind5-enroll-duplicate-ssn-returns-existing': async (p) => (await p.enroll({ ssn: (await p.enroll()).ssn })).status,
  'blind5-enroll-home-number-nine-digits': async (p) => (await p.enroll({ homeNumber: '123456789' })).status,
  'blind5-enroll-ssn-short-accepted': async (p) => (await p.enroll({ ssn: fresh(8) })).status,
  'blind5-enroll-email-max-254': async (p) => (await p.enroll({ emailAddress: `${'e'.repeat(80)}${fresh(8)}@example.test` })).status,
  'blind5-obo-no-linked-title-case': async (p) => (await p.call('AuthenticateOBO', { body: { customerId: (await p.enroll()).customerId } })).body.title,
  'blind5-obo-customer-id-unanchored': async (p) => {
    const { customerId } = await p.enroll();
    await p.card(customerId);
    return (await p.call('AuthenticateOBO', { body: { customerId: `${customerId}0` } })).status;
  },
  'blind5-obo-second-customer-token-not-stored': async (p) => {
    await obo(p);
    const second = await obo(p);
    return (await sattr(p, [['SsoToken', second.ssoToken]])).status;
  },
  'blind5-cards-cached-after-delete': async (p) => {
    const { customerId } = await p.enroll();
    const cardId = (await p.card(customerId)).body.cards[0].cardId;
    await p.call('GetRegisteredCards', { query: { customerId } });
    await p.call('DeleteCard', { body: { customerId, cardId } });
    return (await p.call('GetRegisteredCards', { query: { customerId } })).body.cards.length;
  },
  'blind5-cards-key-command-prefix': async (p) => keys(await p.call('GetRegisteredCards', { query: { customerId: 'not-a-guid' } })),
  'blind5-card-expiration-month-thirteen': async (p) => (await p.card((await p.enroll()).customerId, { expirationMonthYear: '1330' })).status,
  'blind5-card-city-unchecked-on-update': async (p) => {
    const { customerId } = await p.enroll();
    const cardNumber = fresh(16, '4');
    await p.card(customerId, { cardNumber });
    return (await p.card(customerId, { cardNumber, city: 'C'.repeat(51) })).status;
  },
  'blind5-card-number-fifteen-refused': async (p) => (await p.card((await p.enroll()).customerId, { cardNumber: fresh(15, '3') })).status,
  'blind5-card-zip-four-accepted': async (p) => (await p.card((await p.enroll()).customerId, { zip: '2701' })).status,
  'blind5-tcard-token-max-300': async (p) => (await p.tokenCard((await p.enroll()).customerId, { cardToken: `t${fresh(8)}${'x'.repeat(271)}` })).status,
  'blind5-tcard-bin-five-digits': async (p) => (await p.tokenCard((await p.enroll()).customerId, { cardBin: '41111' })).status,
  'blind5-tcard-denied-200-empty': async (p) => (await p.tokenCard((await p.enroll()).customerId, { cardBin: '999999' })).status,
  'blind5-tcard-expiration-not-updated': async (p) => {
    const { customerId } = await p.enroll();
    const cardToken = `tok_${fresh(20)}`;
    await p.tokenCard(customerId, { cardToken });
    await p.tokenCard(customerId, { cardToken, expirationMonthYear: '0531' });
    return (await p.call('GetRegisteredCards', { query: { customerId } })).body.cards[0].expirationMonthYear;
  },
  'blind5-history-page-size-ten-refused': async (p) => (await p.call('GetTransactionHistory', { query: { customerId: guid(), pageSize: 10 } })).status,
  'blind5-history-paging-ignores-account': async (p) => {
    const { customerId, ids } = await twoCardsWithHistory(p);
    const first = (await p.call('GetTransactionHistory', { query: { customerId, accountId: ids[0]!, pageSize: 1 } })).body.searchResults[0].transactionId;
    return (await p.call('GetTransactionHistory', { query: { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: first, pageSize: 10 } })).body.totalRecords;
  },
  'blind5-history-created-on-date-only': async (p) => {
    const { customerId } = await twoCardsWithHistory(p);
    return String((await p.call('GetTransactionHistory', { query: { customerId } })).body.searchResults[0].createdOn).length;
  },
  'blind5-history-unknown-customer-500': async (p) => (await p.call('GetTransactionHistory', { query: { customerId: guid() } })).status,
  'blind5-delete-unknown-plain-404': async (p) => (await p.call('DeleteCard', { body: { customerId: (await p.enroll()).customerId, cardId: guid() } })).headers['content-type'],
  'blind5-delete-customer-id-unvalidated': async (p) => (await p.call('DeleteCard', { body: { customerId: 'x'.repeat(36), cardId: guid() } })).status,
  'blind5-cattr-amount-three-decimals': async (p) => (await cattr(p, [['CurrentBalance', '12.345']])).status,
  'blind5-cattr-true-false-yes-no': async (p) => (await cattr(p, [['DirectDeposit', 'Yes']])).status,
  'blind5-sattr-both-filters-number-first': async (p) => {
    const o = await obo(p);
    return (await sattr(p, [['SsoToken', o.ssoToken], ['AccountNumberFilter', o.cardNumber], ['AccountIdFilter', o.cardId]])).status;
  },
  'blind5-sattr-number-filter-token-refused': async (p) => {
    const o = await obo(p, true);
    return (await sattr(p, [['SsoToken', o.ssoToken], ['AccountNumberFilter', o.cardToken]])).status;
  },
  'blind5-sattr-invalid-status-400': async (p) => (await sattr(p, [['SsoToken', (await obo(p)).ssoToken], ['AccountIdFilter', guid()]])).status,
  'blind5-validation-errors-array': async (p) => Array.isArray((await p.call('FindCustomer', { body: { ssn: 'x', dateOfBirth: '1990-04-01' } })).body.errors),
  'blind5-validation-title-reworded': async (p) => (await p.call('FindCustomer', { body: { ssn: 'x', dateOfBirth: '1990-04-01' } })).body.title,
  'blind5-done-octet-stream': async (p) => (await cattr(p, [])).headers['content-type'],
};

describe('blind5 faults', () => {
  let healthy: Probe;
  beforeAll(async () => { healthy = await Probe.start([]); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement and has a probe', () => {
    expect(blind5Faults).toHaveLength(45);
    for (const f of blind5Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name in probes, f.name).toBe(true);
    }
    expect(new Set(blind5Faults.map((f) => f.name)).size).toBe(blind5Faults.length);
  });

  it.each(Object.keys(probes))('%s changes what a client observes', async (name) => {
    const faulty = await Probe.start([name]);
    try {
      healthy.deviceId = 'probe-device';
      healthy.sessionId = await healthy.openSession(healthy.deviceId);
      const expected = await probes[name]!(healthy, []);
      const observed = await probes[name]!(faulty, [name]);
      expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
    } finally {
      await faulty.close();
    }
  }, 30_000);
});
