import { rawBothWays, partnerScope, type RawReference } from './blind11-raw.js';

/**
 * The blind11 probes a bench cannot send: the token endpoint's answers, a denied client, a call
 * with no token, a source off the allow list. Each returns what a healthy and a faulty reference showed.
 */
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (r: RawReference) => `Basic ${Buffer.from(`${r.ref.clientId}:${r.ref.clientSecret}`).toString('base64')}`;

export const accessProbes: Record<string, () => Promise<{ expected: unknown; observed: unknown }>> = {
  'blind11-token-scope-as-array': () => rawBothWays('blind11-token-scope-as-array', async (r) =>
    typeof (await r.send('POST', '/oauth2/token', { headers: { ...form, authorization: basic(r) }, body: `grant_type=client_credentials&scope=${encodeURIComponent(partnerScope(r.ref))}` })).json().scope),
  'blind11-token-unsupported-grant-text-plain': () => rawBothWays('blind11-token-unsupported-grant-text-plain', async (r) =>
    String((await r.send('POST', '/oauth2/token', { headers: { ...form, authorization: basic(r) }, body: `grant_type=password&scope=${encodeURIComponent(partnerScope(r.ref))}` })).headers['content-type']).split(';')[0]),
  'blind11-auth-denied-admitted-with-query-version': () => rawBothWays('blind11-auth-denied-admitted-with-query-version', async (r) => {
    const token = await r.token(true);
    return (await r.send('POST', '/api/v1/partners/authenticate?apiVersion=1', { headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ deviceId: 'device-b11' }) })).status;
  }),
  'blind11-bearer-skipped-with-session': () => rawBothWays('blind11-bearer-skipped-with-session', async (r) => {
    const sessionId = await r.session(await r.token(), 'device-b11');
    const body = JSON.stringify({ ssn: '123456789', dateOfBirth: '1990-04-01' });
    return (await r.send('POST', '/api/v1/partners/find-customer', { headers: { ...json, sessionId, deviceId: 'device-b11' }, body })).status;
  }),
  'blind11-allow-list-enroll-exempt': () => rawBothWays('blind11-allow-list-enroll-exempt', async (r) =>
    (await r.send('POST', '/api/v1/partners/enroll-customer', { headers: json, body: '{}' })).status, { allowList: ['192.0.2.1'] }),
};
