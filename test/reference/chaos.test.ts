import { afterEach, describe, expect, it } from 'vitest';
import { chaosKinds, parseChaos, type ChaosKind } from '../../contract/chaos.js';
import { ConfigError, loadProfile } from '../../contract/profile.js';
import { createPartnerClient, type PartnerClient } from '../../client/partner.js';
import { chaosInterceptor, chaosRetryAfterSeconds } from '../../reference/chaos.js';
import type { InterceptedCall } from '../../reference/interception.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { enrollPayload } from '../reference-operations/harness.js';

/**
 * The reference's chaos mode (REFERENCE_CHAOS, issue 22): the setting, the seeded draw, and what
 * each kind does to a real client. "Reply lost after processing" must leave the effect in place:
 * that is what makes resending a write unsafe.
 */
const call = (seq: number, path = '/api/v1/partners/find-customer'): InterceptedCall => ({ seq, method: 'POST', path, query: {}, headers: {}, body: {} });

describe('REFERENCE_CHAOS', () => {
  it('reads a rate, a seed and kinds; says what is wrong on a bad value', () => {
    expect(parseChaos('0.01')).toEqual({ rate: 0.01, kinds: Object.keys(chaosKinds) });
    expect(parseChaos('rate=0.02,seed=7,kinds=reset+lost-reply')).toEqual({ rate: 0.02, seed: 7, kinds: ['reset', 'lost-reply'] });
    expect(parseChaos('0.5')).toMatch(/^must be a rate per kind above 0 and at most 0.2/);
    expect(parseChaos('0.01,kinds=reset+flood')).toMatch(/"kinds=reset\+flood" is not understood/);
    try {
      loadProfile({ REFERENCE_CHAOS: 'often' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).message).toMatch(/^REFERENCE_CHAOS must be a rate per kind .*"often" is not understood, received "often" \(example: 0\.01,seed=7\)$/);
    }
    expect(loadProfile({ REFERENCE_CHAOS: '0.01,seed=3' }).referenceChaos).toEqual({ rate: 0.01, seed: 3, kinds: Object.keys(chaosKinds) });
  });

  it('injects each kind into about `rate` of the calls, the same draws for the same seed, none on a skipped path', () => {
    const draw = (seed: number) => {
      const chaos = chaosInterceptor({ rate: 0.01, kinds: Object.keys(chaosKinds) as ChaosKind[] }, seed);
      const answers = Array.from({ length: 20_000 }, (_, i) => chaos.interceptor(call(i))?.kind ?? '-');
      return { answers, injected: { ...chaos.injected } };
    };
    const a = draw(7);
    expect(draw(7).answers).toEqual(a.answers);
    expect(draw(8).answers).not.toEqual(a.answers);
    for (const kind of Object.keys(chaosKinds) as ChaosKind[]) {
      expect(a.injected[kind], kind).toBeGreaterThan(140);
      expect(a.injected[kind], kind).toBeLessThan(260);
    }
    const skipping = chaosInterceptor({ rate: 0.2, kinds: ['reset'] }, 1, (path) => path.startsWith('/oauth2/token/expired'));
    expect(Array.from({ length: 200 }, (_, i) => skipping.interceptor(call(i, '/oauth2/token/expired'))).filter(Boolean)).toEqual([]);
  });
});

describe('chaos answers, as a client meets them', () => {
  let reference: RunningReference | undefined;
  let client: PartnerClient | undefined;
  afterEach(async () => {
    await client?.close();
    await reference?.close();
    client = reference = undefined;
  });

  async function against(kind: ChaosKind): Promise<PartnerClient> {
    reference = await startReference({ chaos: { rate: 0.2, kinds: [kind] }, chaosSeed: 11 });
    const profile = loadProfile({ TARGET_BASE_URL: reference.baseUrl, TARGET_CLIENT_ID: reference.clientId, TARGET_CLIENT_SECRET: reference.clientSecret, TARGET_CA_FILE: reference.caFile, TARGET_RETRY_ATTEMPTS: '1' });
    client = createPartnerClient({ profile, target: profile.target! });
    return client;
  }

  it('a reply lost after processing: the client sees the connection cut off, and the effect stays (the customer exists)', async () => {
    const c = await against('lost-reply');
    const outcomes: string[] = [];
    let lost: Record<string, unknown> | undefined;
    // The session, the token and the enrolments meet the draw in turn until one reply is lost.
    for (let i = 0; i < 40 && !lost; i++) {
      const session = await c.openSession().catch(() => undefined);
      if (!session) continue;
      const payload = enrollPayload();
      const x = await c.call('EnrollCustomer', { body: payload }, { session });
      outcomes.push(x.transportError?.code ?? String(x.response?.status));
      if (x.transportError) {
        lost = payload;
        expect(x.transportError.code).toBe('CONNECTION_RESET');
        expect(x.attempts).toHaveLength(1);
        let found;
        for (let k = 0; k < 20 && found?.response?.status !== 200; k++) found = await c.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: payload.dateOfBirth } }, { session });
        expect(found?.response?.status, 'the enrolment whose reply was lost took effect').toBe(200);
        const again = await c.call('EnrollCustomer', { body: payload }, { session });
        if (again.response) expect(again.response.status, 'resending it meets the duplicate').toBeGreaterThanOrEqual(400);
      }
    }
    expect(lost, outcomes.join(' ')).toBeDefined();
    expect(reference!.chaosInjected!['lost-reply']).toBeGreaterThan(0);
  }, 30_000);

  it('503 and 429 answer with Retry-After: 1 (small, so a run stays fast)', async () => {
    for (const kind of ['unavailable', 'rate-limited'] as const) {
      const c = await against(kind);
      const statuses = new Set<number>();
      for (let i = 0; i < 30; i++) {
        const x = await c.token.requestToken();
        if (x.response) statuses.add(x.response.status);
        if (x.response && x.response.status !== 200) expect(x.response.headers['retry-after']).toBe(String(chaosRetryAfterSeconds));
      }
      expect([...statuses].sort()).toEqual([200, kind === 'unavailable' ? 503 : 429]);
      await client!.close();
      await reference!.close();
    }
    reference = undefined;
    client = undefined;
  }, 30_000);
});
