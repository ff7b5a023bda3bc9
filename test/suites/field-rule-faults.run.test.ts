import { describe, it } from 'vitest';
import { expectCaught, expectClean, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * Each field-rule oracle fails on its reference fault, run as a user runs the harness
 * (`npm run conformance -- <suite files>`, 25 runs). Faults share a run only where they break
 * different suites' properties, or different members of the same responses (every check runs
 * on every case, so one cannot hide another); each is still proven by its own check's finding.
 */
const fieldSuites = ['find-customer', 'enroll-customer', 'add-or-update-card', 'get-transaction-history', 'add-customer-attributes'];

const perField: FaultProof[] = [
  { fault: 'find-ssn-length-unchecked', check: 'statusMatches', operation: 'FindCustomer' },
  { fault: 'enroll-zip-format-unchecked', check: 'statusMatches', operation: 'EnrollCustomer' },
  { fault: 'card-number-max-off-by-one', check: 'statusMatches', operation: 'AddOrUpdateCard' },
  { fault: 'pagesize-unbounded', check: 'statusMatches', operation: 'GetTransactionHistory' },
  { fault: 'cattr-value-format-unchecked', check: 'statusMatches', operation: 'AddCustomerAttributes' },
];

/** Faults that each change every error answer of a suite one way: one run each, or grouped by disjoint members. */
const alone: Array<{ proofs: FaultProof[]; suites: string[]; only?: string[]; env?: Record<string, string> }> = [
  {
    // valid EnrollCustomer payloads and FindCustomer's no-match Problem: different suites. Only the
    // valid-payload properties run (a rejected valid title also makes every EnrollCustomer violation
    // case blame it, and shrinking those takes a minute); the coverage phase sends title at its max.
    proofs: [
      { fault: 'enroll-title-max-off-by-one', check: 'validPayloadAccepted', operation: 'EnrollCustomer' },
      { fault: 'find-wrong-title', check: 'titleAndCodeMatch', operation: 'FindCustomer' },
    ],
    suites: ['enroll-customer', 'find-customer'],
    only: ['GEN-VALID-ACCEPTED'],
  },
  { proofs: [{ fault: 'server-error-on-null', check: 'noServerError', operation: 'FindCustomer' }], suites: ['find-customer'] },
  { proofs: [{ fault: 'keys-first-only', check: 'everyInvalidFieldNamed', operation: 'FindCustomer' }], suites: ['find-customer'] },
  { proofs: [{ fault: 'keys-blame-valid', check: 'noValidFieldBlamed', operation: 'FindCustomer' }], suites: ['find-customer'] },
  {
    // four different members of the same error bodies
    proofs: [
      { fault: 'problem-status-mismatch', check: 'statusMemberMatches', operation: 'FindCustomer' },
      { fault: 'problem-instance-wrong', check: 'instanceIsRequestPath', operation: 'FindCustomer' },
      { fault: 'problem-type-wrong-rfc', check: 'typeNamesRfcSection', operation: 'FindCustomer' },
      { fault: 'key-wrong-prefix', check: 'validationKeyPrefix', operation: 'FindCustomer' },
    ],
    suites: ['find-customer'],
  },
  {
    // the Problem of a valid payload (422) and the status of validation answers (400)
    proofs: [
      { fault: 'problem-missing-detail', check: 'problemShape', operation: 'FindCustomer' },
      { fault: 'validation-wrong-status', check: 'statusMatches', operation: 'FindCustomer' },
    ],
    suites: ['find-customer'],
  },
  { proofs: [{ fault: 'validation-missing-list', check: 'validationProblemShape', operation: 'FindCustomer' }], suites: ['find-customer'] },
  { proofs: [{ fault: 'problem-plain-text', check: 'jsonMediaType', operation: 'FindCustomer' }], suites: ['find-customer'] },
];

/**
 * A rule broken alone (generators/isolated.ts) and the exact bounds (generators/boundaries.ts).
 * Faults whose breaks meet the same property (one per operation's isolated-rule property, one per
 * bounds property) each get their own run: a property stops at its first counterexample.
 */
const isolatedRequirements = ['CATTR-CUSTOMER-ATTRIBUTES-LENGTH', 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', 'ENROLL-EMAIL-ADDRESS-FORMAT', 'ENROLL-STATE-FORMAT', 'GEN-VALID-ACCEPTED'];
const isolated: FaultProof[][] = [
  [
    { fault: 'cattr-value-length-unchecked', check: 'statusMatches', operation: 'AddCustomerAttributes' },
    { fault: 'email-local-part-optional', check: 'statusMatches', operation: 'EnrollCustomer' },
    { fault: 'empty-min-zero-rejected', check: 'validPayloadAccepted', operation: 'EnrollCustomer' },
  ],
  [
    { fault: 'mmddyyyy-slashes-accepted', check: 'statusMatches', operation: 'AddCustomerAttributes' },
    { fault: 'email-domain-optional', check: 'statusMatches', operation: 'EnrollCustomer' },
    { fault: 'cattr-value-max-off-by-one', check: 'validPayloadAccepted', operation: 'AddCustomerAttributes' },
  ],
  [
    { fault: 'mmddyyyy-day-unchecked', check: 'statusMatches', operation: 'AddCustomerAttributes' },
    { fault: 'email-two-at-accepted', check: 'statusMatches', operation: 'EnrollCustomer' },
  ],
  [
    { fault: 'mmddyyyy-short-year-accepted', check: 'statusMatches', operation: 'AddCustomerAttributes' },
    { fault: 'state-code-unchecked', check: 'statusMatches', operation: 'EnrollCustomer' },
  ],
  [{ fault: 'true-false-first-letter', check: 'statusMatches', operation: 'AddCustomerAttributes' }],
  [{ fault: 'true-false-digits-accepted', check: 'statusMatches', operation: 'AddCustomerAttributes' }],
];

describe('field-rule oracles fail on their reference faults', () => {
  it('the clean reference passes the field-rule suites the faults are run against', async () => {
    expectClean(await runWithFaults([], fieldSuites));
  });

  it('one length or format fault per operation: each fails its field requirement', async () => {
    expectCaught(await runWithFaults(perField, fieldSuites), perField);
  });

  it.each(alone.map((g) => [g.proofs.map((p) => p.fault).join(' + '), g] as const))('%s', async (_name, g) => {
    expectCaught(await runWithFaults(g.proofs, g.suites, { ...(g.only ? { only: g.only } : {}), ...(g.env ? { env: g.env } : {}) }), g.proofs);
  });

  // Seven kinds of isolated break for AddCustomerAttributes, five for EnrollCustomer: the coverage phase
  // sends each once (isolatedCoverage), so the default budget meets each.
  it.each(isolated.map((proofs) => [proofs.map((p) => p.fault).join(' + '), proofs] as const))('rule broken alone: %s', async (_name, proofs) => {
    expectCaught(await runWithFaults(proofs, ['enroll-customer', 'add-customer-attributes'], { only: isolatedRequirements }), proofs);
  });
});

/**
 * D20: each required customer attribute left out is a coverage case of every run, so a target
 * that takes a list without SSN (or without CustomerId) fails whatever the seed; the row is
 * recorded even where another row of the same property failed first (issue 20).
 */
const missingRequired: Array<[FaultProof, string]> = [
  [{ fault: 'cattr-ssn-attribute-optional', check: 'statusMatches', operation: 'AddCustomerAttributes' }, '1'],
  [{ fault: 'cattr-ssn-attribute-optional', check: 'statusMatches', operation: 'AddCustomerAttributes' }, '2'],
  [{ fault: 'cattr-customer-id-attribute-optional', check: 'statusMatches', operation: 'AddCustomerAttributes' }, '3'],
];
const firstFailure: FaultProof = { fault: 'true-false-digits-accepted', check: 'statusMatches', operation: 'AddCustomerAttributes' };

describe('a customer attribute list without a required attribute fails on every seed', () => {
  for (const [proof, seed] of missingRequired)
    it(`${proof.fault}, seed ${seed}, beside a fault the same property meets first`, async () => {
      const run = await runWithFaults([proof, firstFailure], ['add-customer-attributes'], { env: { CONFORMANCE_SEED: seed } });
      expectCaught(run, [proof, firstFailure]);
    });
});

/**
 * Issue 21: the input classes the blind batches showed missing, each proven by a fault of its own:
 * minimal edits a normaliser undoes (separators, a country code, a GUID without dashes), and
 * crashes on text or numbers the contract allows or leaves open (D40, a pageSize past 32 bits).
 * Each breaks a different property, so one run serves them all.
 */
const inputClasses: FaultProof[] = [
  { fault: 'find-ssn-separators-stripped', check: 'statusMatches', operation: 'FindCustomer' },
  { fault: 'enroll-phone-country-code-dropped', check: 'statusMatches', operation: 'EnrollCustomer' },
  { fault: 'guid-dashes-optional', check: 'statusMatches', operation: 'GetRegisteredCards' },
  { fault: 'text-apostrophe-500', check: 'noServerError', operation: 'EnrollCustomer' },
  { fault: 'number-overflow-500', check: 'noServerError', operation: 'GetTransactionHistory' },
];

describe('input classes of the blind batches', () => {
  it('normalised near misses and crashes on open input fail their rows', async () => {
    const run = await runWithFaults(inputClasses, ['find-customer', 'enroll-customer', 'get-registered-cards', 'get-transaction-history']);
    expectCaught(run, inputClasses);
  });
});

/** Two leniencies one property meets: the first stops fast-check, the remaining coverage cases still find the second. */
const moneyAndCounts: FaultProof[] = [
  { fault: 'amount-separators-stripped', check: 'statusMatches', operation: 'AddCustomerAttributes' },
  { fault: 'count-sign-accepted', check: 'statusMatches', operation: 'AddCustomerAttributes' },
];

describe('normalised money and counts', () => {
  it('a stripped separator or sign fails CATTR-CUSTOMER-ATTRIBUTES-FORMAT, both found in one run', async () => {
    expectCaught(await runWithFaults(moneyAndCounts, ['add-customer-attributes']), moneyAndCounts);
  });
});
