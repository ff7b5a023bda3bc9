import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { referenceOnlyErrors } from '../../contract/index.js';
import { allowListMatcher, AllowListEntryError } from '../../reference/allow-list.js';
import { FaultUnknownError } from '../../reference/faults/index.js';
import { startReference } from '../../reference/server.js';
import { guardedProbePath, handshake, partnerToken, send, startHarness, trustingAgent, type Harness } from './helpers.js';

/** TLS minimum and HTTPS only (D26), allow list (D25). */
describe('reference transport and allow list', () => {
  let h: Harness;
  let off: Harness;
  beforeAll(async () => {
    h = await startHarness();
    off = { ...h, agent: trustingAgent(h.ref, '127.0.0.2') };
  });
  afterAll(async () => { await off.agent.close(); await h.close(); });
  const port = () => Number(new URL(h.ref.baseUrl).port);

  it('completes a TLS 1.2 handshake and refuses TLS 1.1', async () => {
    expect((await handshake(port(), h.ref.caPem, 'TLSv1.2')).protocol).toBe('TLSv1.2');
    const old = await handshake(port(), h.ref.caPem, 'TLSv1.1');
    expect(old.protocol).toBeUndefined();
    expect(old.error).toBeDefined();
  });

  it('does not serve plain HTTP on the HTTPS port', async () => {
    // The TLS layer drops the plaintext request: no HTTP response at all.
    await expect(request(`http://127.0.0.1:${port()}/oauth2/token`, { method: 'GET' })).rejects.toThrow();
  });

  it('serves the certificate for 127.0.0.1 from its own CA', async () => {
    expect(h.ref.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((await send(h, '/x')).status).toBe(404);
  });

  it('refuses a source address off the allow list with 403 FORBIDDEN', async () => {
    const token = await partnerToken(h);
    const r = await send(off, guardedProbePath, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(referenceOnlyErrors.forbidden.status);
    expect(r.json).toMatchObject({ errorCode: 'FORBIDDEN', title: 'Forbidden', type: referenceOnlyErrors.forbidden.typeRfc.url, instance: guardedProbePath });
    expect((await send(off, '/oauth2/token', { method: 'POST' })).status).toBe(403);
    expect(h.ref.stats.requests.some((q) => q.remoteAddress === '127.0.0.2')).toBe(true);
  });

  it('matches addresses, CIDR ranges and IPv4-mapped IPv6', () => {
    const allowed = allowListMatcher(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1']);
    expect([allowed('10.1.2.3'), allowed('11.0.0.1'), allowed('2001:db8::5'), allowed('::ffff:10.9.9.9'), allowed('::ffff:127.0.0.1'), allowed('::1'), allowed(undefined)])
      .toEqual([true, false, true, true, true, false, false]);
    expect(() => allowListMatcher(['10.0.0.0/40'])).toThrow(AllowListEntryError);
    expect(() => allowListMatcher(['example.com'])).toThrow(AllowListEntryError);
  });

  it('refuses an unknown fault name with FaultUnknownError', async () => {
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toMatchObject({ code: 'FAULT_UNKNOWN' });
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toBeInstanceOf(FaultUnknownError);
  });
});
