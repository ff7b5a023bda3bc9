import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../../contract/index.js';
import type { Fault } from '../../reference/faults/index.js';
import { RedTeamClient } from './red-team-client.js';

export type Probe = (c: RedTeamClient) => Promise<unknown>;

export interface ProbedBatch {
  /** The batch's name, the prefix of its faults (blind13). */
  readonly batch: string;
  readonly faults: readonly Fault[];
  readonly probes: Readonly<Record<string, Probe>>;
  /** Probes that need the reference started with an allow list the test's own address is not on. */
  readonly offList?: ReadonlySet<string>;
  /** Probes that open their own session (as the denied client). */
  readonly ownSession?: ReadonlySet<string>;
}

/**
 * A red team's batch, each fault shown to change what a client observes: a probe runs against a
 * healthy reference and one with the fault switched on, and the two results must differ. One or
 * a few requests per fault, no conformance run. <BATCH>_SHOW=1 prints both results.
 */
export function describeProbedBatch({ batch, faults, probes, offList = new Set(), ownSession = new Set() }: ProbedBatch): void {
  describe(`${batch} faults`, () => {
    let healthy: RedTeamClient;
    beforeAll(async () => { healthy = await RedTeamClient.start([]); });
    afterAll(async () => { await healthy.close(); });

    it(`every fault names a contract requirement, is named ${batch}-, and has a probe`, () => {
      expect(faults).toHaveLength(40);
      for (const f of faults) {
        expect(() => requirement(f.requirement), f.name).not.toThrow();
        expect(f.name.startsWith(`${batch}-`), f.name).toBe(true);
        expect(f.name in probes, f.name).toBe(true);
      }
      expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
    });

    it.each(faults.map((f) => f.name))('%s changes what a client observes', async (name) => {
      const run = async (c: RedTeamClient) => {
        if (!ownSession.has(name) && !offList.has(name)) await c.open();
        return probes[name]!(c);
      };
      const base = offList.has(name) ? await RedTeamClient.start([], ['10.9.9.9']) : undefined;
      const faulty = await RedTeamClient.start([name], offList.has(name) ? ['10.9.9.9'] : undefined);
      try {
        const expected = await run(base ?? new RedTeamClient(healthy.ref, healthy.agent));
        const observed = await run(faulty);
        if (process.env[`${batch.toUpperCase()}_SHOW`]) console.log(name, JSON.stringify(expected), JSON.stringify(observed));
        expect(observed, `${name}: healthy ${JSON.stringify(expected)}, faulty ${JSON.stringify(observed)}`).not.toEqual(expected);
      } finally {
        await faulty.close();
        await base?.close();
      }
    }, 60_000);
  });
}
