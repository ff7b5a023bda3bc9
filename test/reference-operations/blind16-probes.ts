import { unknownGuid, enrollBody, cardBody, tokenBody, enroll, status, items, addCard, history, obo, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client, unique } from './red-team-client.js';
import { stateProbes } from './blind16-state-probes.js';

/**
 * One probe per blind16 fault (reference/faults/blind16/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind16.test.ts against a healthy and
 * a faulty reference. This file: input handling, access, versioning, token endpoint, reply shapes;
 * blind16-state-probes.ts: state and sequences.
 */

const attributes = async (c: C, extra: Array<{ name: string; value: unknown }>) => {
  const { customerId, body } = await enroll(c);
  return status(c.call('add-customer-attributes', { body: { customerAttributes: [...items([['CustomerId', customerId], ['SSN', body.ssn]]), ...extra] } }));
};
const find = (c: C, ssn: string, dateOfBirth: string) => c.call('find-customer', { body: { ssn, dateOfBirth } });
const identityScope = (c: C) => `${c.ref.scopeBase}/auth/insights/identity-score`;

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Input handling
  'blind16-enroll-zip-trimmed': (c) => status(c.call('enroll-customer', { body: enrollBody({ zip: '62701 ' }) })),
  'blind16-enroll-title-max-20': (c) => status(c.call('enroll-customer', { body: enrollBody({ title: 'Professor12' }) })),
  'blind16-history-account-id-trimmed': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(history(c, { customerId, accountId: ` ${cardId}` }));
  },
  'blind16-cattr-count-thousands-separator': (c) => attributes(c, [{ name: 'TotalNumberOfCustomers', value: '1,200' }]),
  'blind16-cattr-value-number-coerced': (c) => attributes(c, [{ name: 'NumberOfCards', value: 3 }]),
  'blind16-tcard-bin-trimmed': async (c) => status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { cardBin: ' 411111' }) })),
  'blind16-cattr-purchase-date-single-digit-month': (c) => attributes(c, [{ name: 'LastDebitPurchaseDate', value: '1-15-2024' }]),
  // AuthenticatePartner and access
  'blind16-auth-denied-admitted-on-retry': async (c) => {
    const denied = new Client(c.ref, c.agent);
    return [(await denied.open(true)).status, (await denied.open(true)).status];
  },
  'blind16-version-query-refused-on-authenticate': (c) =>
    status(c.call('authenticate', { body: { deviceId: c.deviceId }, without: ['sessionId', 'deviceId'], query: { apiVersion: 1 } })),
  'blind16-auth-session-reused-per-client': async (c) => {
    const other = new Client(c.ref, c.agent);
    await other.open();
    return [other.sessionId === c.sessionId, await status(find(other, unique(9), '1990-04-01'))];
  },
  'blind16-allow-list-skipped-with-query-version': (c) => status(c.call('find-customer', { body: {}, query: { apiVersion: 1 } })),
  'blind16-cards-unknown-session-empty-list': (c) => status(c.call('get-registered-cards', { query: { customerId: unknownGuid }, headers: { sessionId: unknownGuid } })),
  // Versioning
  'blind16-version-header-refused-on-tcard': async (c) =>
    status(c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId), headers: { apiVersion: '1' } })),
  'blind16-version-query-drops-later-parameters': async (c) =>
    status(c.call('get-registered-cards', { query: { apiVersion: 1, customerId: (await enroll(c)).customerId } })),
  // Reply shapes and error rows
  'blind16-find-validation-key-query-prefix': async (c) => (await find(c, 'abc', '1990-04-01')).body.validationErrors.map((e: { key: string }) => e.key),
  'blind16-enroll-duplicate-ssn-message-missing': async (c) => {
    const { body } = await enroll(c);
    return Object.keys((await c.call('enroll-customer', { body: enrollBody({ ssn: body.ssn }) })).body).sort();
  },
  'blind16-card-hash-id-omitted-on-update': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return 'hashId' in (await c.call('add-or-update-card', { body: cardBody(customerId, { expirationMonthYear: '1130' }) })).body.cards[0];
  },
  'blind16-card-decline-unhandled-500': async (c) => status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId, { cardNumber: '4000000000000002' }) })),
  'blind16-tcard-response-expiration-yymm': async (c) =>
    (await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId) })).body.cards[0].expirationMonthYear,
  'blind16-obo-unknown-customer-500': (c) => status(c.call('authenticate-obo', { body: { customerId: unknownGuid } })),
  'blind16-obo-not-found-instance-names-customer': async (c) => (await c.call('authenticate-obo', { body: { customerId: unknownGuid } })).body.instance,
  'blind16-delete-validation-stops-at-first-field': async (c) => (await c.call('delete-card', { body: { customerId: 'x', cardId: 'y' } })).body.validationErrors.length,
  'blind16-delete-success-returns-card-number': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return JSON.stringify((await c.call('delete-card', { body: { customerId, cardId } })).body).includes(cardBody(customerId).cardNumber);
  },
  'blind16-cattr-empty-list-accepted': (c) => status(c.call('add-customer-attributes', { body: { customerAttributes: [] } })),
  'blind16-sattr-missing-token-500': async (c) => {
    await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['PreferredEmail', 'pat@example.com']]) } }));
  },
  // Token endpoint
  'blind16-token-invalid-scope-401': async (c) => (await c.tokenRequest({ scope: `${c.ref.scopeBase}/auth/unknown-scope` })).status,
  'blind16-token-deposit-scope-refused-body-credentials': async (c) =>
    (await c.tokenRequest({ bodyCredentials: true, scope: `${c.ref.scopeBase}/auth/deposit-underwriting` })).status,
  'blind16-token-cached-per-client-expires-in-remaining': async (c) => {
    await c.tokenRequest({ scope: identityScope(c) });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return (await c.tokenRequest({ scope: identityScope(c) })).body.expires_in;
  },
  ...stateProbes,
};
