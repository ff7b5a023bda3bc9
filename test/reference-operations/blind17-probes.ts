import { unknownGuid, enrollBody, cardBody, tokenBody, enroll, status, items, addCard, obo, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client, unique } from './red-team-client.js';
import { stateProbes } from './blind17-state-probes.js';

/**
 * One probe per blind17 fault (reference/faults/blind17/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind17.test.ts against a healthy and
 * a faulty reference. This file: token endpoint, access, input handling, reply shapes and error rows;
 * blind17-state-probes.ts: state and sequences.
 */

const find = (c: C, ssn: string, dateOfBirth: string) => c.call('find-customer', { body: { ssn, dateOfBirth } });
const attributes = async (c: C, extra: Array<[string, string]>, customerId?: string) => {
  const { customerId: enrolled, body } = await enroll(c);
  return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId ?? enrolled], ['SSN', body.ssn], ...extra]) } }));
};
const keys = (r: { body: { validationErrors?: Array<{ key: string }> } }) => (r.body.validationErrors ?? []).map((e) => e.key);

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Token endpoint
  'blind17-token-error-description-quoted-scope': async (c) =>
    String((await c.tokenRequest({ scope: `${c.ref.scopeBase}/auth/unknown-scope` })).body.error_description).includes('"'),
  'blind17-token-unsupported-grant-problem-details': async (c) => {
    const r = await c.tokenRequest({ grantType: 'password' });
    return [r.status, r.body.error];
  },
  'blind17-token-basic-padding-refused': async (c) => (await c.tokenRequest({ denied: true })).status,
  // Access
  'blind17-allow-list-status-only-after-handler': async (c) => {
    await c.open();
    const r = await find(c, unique(9), '1990-04-01');
    return [r.status, r.body?.errorCode];
  },
  'blind17-auth-denied-session-still-opened': async (c) => {
    const denied = new Client(c.ref, c.agent);
    const r = await denied.open(true);
    return [r.status, await status(find(denied, unique(9), '1990-04-01'))];
  },
  'blind17-auth-device-id-stored-lowercased': async (c) => {
    const other = new Client(c.ref, c.agent);
    const deviceId = `Device-${unique(6)}-AB`;
    await other.open(false, deviceId);
    return status(other.call('find-customer', { body: { ssn: unique(9), dateOfBirth: '1990-04-01' }, headers: { deviceId } }));
  },
  'blind17-session-unknown-obo-500': (c) => status(c.call('authenticate-obo', { body: { customerId: unknownGuid }, headers: { sessionId: unknownGuid } })),
  'blind17-bearer-expiry-unchecked-on-sattr': async (c) => {
    const { ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['PreferredEmail', 'pat@example.com']]) }, expired: true }));
  },
  // Input handling and validation answers
  'blind17-find-single-validation-error-unwrapped': async (c) => Array.isArray((await find(c, 'abc', '1990-04-01')).body.validationErrors),
  'blind17-enroll-home-number-required': (c) => status(c.call('enroll-customer', { body: enrollBody() })),
  'blind17-cattr-returned-balance-exponent-accepted': (c) => attributes(c, [['BalanceOnReturnedChecks', '1E3']]),
  'blind17-cattr-customer-id-value-trimmed': async (c) => attributes(c, [], ` ${(await enroll(c)).customerId}`),
  'blind17-cattr-unknown-customer-fk-500': (c) => attributes(c, [], unknownGuid),
  'blind17-sattr-id-filter-semicolons-accepted': async (c) => {
    const { customerId, cardId, ssoToken } = await obo(c);
    const second = await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', `${cardId};${second}`]]) } }));
  },
  'blind17-card-nickname-key-property-name': async (c) =>
    keys(await c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId, { cardNickname: 'n'.repeat(21) }) })),
  'blind17-history-account-id-error-keyed-on-customer-id': async (c) =>
    keys(await c.call('get-transaction-history', { query: { customerId: (await enroll(c)).customerId, accountId: 'not-a-guid' } })),
  'blind17-cards-validation-status-422': (c) => status(c.call('get-registered-cards', { query: { customerId: 'not-a-guid' } })),
  // Versioning
  'blind17-version-header-refused-on-card': async (c) =>
    status(c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId), headers: { apiVersion: '1' } })),
  // Reply shapes and error rows
  'blind17-tcard-reply-nickname-from-name-on-card': async (c) =>
    (await c.call('add-or-update-tokenized-card', { body: tokenBody((await enroll(c)).customerId, { nameOnCard: 'PAT DOE' }) })).body.cards[0].cardNickname,
  'blind17-tcard-identical-answer-text-plain': async (c) => {
    const body = tokenBody((await enroll(c)).customerId);
    await c.call('add-or-update-tokenized-card', { body });
    return (await c.call('add-or-update-tokenized-card', { body })).headers['content-type'];
  },
  'blind17-tcard-denied-on-update-status-409': async (c) => {
    const body = tokenBody((await enroll(c)).customerId);
    await c.call('add-or-update-tokenized-card', { body });
    return status(c.call('add-or-update-tokenized-card', { body: { ...body, cardBin: '999999' } }));
  },
  'blind17-delete-not-found-problem-in-200': async (c) => status(c.call('delete-card', { body: { customerId: (await enroll(c)).customerId, cardId: unknownGuid } })),
  'blind17-sattr-invalid-information-title-lowercase': async (c) => {
    const { ssoToken } = await obo(c);
    return (await c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) } })).body.title;
  },
  ...stateProbes,
};
