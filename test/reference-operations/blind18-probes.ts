import { enrollBody, tokenBody, enroll, status, items, addCard, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client, unique } from './red-team-client.js';
import { stateProbes } from './blind18-state-probes.js';

/**
 * One probe per blind18 fault (reference/faults/blind18/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind18.test.ts against a healthy and
 * a faulty reference. This file: token endpoint, access, reply shapes and versioning;
 * blind18-state-probes.ts: state and sequences.
 */

const find = (c: C, ssn: string, dateOfBirth: string) => c.call('find-customer', { body: { ssn, dateOfBirth } });
const cardsOf = async (c: C, customerId: string) => (await c.call('get-registered-cards', { query: { customerId } })).body.cards as Array<Record<string, unknown>>;
const tcard = (c: C, body: Record<string, unknown>, o: { query?: Record<string, string> } = {}) => c.call('add-or-update-tokenized-card', { body, ...o });

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Token endpoint
  'blind18-token-exp-local-clock-behind-utc': (c) => status(find(c, unique(9), '1990-04-01')),
  'blind18-token-bad-secret-invalid-grant': async (c) => {
    const r = await c.tokenRequest({ secret: 'not-the-secret' });
    return [r.status, r.body.error];
  },
  'blind18-token-type-missing-body-credentials': async (c) => (await c.tokenRequest({ bodyCredentials: true })).body.token_type,
  'blind18-token-body-credentials-lifetime-day': async (c) => (await c.tokenRequest({ bodyCredentials: true })).body.expires_in,
  // AuthenticatePartner and access
  'blind18-auth-reauth-session-header-doubled': async (c) => {
    await c.open();
    return status(find(c, unique(9), '1990-04-01'));
  },
  'blind18-auth-denial-skipped-for-body-credential-token': async (c) => {
    const denied = new Client(c.ref, c.agent);
    (denied as unknown as { token: string }).token = (await denied.tokenRequest({ denied: true, bodyCredentials: true })).body.access_token;
    return status(denied.call('authenticate', { body: { deviceId: denied.deviceId }, without: ['sessionId', 'deviceId'] }));
  },
  'blind18-session-device-header-name-case-sensitive-on-history': async (c) => {
    const { customerId } = await enroll(c);
    return status(c.call('get-transaction-history', { query: { customerId }, without: ['deviceId'], headers: { deviceid: c.deviceId } }));
  },
  // FindCustomer and EnrollCustomer
  'blind18-find-customer-id-braced': async (c) => {
    const { body } = await enroll(c);
    return String((await find(c, body.ssn, body.dateOfBirth)).body.customerId).length;
  },
  'blind18-find-email-alias-enrolment-not-found': async (c) => {
    const { emailAddress, ...rest } = enrollBody();
    await c.call('enroll-customer', { body: { ...rest, email: emailAddress } });
    return status(find(c, rest.ssn, rest.dateOfBirth));
  },
  'blind18-enroll-minimal-payload-customer-id-camel-key': async (c) => Object.keys((await enroll(c)).r.body),
  'blind18-enroll-reply-id-of-previous-enrolment-in-session': async (c) => {
    await enroll(c);
    const { customerId, body } = await enroll(c);
    return (await find(c, body.ssn, body.dateOfBirth)).body.customerId === customerId;
  },
  // GetRegisteredCards
  'blind18-cards-issuer-type-string': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return typeof (await cardsOf(c, customerId))[0]?.issuerType;
  },
  'blind18-cards-last-four-from-first-number-card': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return (await cardsOf(c, customerId)).map((x) => x.lastFourDigits).sort();
  },
  'blind18-cards-card-art-null-for-token-cards': async (c) => {
    const { customerId } = await enroll(c);
    await tcard(c, tokenBody(customerId));
    return (await cardsOf(c, customerId))[0]?.cardArtAsBase64Png;
  },
  'blind18-cards-token-card-customer-id-empty': async (c) => {
    const { customerId } = await enroll(c);
    await tcard(c, tokenBody(customerId));
    return (await cardsOf(c, customerId))[0]?.customerId === customerId;
  },
  // AddOrUpdateTokenizedCard and versioning
  'blind18-tcard-show-terms-as-number': async (c) => typeof (await tcard(c, tokenBody((await enroll(c)).customerId))).body.cards[0].showTermsAndConditions,
  'blind18-tcard-reply-last-four-of-previous-token-card': async (c) => {
    const { customerId } = await enroll(c);
    await tcard(c, tokenBody(customerId));
    return (await tcard(c, tokenBody(customerId, { lastFourOfCard: '2222' }))).body.cards[0].lastFourDigits;
  },
  'blind18-version-query-tcard-legacy-cards-key': async (c) => Object.keys((await tcard(c, tokenBody((await enroll(c)).customerId), { query: { apiVersion: '1' } })).body),
  // AddCustomerAttributes
  'blind18-cattr-customer-id-read-from-first-item': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['SSN', body.ssn], ['CustomerId', customerId]]) } }));
  },
  'blind18-cattr-success-echoes-ssn': async (c) => {
    const { customerId, body } = await enroll(c);
    const r = await c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn]]) } });
    return JSON.stringify(r.body ?? '').includes(body.ssn);
  },
  'blind18-version-header-cattr-ssn-optional': async (c) => {
    const { customerId } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId]]) }, headers: { apiVersion: '1' } }));
  },
  ...stateProbes,
};
