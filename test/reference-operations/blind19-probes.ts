import { request } from 'undici';
import { decodeJwt } from 'jose';
import { enrollBody, cardBody, tokenBody, enroll, status, addCard, unknownGuid, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client, unique } from './red-team-client.js';
import { stateProbes } from './blind19-state-probes.js';

/**
 * One probe per blind19 fault (reference/faults/blind19/index.ts): the one or few requests whose
 * answer the fault changes. Run by test/reference-operations/blind19.test.ts against a healthy and
 * a faulty reference. This file: token endpoint, AuthenticatePartner, FindCustomer, EnrollCustomer
 * and the card operations; blind19-state-probes.ts: OBO, history, DeleteCard and the attributes.
 */

const find = (c: C, ssn: string, dateOfBirth: string) => c.call('find-customer', { body: { ssn, dateOfBirth } });
const cardsOf = (c: C, customerId: string) => c.call('get-registered-cards', { query: { customerId } });
const tcard = (c: C, body: Record<string, unknown>) => c.call('add-or-update-tokenized-card', { body });
const contentType = (h: unknown) => String(h ?? '').split(';')[0];

export const probes: Record<string, (c: C) => Promise<unknown>> = {
  // Token endpoint
  'blind19-token-unknown-client-unauthorized-client-400': async (c) => {
    const r = await request(c.ref.authUrl, {
      method: 'POST', dispatcher: c.agent, body: new URLSearchParams({ grant_type: 'client_credentials', scope: `${c.ref.scopeBase}/auth/check-cashing` }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('no-such-client:whatever').toString('base64')}` },
    });
    return [r.statusCode, (await r.body.json() as { error?: string }).error];
  },
  'blind19-token-missing-scope-error-text-html': async (c) => contentType((await c.tokenRequest({ noScope: true })).headers['content-type']),
  'blind19-token-exp-sixty-seconds': async (c) => {
    const token = (await c.tokenRequest()).body.access_token as string;
    return Number(decodeJwt(token).exp) - Math.floor(Date.now() / 1000) > 120;
  },
  'blind19-token-revoked-after-partner-refusal': async (c) => {
    await find(c, unique(9), '1990-04-01');
    return status(find(c, unique(9), '1990-04-01'));
  },
  'blind19-token-cache-keyed-on-scope-only': async (c) => {
    const denied = new Client(c.ref, c.agent);
    return (await denied.open(true)).status;
  },
  // AuthenticatePartner
  'blind19-auth-session-in-cookie-with-header-version': async (c) => {
    const r = await c.call('authenticate', { body: { deviceId: c.deviceId }, without: ['sessionId', 'deviceId'], headers: { apiVersion: '1' } });
    return typeof r.headers.sessionid;
  },
  'blind19-auth-reauth-session-header-renamed': async (c) => typeof (await c.open()).headers.sessionid,
  'blind19-auth-denied-admitted-with-header-version': async (c) => {
    const denied = new Client(c.ref, c.agent);
    await denied.open(true);
    return status(denied.call('authenticate', { body: { deviceId: denied.deviceId }, without: ['sessionId', 'deviceId'], headers: { apiVersion: '1' } }));
  },
  // FindCustomer
  'blind19-find-success-text-json': async (c) => {
    const { body } = await enroll(c);
    return contentType((await find(c, body.ssn, body.dateOfBirth)).headers['content-type']);
  },
  'blind19-session-skipped-on-find': async (c) => status(c.call('find-customer', { body: { ssn: unique(9), dateOfBirth: '1990-04-01' }, without: ['sessionId'] })),
  'blind19-find-dob-before-1970-day-truncated': async (c) => {
    const { body } = await enroll(c, { dateOfBirth: '1965-07-14' });
    return status(find(c, body.ssn, '1965-07-14'));
  },
  // EnrollCustomer
  'blind19-enroll-duplicate-email-200': async (c) => {
    const { body } = await enroll(c);
    return status(c.call('enroll-customer', { body: enrollBody({ emailAddress: body.emailAddress }) }));
  },
  'blind19-enroll-home-number-unicode-digits': async (c) => status(c.call('enroll-customer', { body: enrollBody({ homeNumber: '٥٥٥١٢٣٤٥٦٧' }) })),
  // GetRegisteredCards
  'blind19-cards-missing-customer-id-500': async (c) => status(c.call('get-registered-cards', { query: {} })),
  'blind19-cards-nickname-html-encoded': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId, { cardNickname: 'Mom & Dad' });
    return (await cardsOf(c, customerId)).body.cards?.[0]?.cardNickname;
  },
  'blind19-cards-reference-preserving-serializer': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return Array.isArray((await cardsOf(c, customerId)).body.cards);
  },
  'blind19-cards-shared-view-object-last-card-repeated': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return new Set(((await cardsOf(c, customerId)).body.cards as Array<{ cardId: string }>).map((x) => x.cardId)).size;
  },
  // AddOrUpdateCard
  'blind19-card-nickname-case-only-change-ignored': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId, { cardNickname: 'main' });
    await addCard(c, customerId, { cardNickname: 'MAIN' });
    return (await cardsOf(c, customerId)).body.cards?.[0]?.cardNickname;
  },
  'blind19-version-header-card-legacy-cards-key': async (c) =>
    Object.keys((await c.call('add-or-update-card', { body: cardBody((await enroll(c)).customerId), headers: { apiVersion: '1' } })).body),
  'blind19-bearer-expiry-unchecked-on-card': async (c) => status(c.call('add-or-update-card', { body: cardBody(unknownGuid), expired: true })),
  // AddOrUpdateTokenizedCard
  'blind19-tcard-city-max-off-by-one': async (c) => status(tcard(c, tokenBody((await enroll(c)).customerId, { city: 'C'.repeat(51) }))),
  'blind19-tcard-expiration-year-fifty-pivot-refused': async (c) => status(tcard(c, tokenBody((await enroll(c)).customerId, { expirationMonthYear: '0152' }))),
  'blind19-tcard-member-names-case-insensitive': async (c) => {
    const { cardToken, ...rest } = tokenBody((await enroll(c)).customerId);
    return status(tcard(c, { ...rest, CardToken: cardToken }));
  },
  'blind19-tcard-token-lookup-case-insensitive': async (c) => {
    const { customerId } = await enroll(c);
    const tail = unique(8);
    await tcard(c, tokenBody(customerId, { cardToken: `tok_Abc${tail}` }));
    await tcard(c, tokenBody(customerId, { cardToken: `tok_aBC${tail}` }));
    return (await cardsOf(c, customerId)).body.cards?.length;
  },
  ...stateProbes,
};
