import { enrollBody, enroll, status, addCard, cardBody, tokenBody, unknownGuid, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client } from './red-team-client.js';
import { stateProbes } from './blind20-state-probes.js';

/**
 * One probe per blind20 fault (reference/faults/blind20/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind20.test.ts against a healthy and
 * a faulty reference. This file: token endpoint, AuthenticatePartner, FindCustomer, EnrollCustomer,
 * AuthenticateOBO and the card operations; blind20-state-probes.ts: history, DeleteCard and the attributes.
 */

const find = (c: C, ssn: string, dateOfBirth = '1990-04-01') => c.call('find-customer', { body: { ssn, dateOfBirth } });
const tcard = (c: C, body: Record<string, unknown>, headers?: Record<string, string>) => c.call('add-or-update-tokenized-card', { body, ...(headers ? { headers } : {}) });
const contentType = (h: unknown) => String(h ?? '').split(';')[0];
const denied = async (c: C) => { const d = new Client(c.ref, c.agent); return d.open(true); };
const currentMmyy = () => { const d = new Date(); return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`; };

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Token endpoint
  'blind20-token-invalid-client-body-credentials-no-error-member': async (c) => (await c.tokenRequest({ bodyCredentials: true, secret: 'wrong-secret' })).body?.error,
  'blind20-token-invalid-client-basic-form-encoded-error': async (c) => contentType((await c.tokenRequest({ secret: 'wrong-secret' })).headers['content-type']),
  'blind20-token-body-credentials-expires-in-refresh-lifetime': async (c) => (await c.tokenRequest({ bodyCredentials: true })).body?.expires_in,
  'blind20-token-invalid-scope-errors-array': async (c) => {
    const r = await c.tokenRequest({ scope: `${c.ref.scopeBase}/auth/no-such-scope` });
    return [r.status, Array.isArray(r.body)];
  },
  // AuthenticatePartner
  'blind20-auth-denied-instance-token-path': async (c) => (await denied(c)).body?.instance,
  'blind20-auth-denied-error-code-header-only': async (c) => (await denied(c)).body?.errorCode,
  // FindCustomer
  'blind20-find-not-found-detail-null': async (c) => (await find(c, '123456780')).body?.detail === null,
  'blind20-find-ssn-nfkc-normalised': async (c) => status(find(c, '１２３４５６７８９')),
  'blind20-find-device-checked-against-latest-login': async (c) => {
    const other = new Client(c.ref, c.agent);
    await other.open();
    return status(find(c, '123456780'));
  },
  // EnrollCustomer
  'blind20-enroll-validation-errors-object-missing': async (c) => 'errors' in (await c.call('enroll-customer', { body: enrollBody({ gender: 'XX' }) })).body,
  'blind20-enroll-home-equal-to-mobile-refused': async (c) => status(c.call('enroll-customer', { body: enrollBody({ homeNumber: '5551234567' }) })),
  'blind20-enroll-dob-1900-sentinel-refused': async (c) => status(c.call('enroll-customer', { body: enrollBody({ dateOfBirth: '1900-01-01' }) })),
  // AuthenticateOBO
  'blind20-obo-no-linked-type-relative-uri': async (c) => (await c.call('authenticate-obo', { body: { customerId: (await enroll(c)).customerId } })).body?.type,
  'blind20-obo-not-found-title-resource-key': async (c) => (await c.call('authenticate-obo', { body: { customerId: unknownGuid } })).body?.title,
  'blind20-version-header-obo-linked-check-skipped': async (c) =>
    status(c.call('authenticate-obo', { body: { customerId: (await enroll(c)).customerId }, headers: { apiVersion: '1' } })),
  'blind20-obo-sso-token-double-serialised': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
    return status(c.call('add-session-attributes', { body: { sessionAttributes: [{ name: 'SsoToken', value: ssoToken }] } }));
  },
  // GetRegisteredCards
  'blind20-cards-validation-detail-missing': async (c) => typeof (await c.call('get-registered-cards', { query: { customerId: 'not-a-guid' } })).body?.detail,
  'blind20-cards-empty-list-204': async (c) => status(c.call('get-registered-cards', { query: { customerId: (await enroll(c)).customerId } })),
  // AddOrUpdateCard
  'blind20-card-state-unchecked-on-update': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return status(c.call('add-or-update-card', { body: cardBody(customerId, { state: 'ILL' }) }));
  },
  'blind20-card-expiring-this-month-refused': async (c) => {
    const { customerId } = await enroll(c);
    return status(c.call('add-or-update-card', { body: cardBody(customerId, { expirationMonthYear: currentMmyy() }) }));
  },
  'blind20-card-authorization-cached-by-masked-number': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId, { cardNumber: '4000001111110002' });
    return status(c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: '4000000000000002' }) }));
  },
  // AddOrUpdateTokenizedCard
  'blind20-tcard-bin-leading-zero-lost': async (c) => status(tcard(c, tokenBody((await enroll(c)).customerId, { cardBin: '041111' }))),
  'blind20-version-header-tcard-network-check-skipped': async (c) => status(tcard(c, tokenBody((await enroll(c)).customerId, { cardBin: '999999' }), { apiVersion: '1' })),
  'blind20-tcard-denied-json-api-errors': async (c) => (await tcard(c, tokenBody((await enroll(c)).customerId, { cardBin: '999999' }))).body?.errorCode,
  ...stateProbes,
};
