import { describe, expect, it } from 'vitest';
import { rowStatus } from '../support/conformance-run.js';
import { expectCaught, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * successBodyShape fails each documented success body broken by a fault, and raises nothing
 * on readings that answer differently but as the document allows (D8's empty customerId,
 * upper-case GUIDs, 201 Created, extra members).
 */
const enrollAlone: FaultProof[] = [{ fault: 'enroll-customer-id-not-guid', check: 'successBodyShape', operation: 'EnrollCustomer' }];
// FIND-ENROLLED and the D17 scenario are different properties of the business suite: neither hides the other.
const findAndObo: FaultProof[] = [
  { fault: 'find-customer-id-not-guid', check: 'successBodyShape', operation: 'FindCustomer' },
  { fault: 'obo-sso-token-empty', check: 'successBodyShape', operation: 'AuthenticateOBO' },
];
const suites = ['enroll-customer', 'find-customer', 'authenticate-obo', 'business-errors'];
const bodyRows = ['ENROLL-SUCCESS', 'FIND-SUCCESS', 'OBO-SUCCESS'];

describe('success bodies: each documented member is checked', () => {
  it('EnrollCustomer with a CustomerId that is not a GUID', async () => {
    expectCaught(await runWithFaults(enrollAlone, ['enroll-customer']), enrollAlone);
  });

  it('FindCustomer with an id that is not a GUID, AuthenticateOBO with an empty ssoToken', async () => {
    expectCaught(await runWithFaults(findAndObo, ['business-errors']), findAndObo);
  });

  it.each([
    ['find-empty-customer-id,upper-case-guids,created-201,extra-members'],
    ['success-no-content,success-body-echo,sparse-card-after-upsert'],
  ])('no false alarm on the readings %s', async (readings) => {
    const run = await runWithFaults([], suites, { env: { REFERENCE_READINGS: readings } });
    const bad = (run.summary?.requirements ?? []).filter((r) => r.status === 'failed' || r.status === 'broken');
    expect(bad.map((r) => `${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''}`), run.stdout.slice(-2000)).toEqual([]);
    for (const id of bodyRows) expect(rowStatus(run, id), id).toBe('passed');
  });
});
