import { afterEach, describe, expect, it } from 'vitest';
import { referenceTargetEnv } from '../../bin/target.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { rowStatus, runConformance, type ConformanceRun } from '../support/conformance-run.js';

/**
 * Issue 30 item 6: the versioning suite's EnrollCustomer with apiVersion the other way enrols the run
 * family's versioning identity the first night (served, judged as any valid request); on a later
 * night that identity is in use, so the request meets D16's refusal both ways and enrols nobody,
 * and a refusal the other way that the run's way did not meet still fails the strategy's row.
 * Two nights of the versioning suite against one reference kept running, as a sandbox is.
 */
let reference: RunningReference | undefined;
afterEach(async () => {
  await reference?.close();
  reference = undefined;
});

const night = (env: Record<string, string>, seed: number) => runConformance({ runs: 1, seed, args: ['suites/versioning.conformance.ts'], env });
const failedOn = (run: ConformanceRun, id: string) =>
  new Set(run.summary?.requirements.find((r) => r.id === id)?.findings.map((f) => f.dedupKey.split('|')[1]) ?? []);

describe('EnrollCustomer with apiVersion the other way, night after night', () => {
  it('enrols the family identity the first night and nobody on the second, both passing', async () => {
    reference = await startReference();
    const env = referenceTargetEnv(reference);
    const first = await night(env, 1);
    expect(first.exitCode, first.stdout.slice(-2000)).toBe(0);
    const second = await night(env, 2);
    expect(second.exitCode, second.stdout.slice(-2000)).toBe(0);
    const [one, two] = [first.summary!.footprint!, second.summary!.footprint!];
    // The second night enrols only the pool's fresh customers, if any: the versioning identity is found in use.
    expect(two.customersEnrolled).toBe(two.customerPool?.freshEnrolments ?? 0);
    expect(two.customersFoundAgain).toBe(one.familyEnrolled);
    expect(rowStatus(second, 'VERSION-QUERY')).toBe('passed');
  }, 180_000);

  it('fails VERSION-QUERY on EnrollCustomer on a later night when the query string is not recognised', async () => {
    reference = await startReference({ faults: ['version-query-ignored'] });
    const env = referenceTargetEnv(reference);
    await night(env, 1);
    const second = await night(env, 2);
    expect(second.exitCode, second.stdout.slice(-2000)).toBe(1);
    // The run's way met D16 (the identity the first night's control enrolled), the query string a refusal of the version.
    expect(failedOn(second, 'VERSION-QUERY').has('EnrollCustomer'), [...failedOn(second, 'VERSION-QUERY')].join(', ')).toBe(true);
    expect(second.summary!.footprint!.customersEnrolled).toBe(second.summary!.footprint!.customerPool?.freshEnrolments ?? 0);
  }, 180_000);
});
