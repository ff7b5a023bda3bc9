import { describe, expect, it } from 'vitest';
import { rowStatus, runConformance } from '../support/conformance-run.js';
import { runRecorded } from '../support/audited-run.js';
import { expectCaught, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * Error bodies: a validation problem carries no errorCode, a bearer 401 is JSON, and the errors
 * the Errors table does not list (D30) are never 5xx and, when 4xx, JSON. Each check fails on
 * its fault; the readings that answer D30 another way raise nothing.
 */
const bodies: FaultProof[] = [
  // bearer 401s and field-rule 400s are different answers of different suites
  { fault: 'bearer-401-plain-text', check: 'errorBodyIsJson', operation: 'AuthenticatePartner' },
  { fault: 'validation-400-with-error-code', check: 'titleAndCodeMatch', operation: 'FindCustomer' },
  // blind17: a Problem written with 200 where D30/D20 leave the status open (an unknown CustomerId, unknown-resource-id).
  { fault: 'cattr-unknown-customer-problem-in-200', check: 'statusMemberMatches', operation: 'AddCustomerAttributes' },
];

const businessErrors = 'suites/business-errors.conformance.ts';
/** Each D30 fault is shown by its own property (-t), so none is credited with another's finding. */
const unlisted: Array<[string, FaultProof]> = [
  ['D30: malformed JSON', { fault: 'invalid-json-500', check: 'noServerError', operation: 'AuthenticatePartner' }],
  ['D30: malformed JSON', { fault: 'invalid-json-plain-text-400', check: 'errorBodyIsJson', operation: 'AuthenticatePartner' }],
  ['D30: a body that is not JSON', { fault: 'non-json-500', check: 'noServerError', operation: 'AuthenticatePartner' }],
  ['D30: DeleteCard of a cardId', { fault: 'delete-unknown-500', check: 'noServerError', operation: 'DeleteCard' }],
];

const cleanUnlisted = (readings: string) => runConformance({
  args: [businessErrors, '-t', 'D30'], runs: null, env: { REFERENCE_READINGS: readings },
});

describe('error bodies: each documented shape is checked', () => {
  it('a bearer 401 in plain text, a validation problem with an errorCode, a Problem in a 200', async () => {
    expectCaught(await runWithFaults(bodies, ['bearer', 'find-customer', 'add-customer-attributes']), bodies);
  });

  it.each(unlisted.map(([name, proof]) => [proof.fault, name, proof] as const))('%s, shown by "%s"', async (_fault, name, proof) => {
    const run = await runRecorded({ faults: [proof.fault], args: [businessErrors, '-t', name], runs: null });
    expectCaught(run, [proof]);
  });

  it.each([['delete-unknown-404,invalid-json-other-code,non-json-400'], ['success-no-content,extra-members,media-types-plain']])(
    'D30 cases raise nothing on the readings %s', async (readings) => {
      const run = await cleanUnlisted(readings);
      const bad = (run.summary?.requirements ?? []).filter((r) => r.status === 'failed' || r.status === 'broken');
      expect(bad.map((r) => `${r.id} ${r.status}: ${r.findings[0]?.message ?? r.reasons[0] ?? ''}`), run.stdout.slice(-2000)).toEqual([]);
      for (const id of ['GEN-NO-5XX', 'ERR-JSON-BODY']) expect(rowStatus(run, id), id).toBe('passed');
    });
});
