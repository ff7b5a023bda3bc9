import { unique, type Answer, type Blind15Client } from './blind15-client.js';
import { Blind15Client as Client } from './blind15-client.js';

/**
 * One probe per blind15 fault (reference/faults/blind15/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind15.test.ts against a healthy and
 * a faulty reference.
 */

type C = Blind15Client;
const unknownGuid = '00000000-0000-4000-8000-000000000000';
const address = { addressLine1: '1 Main St', addressLine2: 'Apt 1', city: 'Springfield', state: 'IL', zip: '62701' };
const enrollBody = (o: Record<string, unknown> = {}) => ({
  emailAddress: `p${unique(10)}@example.com`, ssn: unique(9), firstName: 'Pat', lastName: 'Doe', mobileNumber: '5551234567',
  ...address, dateOfBirth: '1990-04-01', allowTexts: true, ...o,
});
const cardBody = (customerId: string, o: Record<string, unknown> = {}) => ({
  customerId, cardNumber: '4111111111111111', expirationMonthYear: '1229', cardNickname: 'Main', ...address, ...o,
});
const tokenBody = (customerId: string, o: Record<string, unknown> = {}) => ({
  customerId, cardToken: `tok_${unique(10)}`, cardBin: '411111', lastFourOfCard: '1111', expirationMonthYear: '1229', cardNickname: 'Main', ...address, ...o,
});
const enroll = async (c: C, o: Record<string, unknown> = {}) => {
  const body = enrollBody(o);
  const r = await c.call('enroll-customer', { body });
  return { customerId: String(r.body?.CustomerId), body, r };
};
const status = (r: Promise<Answer>) => r.then((a) => a.status);
const items = (list: Array<[string, string]>) => list.map(([name, value]) => ({ name, value }));
const addCard = async (c: C, customerId: string, o: Record<string, unknown> = {}) =>
  (await c.call('add-or-update-card', { body: cardBody(customerId, o) })).body.cards[0].cardId as string;
const history = (c: C, query: Record<string, string | number>) => c.call('get-transaction-history', { query });

/** A customer with a card, and an ssoToken issued in the client's session. */
async function obo(c: C) {
  const { customerId } = await enroll(c);
  const cardId = await addCard(c, customerId);
  const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId, ssoToken };
}

/** Adds cards (numbers, or tokens) to `customerId` (a fresh customer when absent) until `count` of them have a history of 3 or more. */
async function cardsWithHistory(c: C, count: number, o: { customerId?: string; tokens?: boolean } = {}) {
  const customerId = o.customerId ?? (await enroll(c)).customerId;
  const ids: string[] = [];
  const numbers: string[] = [];
  for (let i = 0; i < 40 && ids.length < count; i++) {
    const number = `41111111${unique(8)}`;
    const cardId = o.tokens ? (await c.call('add-or-update-tokenized-card', { body: tokenBody(customerId) })).body.cards[0].cardId as string
      : await addCard(c, customerId, { cardNumber: number });
    if ((await history(c, { customerId, accountId: cardId })).body.totalRecords > 2) { ids.push(cardId); numbers.push(number); }
  }
  if (ids.length < count) throw new Error('too few cards with a history');
  return { customerId, ids, numbers };
}

const firstPage = async (c: C, customerId: string, accountId?: string) =>
  (await history(c, { customerId, ...(accountId ? { accountId } : {}) })).body.searchResults as Array<{ transactionId: string }>;

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Input handling
  'blind15-obo-customer-id-braces-accepted': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return status(c.call('authenticate-obo', { body: { customerId: `{${customerId}}` } }));
  },
  'blind15-history-customer-id-no-dashes-accepted': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return status(history(c, { customerId: customerId.replace(/-/g, '') }));
  },
  'blind15-card-expiration-three-digits-padded': async (c) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId, { expirationMonthYear: '129' }) })),
  'blind15-tcard-expiration-month-thirteen-rolled': async (c) => status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { expirationMonthYear: '1329' }) })),
  'blind15-cattr-card-issue-date-two-digit-year': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['CardIssueDate', '01-15-24']]) } }));
  },
  'blind15-delete-card-id-no-dashes-accepted': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(c.call('delete-card', { body: { customerId, cardId: cardId.replace(/-/g, '') } }));
  },
  'blind15-delete-customer-id-braces-accepted': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(c.call('delete-card', { body: { customerId: `{${customerId}}`, cardId } }));
  },
  'blind15-card-customer-id-no-dashes-accepted': async (c) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId.replace(/-/g, '')) })),
  'blind15-sattr-id-filter-braces-accepted': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', `{${cardId}}`]]) } }));
  },
  'blind15-history-reference-braces-accepted': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    const ref = (await firstPage(c, customerId))[1]!.transactionId;
    return status(history(c, { customerId, pagingTransactionReferenceNumber: `{${ref}}` }));
  },
  // Access and versioning
  'blind15-version-header-refused-on-enroll': async (c) => status(c.call('enroll-customer', { body: enrollBody(), headers: { apiVersion: '1' } })),
  'blind15-version-header-refused-on-cards': async (c) => status(c.call('get-registered-cards', { query: { customerId: (await enroll(c)).customerId }, headers: { apiVersion: '1' } })),
  'blind15-version-header-refused-on-authenticate': async (c) => status(c.call('authenticate', { body: { deviceId: c.deviceId }, without: ['sessionId', 'deviceId'], headers: { apiVersion: '1' } })),
  'blind15-bearer-expiry-unchecked-on-obo': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return status(c.call('authenticate-obo', { body: { customerId }, expired: true }));
  },
  'blind15-bearer-expiry-unchecked-on-cattr': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn]]) }, expired: true }));
  },
  'blind15-session-device-unchecked-on-card': async (c) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId), headers: { deviceId: 'another-device' } })),
  'blind15-session-device-unchecked-on-delete': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(c.call('delete-card', { body: { customerId, cardId }, headers: { deviceId: 'another-device' } }));
  },
  'blind15-auth-denied-client-admitted-for-known-device': async (c) => (await new Client(c.ref, c.agent).open(true, c.deviceId)).status,
  // Token endpoint
  'blind15-token-missing-grant-type-500': async (c) => (await c.tokenRequest({ noGrant: true })).status,
  'blind15-token-invalid-scope-text-plain': async (c) => {
    const r = await c.tokenRequest({ scope: `${c.ref.scopeBase}/auth/unknown-scope` });
    return [r.status, typeof r.body, r.body?.error];
  },
  'blind15-token-error-code-upper-body-credentials': async (c) => {
    const r = await c.tokenRequest({ bodyCredentials: true, secret: 'not-the-secret' });
    return [r.status, r.body?.error];
  },
  // Response shapes and error rows
  'blind15-history-ints-as-strings-with-account': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    return typeof (await history(c, { customerId, accountId: ids[0]! })).body.searchResults[0].amount;
  },
  'blind15-history-search-results-pascal-when-paging': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    const ref = (await firstPage(c, customerId))[1]!.transactionId;
    return Object.keys((await history(c, { customerId, pagingTransactionReferenceNumber: ref })).body).sort();
  },
  'blind15-cards-customer-id-empty-in-list': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards[0].customerId === customerId;
  },
  'blind15-card-upsert-stars-for-number-card': async (c) => (await c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId) })).body.cards[0].lastFourDigits,
  'blind15-tcard-denied-error-code-lowercase': async (c) => (await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { cardBin: '999999' }) })).body.errorCode,
  'blind15-sattr-invalid-status-string': async (c) => {
    const { ssoToken } = await obo(c);
    return (await c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) } })).body.status;
  },
  'blind15-tcard-update-card-id-empty': async (c) => {
    const body = tokenBody((await enroll(c)).customerId);
    await c.call('add-or-update-tokenized-card', { body });
    return String((await c.call('add-or-update-tokenized-card', { body: { ...body, expirationMonthYear: '1130' } })).body.cards[0].cardId).length;
  },
  // State, sequences, ownership and caching
  'blind15-cards-list-cached-after-add': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await c.call('get-registered-cards', { query: { customerId } });
    await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-card-expiration-change-adds-card': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { expirationMonthYear: '1130' });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-history-joined-by-number-across-customers': async (c) => {
    const { numbers } = await cardsWithHistory(c, 1);
    const { customerId } = await enroll(c);
    await addCard(c, customerId, { cardNumber: numbers[0] });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-history-reference-other-customer-page': async (c) => {
    const { customerId: owner } = await cardsWithHistory(c, 1);
    const ref = (await firstPage(c, owner))[1]!.transactionId;
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    const r = await history(c, { customerId, pagingTransactionReferenceNumber: ref });
    return [r.status, r.body?.searchResults?.length ?? 0];
  },
  'blind15-history-total-excludes-token-cards': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1, { tokens: true });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-history-cached-after-add': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await history(c, { customerId });
    await cardsWithHistory(c, 1, { customerId });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-delete-removes-same-last-four': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '5500000000001111' });
    await c.call('delete-card', { body: { customerId, cardId } });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-enroll-race-unique-index-500': async (c) => {
    const body = enrollBody();
    const answers = await Promise.all([c.call('enroll-customer', { body }), c.call('enroll-customer', { body })]);
    return answers.map((a) => a.status).sort();
  },
  'blind15-find-matches-dob-when-ssn-misses': async (c) => {
    await enroll(c, { dateOfBirth: '1971-06-05' });
    return status(c.call('find-customer', { body: { ssn: unique(9), dateOfBirth: '1971-06-05' } }));
  },
  'blind15-history-last-page-wraps': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    let page = await firstPage(c, customerId, ids[0]);
    for (let i = 0; i < 8; i++) {
      page = (await history(c, { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: page.at(-1)!.transactionId, pageSize: 10 })).body.searchResults;
      if (page.length < 10) break;
    }
    return page.map((t) => t.transactionId);
  },
  'blind15-history-total-unfiltered-when-paging-account': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 2);
    const ref = (await firstPage(c, customerId, ids[0]))[1]!.transactionId;
    return (await history(c, { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: ref })).body.totalRecords;
  },
  'blind15-enroll-slashed-dob-day-month-swapped': async (c) => {
    const { body } = await enroll(c, { dateOfBirth: '1990/04/07' });
    return status(c.call('find-customer', { body: { ssn: body.ssn, dateOfBirth: '1990-04-07' } }));
  },
};
