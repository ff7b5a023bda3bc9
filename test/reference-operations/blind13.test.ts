import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import { blind13Faults } from '../../reference/faults/blind13/index.js';
import { RedTeamClient } from './red-team-client.js';
import { probes } from './blind13-probes.js';

/**
 * Blind batch 13: each fault changes what a client observes. A probe runs against a healthy
 * reference and one with the fault switched on; the two results must differ. One or a few
 * requests per fault, no conformance run.
 */

/** Probes that need the reference started with an allow list the test's own address is not on. */
const offList = new Set(['blind13-allow-list-find-exempt']);
/** Probes that open their own session (as the denied client). */
const ownSession = new Set(['blind13-auth-denied-detail-missing']);

describe('blind13 faults', () => {
  let healthy: RedTeamClient;
  beforeAll(async () => { healthy = await RedTeamClient.start([]); });
  afterAll(async () => { await healthy.close(); });

  it('every fault names a contract requirement, is named blind13-, and has a probe', () => {
    expect(blind13Faults).toHaveLength(40);
    for (const f of blind13Faults) {
      expect(() => requirement(f.requirement), f.name).not.toThrow();
      expect(f.name.startsWith('blind13-'), f.name).toBe(true);
      expect(f.name in probes, f.name).toBe(true);
    }
    expect(new Set(blind13Faults.map((f) => f.name)).size).toBe(blind13Faults.length);
  });

  it.each(blind13Faults.map((f) => f.name))('%s changes what a client observes', async (name) => {
    const run = async (c: RedTeamClient) => {
      if (!ownSession.has(name) && !offList.has(name)) await c.open();
      return probes[name]!(c);
    };
    const base = offList.has(name) ? await RedTeamClient.start([], ['10.9.9.9']) : undefined;
    const faulty = await RedTeamClient.start([name], offList.has(name) ? ['10.9.9.9'] : undefined);
    try {
      const expected = await run(base ?? new RedTeamClient(healthy.ref, healthy.agent));
      const observed = await run(faulty);
      if (process.env.BLIND13_SHOW) console.log(name, JSON.stringify(expected), JSON.stringify(observed));
      expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
    } finally {
      await faulty.close();
      await base?.close();
    }
  }, 60_000);
});
