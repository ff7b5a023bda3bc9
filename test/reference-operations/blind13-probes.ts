import { unique, type Answer } from './red-team-client.js';
import { unknownGuid, address, enrollBody, cardBody, tokenBody, enroll, status, items, type C } from './red-team-probe-kit.js';

/**
 * One probe per blind13 fault (reference/faults/blind13/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind13.test.ts against a healthy and
 * a faulty reference.
 */


/** A customer with a card, and an ssoToken issued in the client's session. */
async function obo(c: C) {
  const { customerId } = await enroll(c);
  const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId) })).body.cards[0].cardId as string;
  const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId, ssoToken };
}

/** Adds number cards (same nickname) to a fresh customer until `count` of them have a history. */
async function cardsWithHistory(c: C, count: number) {
  const { customerId } = await enroll(c);
  const ids: string[] = [];
  for (let i = 0; i < 30 && ids.length < count; i++) {
    const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: `41111111${unique(8)}` }) })).body.cards[0].cardId as string;
    if ((await c.call('get-transaction-history', { query: { customerId, accountId: cardId } })).body.totalRecords > 2) ids.push(cardId);
  }
  if (ids.length < count) throw new Error('too few cards with a history');
  return { customerId, ids };
}

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  'blind13-find-ssn-read-as-integer': (c) => status(c.call('find-customer', { body: { ssn: '+12345678', dateOfBirth: '1990-04-01' } })),
  'blind13-enroll-ssn-dashes-normalised': async (c) => (await enroll(c, { ssn: `${unique(3)}-${unique(2)}-${unique(4)}` })).r.status,
  'blind13-enroll-mobile-punctuation-stripped': async (c) => (await enroll(c, { mobileNumber: '(555) 123-4567' })).r.status,
  'blind13-enroll-city-max-60': async (c) => (await enroll(c, { city: 'C'.repeat(55) })).r.status,
  'blind13-enroll-last-name-over-50-cut': async (c) => (await enroll(c, { lastName: 'L'.repeat(51) })).r.status,
  'blind13-enroll-zip-letters-500': async (c) => (await enroll(c, { zip: '1234A' })).r.status,
  'blind13-card-name-on-card-over-100-cut': async (c) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId, { nameOnCard: 'N'.repeat(101) }) })),
  'blind13-card-address-line1-kept-on-update': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-card', { body: cardBody(customerId) });
    const { addressLine1: _gone, ...update } = cardBody(customerId, { cardNickname: 'Other' });
    return status(c.call('add-or-update-card', { body: update }));
  },
  'blind13-tcard-zip-four-digits-accepted': async (c) => status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { zip: '6270' }) })),
  'blind13-tcard-bin-trailing-letters-accepted': async (c) => status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { cardBin: '411111AB' }) })),
  'blind13-tcard-city-unchecked-on-update': async (c) => {
    const body = tokenBody((await enroll(c)).customerId);
    await c.call('add-or-update-tokenized-card', { body });
    return status(c.call('add-or-update-tokenized-card', { body: { ...body, city: 'C'.repeat(51) } }));
  },
  'blind13-obo-customer-id-number-500': (c) => status(c.call('authenticate-obo', { body: { customerId: 12345 } })),
  'blind13-history-reference-format-unchecked': (c) => status(c.call('get-transaction-history', { query: { customerId: unknownGuid, pagingTransactionReferenceNumber: 'x'.repeat(36) } })),
  'blind13-history-empty-account-id-500': (c) => status(c.call('get-transaction-history', { query: { customerId: unknownGuid, accountId: '' } })),
  'blind13-cattr-balance-leading-dot-accepted': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['CurrentBalance', '.50']]) } }));
  },
  'blind13-sattr-empty-value-clears-attribute': async (c) => {
    const { ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['PreferredEmail', '']]) } }));
  },
  'blind13-validation-key-json-path-on-type-error': async (c) =>
    (await c.call('enroll-customer', { body: enrollBody({ firstName: 5 }) })).body.validationErrors.map((e: { key: string }) => e.key),
  'blind13-bearer-challenge-missing-on-expiry': async (c) => (await c.call('find-customer', { body: {}, expired: true })).headers['www-authenticate'],
  'blind13-token-other-grant-500': async (c) => (await c.tokenRequest({ grantType: 'password' })).status,
  'blind13-token-form-charset-refused': async (c) => (await c.tokenRequest({ contentType: 'application/x-www-form-urlencoded; charset=UTF-8' })).status,
  'blind13-auth-denied-detail-missing': async (c) => (await c.open(true)).body.detail,
  'blind13-session-device-unchecked-on-find': (c) => status(c.call('find-customer', { body: {}, headers: { deviceId: 'another-device' } })),
  'blind13-session-skipped-on-obo': (c) => status(c.call('authenticate-obo', { body: { customerId: unknownGuid }, without: ['sessionId', 'deviceId'] })),
  'blind13-session-device-missing-accepted-on-card': (c) => status(c.call('add-or-update-card', { body: {}, without: ['deviceId'] })),
  'blind13-bearer-expiry-unchecked-on-find': (c) => status(c.call('find-customer', { body: {}, expired: true })),
  'blind13-allow-list-find-exempt': (c) => status(c.call('find-customer', { body: {} })),
  'blind13-version-header-refused-on-obo': (c) => status(c.call('authenticate-obo', { body: { customerId: unknownGuid }, headers: { apiVersion: '1' } })),
  'blind13-version-query-refused-on-find': (c) => status(c.call('find-customer', { body: { ssn: '123456789', dateOfBirth: '1990-04-01' }, query: { apiVersion: 1 } })),
  'blind13-find-customer-id-in-data-envelope': async (c) => {
    const { body } = await enroll(c);
    return Object.keys((await c.call('find-customer', { body: { ssn: body.ssn, dateOfBirth: body.dateOfBirth } })).body);
  },
  'blind13-cards-expiration-slashed-in-list': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-card', { body: cardBody(customerId) });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards[0].expirationMonthYear;
  },
  'blind13-card-decline-again-message-missing': async (c) => {
    const body = cardBody((await enroll(c)).customerId, { cardNumber: '4000000000000002' });
    await c.call('add-or-update-card', { body });
    return (await c.call('add-or-update-card', { body })).body.ErrorMessage;
  },
  'blind13-tcard-denied-validation-shape': async (c) => (await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { cardBin: '999999' }) })).body.errorCode,
  'blind13-obo-not-found-detail-null': async (c) => (await c.call('authenticate-obo', { body: { customerId: unknownGuid } })).body.detail,
  'blind13-sattr-invalid-filter-200-error-code': async (c) => {
    const { ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) } }));
  },
  'blind13-validation-type-rfc9110-on-get': async (c) => (await c.call('get-registered-cards', { query: { customerId: 'x' } })).body.type,
  'blind13-obo-linked-check-uses-session-customer': async (c) => {
    await obo(c);
    return status(c.call('authenticate-obo', { body: { customerId: (await enroll(c)).customerId } }));
  },
  'blind13-history-reference-row-duplicated': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    const all = (await c.call('get-transaction-history', { query: { customerId } })).body.searchResults;
    const page = (await c.call('get-transaction-history', { query: { customerId, pageSize: 3, pagingTransactionReferenceNumber: all[1].transactionId } })).body.searchResults;
    const ids = page.map((t: { transactionId: string }) => t.transactionId);
    return ids.length - new Set(ids).size;
  },
  'blind13-history-filter-by-nickname': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 2);
    const total = async (accountId?: string) => (await c.call('get-transaction-history', { query: { customerId, ...(accountId ? { accountId } : {}) } })).body.totalRecords as number;
    // Two cards' filtered histories add up to at most the whole one unless a filter lets the other card in.
    return (await total(ids[0])) + (await total(ids[1])) <= (await total());
  },
  'blind13-history-after-delete-500': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-card', { body: cardBody(customerId) });
    const cardId = (await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: '4111111111112222' }) })).body.cards[0].cardId;
    await c.call('delete-card', { body: { customerId, cardId } });
    return status(c.call('get-transaction-history', { query: { customerId } }));
  },
  'blind13-delete-token-card-removes-same-token-elsewhere': async (c) => {
    const [a, b] = [(await enroll(c)).customerId, (await enroll(c)).customerId];
    const cardToken = `tok_shared_${unique(8)}`;
    const cardId = (await c.call('add-or-update-tokenized-card', { body: tokenBody(a, { cardToken }) })).body.cards[0].cardId;
    await c.call('add-or-update-tokenized-card', { body: tokenBody(b, { cardToken }) });
    await c.call('delete-card', { body: { customerId: a, cardId } });
    return (await c.call('get-registered-cards', { query: { customerId: b } })).body.cards.length;
  },
};
