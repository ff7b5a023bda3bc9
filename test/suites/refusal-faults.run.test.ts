import { describe, expect, it } from 'vitest';
import { rowStatus } from '../support/conformance-run.js';
import { expectCaught, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * D37 excuses a coded refusal of a valid payload only where the operation may decline a card or
 * find a duplicate (D15, D16: contract `refusesForOwnReasons`). Anywhere else the same shape is a
 * valid payload not accepted, and the readings that decline with codes of their own stay clean.
 */
const refusal: FaultProof[] = [{ fault: 'cattr-refused-own-code', check: 'validPayloadAccepted', operation: 'AddCustomerAttributes' }];

describe('coded refusals of valid payloads', () => {
  it('fail on an operation that can neither decline nor find a duplicate', async () => {
    expectCaught(await runWithFaults(refusal, ['add-customer-attributes']), refusal);
  });

  it('are observed, never failed, where the operation may decline (readings decline-own-code, refuse-some-enrolments)', async () => {
    const run = await runWithFaults([], ['enroll-customer', 'add-or-update-card'], { env: { REFERENCE_READINGS: 'decline-own-code,refuse-some-enrolments,decline-400-legacy' } });
    const bad = (run.summary?.requirements ?? []).filter((r) => r.status === 'failed' || r.status === 'broken');
    expect(bad.map((r) => `${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''}`), run.stdout.slice(-2000)).toEqual([]);
    expect(rowStatus(run, 'GEN-VALID-ACCEPTED')).toBe('passed');
  });
});
