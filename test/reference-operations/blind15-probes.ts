import { unknownGuid, enrollBody, cardBody, tokenBody, enroll, status, items, addCard, history, firstPage, obo, cardsWithHistory, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client } from './red-team-client.js';
import { stateProbes } from './blind15-state-probes.js';

/**
 * One probe per blind15 fault (reference/faults/blind15/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind15.test.ts against a healthy and
 * a faulty reference.
 */
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
  ...stateProbes,
};
