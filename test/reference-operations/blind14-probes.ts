import { unique, type Answer } from './red-team-client.js';
import { unknownGuid, address, cardBody, tokenBody, enroll, status, items, type C } from './red-team-probe-kit.js';

/**
 * One probe per blind14 fault (reference/faults/blind14/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind14.test.ts against a healthy and
 * a faulty reference.
 */

const tcard = async (c: C, o: Record<string, unknown>) => status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, o) }));
const card = async (c: C, o: Record<string, unknown>) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId, o) }));

/** A customer with a card, and an ssoToken issued in the client's session. */
async function obo(c: C) {
  const { customerId } = await enroll(c);
  const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: `41111111${unique(8)}` }) })).body.cards[0].cardId as string;
  const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId, ssoToken };
}

/** A fresh customer with one number card whose history holds more than `min` transactions. */
async function cardWithHistory(c: C, min: number) {
  const { customerId } = await enroll(c);
  for (let i = 0; i < 40; i++) {
    const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: `41111111${unique(8)}` }) })).body.cards[0].cardId as string;
    if ((await c.call('get-transaction-history', { query: { customerId, accountId: cardId } })).body.totalRecords > min) return { customerId, cardId };
    await c.call('delete-card', { body: { customerId, cardId } });
  }
  throw new Error('no card with a history');
}

const noDashes = (guid: string) => guid.replace(/-/g, '');

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  'blind14-enroll-first-name-max-64': async (c) => (await enroll(c, { firstName: 'F'.repeat(60) })).r.status,
  'blind14-enroll-address-line1-max-100': async (c) => (await enroll(c, { addressLine1: 'A'.repeat(80) })).r.status,
  'blind14-enroll-state-over-two-cut': async (c) => (await enroll(c, { state: 'ILL' })).r.status,
  'blind14-enroll-home-number-punctuation-stripped': async (c) => (await enroll(c, { homeNumber: '(555) 123-4567' })).r.status,
  'blind14-card-number-fourteen-accepted': (c) => card(c, { cardNumber: `411111${unique(8)}` }),
  'blind14-card-address-line2-over-100-cut': (c) => card(c, { addressLine2: 'B'.repeat(101) }),
  'blind14-tcard-nickname-max-25': (c) => tcard(c, { cardNickname: 'N'.repeat(23) }),
  'blind14-tcard-name-on-card-over-100-cut': (c) => tcard(c, { nameOnCard: 'N'.repeat(101) }),
  'blind14-tcard-address-line2-optional': async (c) => {
    const { addressLine2: _gone, ...body } = tokenBody((await enroll(c)).customerId);
    return status(c.call('add-or-update-tokenized-card', { body }));
  },
  'blind14-tcard-state-three-accepted': (c) => tcard(c, { state: 'ILL' }),
  'blind14-tcard-customer-id-no-dashes-accepted': async (c) => status(c.call('add-or-update-tokenized-card', { body: tokenBody(noDashes((await enroll(c)).customerId)) })),
  'blind14-cattr-monthly-load-one-decimal-accepted': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['AverageMonthlyLoadAmount', '125.5']]) } }));
  },
  'blind14-sattr-id-filter-no-dashes-accepted': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', noDashes(cardId)]]) } }));
  },
  'blind14-enroll-mobile-short-accepted': async (c) => (await enroll(c, { mobileNumber: '555123456' })).r.status,
  'blind14-cattr-transactions-per-month-parse-float': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['TransactionsPerMonth', '3 per month']]) } }));
  },
  'blind14-history-total-records-pascal-key': async (c) => Object.keys((await c.call('get-transaction-history', { query: { customerId: (await enroll(c)).customerId } })).body).sort(),
  'blind14-cards-token-last-four-null-when-not-sent': async (c) => {
    const { customerId } = await enroll(c);
    const { lastFourOfCard: _none, ...body } = tokenBody(customerId);
    await c.call('add-or-update-tokenized-card', { body });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.map((x: { lastFourDigits: unknown }) => typeof x.lastFourDigits);
  },
  'blind14-obo-not-found-title-no-linked': async (c) => (await c.call('authenticate-obo', { body: { customerId: unknownGuid } })).body.title,
  'blind14-tcard-validation-key-no-prefix': async (c) => (await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { cardBin: 'x' }) })).body.validationErrors.map((e: { key: string }) => e.key),
  'blind14-find-dob-missing-500': (c) => status(c.call('find-customer', { body: { ssn: '123456789' } })),
  'blind14-token-body-secret-unchecked': async (c) => (await c.tokenRequest({ bodyCredentials: true, secret: 'not-the-secret' })).status,
  'blind14-token-missing-scope-500': async (c) => (await c.tokenRequest({ noScope: true })).status,
  'blind14-bearer-expiry-unchecked-on-enroll': (c) => status(c.call('enroll-customer', { body: {}, expired: true })),
  'blind14-bearer-skipped-on-delete': (c) => status(c.call('delete-card', { body: {}, without: ['authorization'] })),
  'blind14-session-device-unchecked-on-tcard': (c) => status(c.call('add-or-update-tokenized-card', { body: {}, headers: { deviceId: 'another-device' } })),
  'blind14-session-skipped-on-delete': (c) => status(c.call('delete-card', { body: {}, without: ['sessionId', 'deviceId'] })),
  'blind14-session-device-missing-accepted-on-history': (c) => status(c.call('get-transaction-history', { query: { customerId: unknownGuid }, without: ['deviceId'] })),
  'blind14-allow-list-card-exempt': (c) => status(c.call('add-or-update-card', { body: {} })),
  'blind14-version-header-refused-on-delete': (c) => status(c.call('delete-card', { body: { customerId: unknownGuid, cardId: unknownGuid }, headers: { apiVersion: '1' } })),
  'blind14-version-query-refused-on-cattr': async (c) => {
    const r = await c.call('add-customer-attributes', { body: {}, query: { apiVersion: 1 } });
    return [r.status, Array.isArray(r.body?.validationErrors)];
  },
  'blind14-history-total-missing-when-paging': async (c) => {
    const { customerId, cardId } = await cardWithHistory(c, 2);
    const all = (await c.call('get-transaction-history', { query: { customerId, accountId: cardId } })).body.searchResults;
    return typeof (await c.call('get-transaction-history', { query: { customerId, accountId: cardId, pageSize: 2, pagingTransactionReferenceNumber: all[1].transactionId } })).body.totalRecords;
  },
  'blind14-tcard-cards-single-object': async (c) => Array.isArray((await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId) })).body.cards),
  'blind14-find-not-found-error-code-missing': async (c) => (await c.call('find-customer', { body: { ssn: unique(9), dateOfBirth: '1990-04-01' } })).body.errorCode,
  'blind14-obo-no-linked-code-customer-not-found': async (c) => (await c.call('authenticate-obo', { body: { customerId: (await enroll(c)).customerId } })).body.errorCode,
  'blind14-sattr-invalid-instance-missing': async (c) => {
    const { ssoToken } = await obo(c);
    return (await c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) } })).body.instance;
  },
  'blind14-auth-denied-status-string': async (c) => typeof (await c.open(true)).body.status,
  'blind14-auth-denied-instance-missing': async (c) => (await c.open(true)).body.instance,
  'blind14-cards-joined-by-number-across-customers': async (c) => {
    const [a, b] = [(await enroll(c)).customerId, (await enroll(c)).customerId];
    const cardNumber = `41111111${unique(8)}`;
    await c.call('add-or-update-card', { body: cardBody(a, { cardNumber }) });
    await c.call('add-or-update-card', { body: cardBody(b, { cardNumber }) });
    return (await c.call('get-registered-cards', { query: { customerId: a } })).body.cards.map((x: { customerId: string }) => x.customerId === a);
  },
  'blind14-history-ordered-by-transaction-id': async (c) => {
    const { customerId, cardId } = await cardWithHistory(c, 6);
    const list = (await c.call('get-transaction-history', { query: { customerId, accountId: cardId } })).body.searchResults as Array<{ createdOn: string }>;
    return list.every((t, i) => i === 0 || Date.parse(list[i - 1]!.createdOn) >= Date.parse(t.createdOn));
  },
  'blind14-history-account-filter-by-last-four': async (c) => {
    const { customerId } = await enroll(c);
    const ids: string[] = [];
    // Card numbers that differ but end in the same four digits, until two of them have a history.
    for (let i = 0; i < 40 && ids.length < 2; i++) {
      const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: `4111${unique(8)}4242` }) })).body.cards[0].cardId as string;
      if ((await c.call('get-transaction-history', { query: { customerId, accountId: cardId } })).body.totalRecords > 0) ids.push(cardId);
      else await c.call('delete-card', { body: { customerId, cardId } });
    }
    const total = async (accountId?: string) => (await c.call('get-transaction-history', { query: { customerId, ...(accountId ? { accountId } : {}) } })).body.totalRecords as number;
    // Two cards' filtered histories add up to at most the whole one unless a filter lets the other card in.
    return (await total(ids[0])) + (await total(ids[1])) <= (await total());
  },
};
