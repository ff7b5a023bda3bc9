import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startHarness, type Harness } from './helpers.js';

/** REFERENCE_LATENCY_MS (issue 29): every reply of the reference held as long, for the latency bench. */
let h: Harness;
beforeAll(async () => { h = await startHarness({ latencyMs: 150 }); });
afterAll(async () => { await h.close(); });

describe('reference latency', () => {
  it('holds every reply, an error reply and the token endpoint included, at least latencyMs', async () => {
    for (const path of ['/', '/oauth2/token']) {
      const started = performance.now();
      const res = await request(`${h.ref.baseUrl}${path}`, { dispatcher: h.agent, method: path === '/' ? 'GET' : 'POST' });
      await res.body.text();
      expect(performance.now() - started, path).toBeGreaterThanOrEqual(145);
    }
  });
});
