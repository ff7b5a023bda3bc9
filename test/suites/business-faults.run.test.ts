import { describe, expect, it } from 'vitest';
import { startReference } from '../../reference/server.js';
import { rowStatus } from '../support/conformance-run.js';
import { expectCaught, expectClean, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * The business-error and AuthenticatePartner oracles fail on their reference faults. The
 * business faults of one run break different scenarios (different properties), so none can
 * hide another; the AuthenticatePartner ones change the same answers and run alone.
 */
const business = ['business-errors'];
const auth = ['authenticate-partner'];

const scenariosA: FaultProof[] = [
  { fault: 'tcard-bin-not-denied', check: 'statusMatches', operation: 'AddOrUpdateTokenizedCard', alsoFails: ['ERR-BAD-REQUEST'] },
  { fault: 'enroll-duplicate-ssn-accepted', check: 'legacyOrProblemError', operation: 'EnrollCustomer' },
  { fault: 'card-decline-missing-code', check: 'legacyOrProblemError', operation: 'AddOrUpdateCard', alsoFails: ['STATE-CARD-AUTH-FAILED'] },
  { fault: 'find-enrolled-missing', check: 'enrolledCustomerFound', operation: 'FindCustomer' },
  { fault: 'obo-no-linked-check', check: 'statusMatches', operation: 'AuthenticateOBO', alsoFails: ['ERR-NO-LINKED-ACCOUNT'] },
  { fault: 'sattr-both-filters-accepted', check: 'statusMatches', operation: 'AddSessionAttributes', alsoFails: ['ERR-INVALID-INFORMATION'] },
];

const scenariosB: FaultProof[] = [
  { fault: 'leak-ssn-echo', check: 'noSecretEcho', operation: 'FindCustomer' },
  { fault: 'sattr-foreign-card-accepted', check: 'statusMatches', operation: 'AddSessionAttributes', alsoFails: ['ERR-INVALID-INFORMATION'] },
  { fault: 'obo-unknown-customer-wrong-status', check: 'statusMatches', operation: 'AuthenticateOBO' },
  // Batch 19's class: a refused card write (here a 400 of AddOrUpdateCard) links no account (refused-card-writes.ts).
  { fault: 'obo-linked-after-card-validation-400', check: 'statusMatches', operation: 'AuthenticateOBO', alsoFails: ['ERR-NO-LINKED-ACCOUNT'] },
  { fault: 'find-no-match-not-found', check: 'noMatchReported', operation: 'FindCustomer' },
];

/** One datum, two documented forms (D9): its own run, the D9 scenario being the one that meets it. */
const otherForm: FaultProof[] = [
  { fault: 'find-dob-compared-as-text', check: 'enrolledCustomerFound', operation: 'FindCustomer' },
  // Another scenario: two invalid attributes in one request, both named (blind11: the refusal named the first only).
  { fault: 'sattr-detail-format-short-circuits', check: 'detailNamesEachInvalidItem', operation: 'AddSessionAttributes' },
];

/**
 * Its own run: the D9 scenario's first customer has an SSN beginning with 0, its first lookup (the
 * class blind batch 5 showed missing: blind5-find-ssn-leading-zero-lost loses the zero in the lookup,
 * this fault in the enrolment).
 */
const leadingZero: FaultProof[] = [{ fault: 'enroll-ssn-stored-as-number', check: 'enrolledCustomerFound', operation: 'FindCustomer' }];

/** Its own run: the D9 scenario's second customer is enrolled with the other e-mail key (D10), and found (blind18's class). */
const aliasKey: FaultProof[] = [{ fault: 'enroll-email-alias-ssn-offset', check: 'enrolledCustomerFound', operation: 'FindCustomer' }];

/** Its own run: the D9 scenario meets the SSN echo and a missing customer before it tries another date of birth. */
const partialLookup: FaultProof[] = [
  { fault: 'find-ssn-only', check: 'lookupMatchesEveryKey', operation: 'FindCustomer' },
  // another response member than the lookup's: one run serves both
  { fault: 'sattr-detail-names-position', check: 'detailNamesInvalidFields', operation: 'AddSessionAttributes' },
  { fault: 'sattr-filter-any-item', check: 'statusMatches', operation: 'AddSessionAttributes' },
];

const authFaults: FaultProof[][] = [
  [{ fault: 'auth-denied-wrong-code', check: 'titleAndCodeMatch', operation: 'AuthenticatePartner' }],
  [{ fault: 'auth-denied-wrong-status', check: 'statusMatches', operation: 'AuthenticatePartner' }],
  [
    // the success answer and the denial answer: different properties
    { fault: 'auth-session-header-missing', check: 'sessionHeaderPresent', operation: 'AuthenticatePartner' },
    { fault: 'no-www-authenticate', check: 'wwwAuthenticateOn401', operation: 'AuthenticatePartner' },
  ],
];

const observed = (run: Awaited<ReturnType<typeof runWithFaults>>, text: RegExp) => run.summary?.observed.some((o) => text.test(o.observed));

describe('business-error oracles fail on their reference faults', () => {
  it('the clean reference passes both suites, covering every business row and naming the D8 reading', async () => {
    const run = await runWithFaults([], [...business, ...auth]);
    expectClean(run);
    for (const id of ['FIND-NOT-FOUND', 'FIND-ENROLLED', 'FIND-EVERY-KEY', 'ENROLL-DUPLICATE', 'CARD-AUTH-FAILURE', 'STATE-CARD-AUTH-FAILED', 'TCARD-DENIED-BIN',
      'OBO-LINKED-ACCOUNT', 'SATTR-FILTERS', 'ERR-UNAUTHORIZED', 'ERR-CUSTOMER-NOT-FOUND', 'ERR-NO-LINKED-ACCOUNT', 'ERR-BAD-REQUEST',
      'ERR-INVALID-INFORMATION', 'AUTH-SESSION-HEADER', 'BEARER-WWW-AUTHENTICATE', 'NO-SECRET-ECHO'])
      expect(rowStatus(run, id), id).toBe('passed');
    expect(observed(run, /^FindCustomer with no match answers 422 CUSTOMER_NOT_FOUND$/)).toBe(true);
    const seen = run.summary!.responseCoverage.rows.filter((r) => r.observed).map((r) => r.key);
    expect(seen).toEqual(expect.arrayContaining([
      'AuthenticatePartner 401 UNAUTHORIZED', 'FindCustomer 422 CUSTOMER_NOT_FOUND', 'AuthenticateOBO 422 CUSTOMER_NOT_FOUND',
      'AuthenticateOBO 422 NO_LINKED_ACCOUNT', 'AddOrUpdateTokenizedCard 422 BAD_REQUEST', 'AddSessionAttributes 422 INVALID_INFORMATION',
      'AddCustomerAttributes 422 CUSTOMER_NOT_FOUND',
    ]));
  });

  it('scenario faults, each failing its scenario requirement', async () => {
    expectCaught(await runWithFaults(scenariosA, business), scenariosA);
  });

  it('leak, foreign-card and unknown-customer faults, each failing its requirement', async () => {
    expectCaught(await runWithFaults(scenariosB, business), scenariosB);
  });

  it('a date of birth compared as text fails FIND-ENROLLED when the other documented form is sent; a detail naming one of two invalid attributes fails ERR-INVALID-INFORMATION', async () => {
    expectCaught(await runWithFaults(otherForm, business), otherForm);
  });

  it('an SSN kept as a number (its leading zero lost) fails FIND-ENROLLED: a customer whose SSN begins with 0 is looked up', async () => {
    expectCaught(await runWithFaults(leadingZero, business), leadingZero);
  });

  it('a customer enrolled with the e-mail alias key and stored with another SSN fails FIND-ENROLLED', async () => {
    expectCaught(await runWithFaults(aliasKey, business), aliasKey);
  });

  it('a lookup on the SSN alone and a detail naming no field fail their rows', async () => {
    expectCaught(await runWithFaults(partialLookup, business), partialLookup);
  });

  // FIND-EVERY-KEY with the SSN changed alone (blind6: a last-four lookup): another taxpayer number, the same date of birth.
  it('catches find-itin-by-birth-date-only', async () => {
    const proofs: FaultProof[] = [{ fault: 'find-itin-by-birth-date-only', check: 'lookupMatchesEveryKey', operation: 'FindCustomer' }];
    expectCaught(await runWithFaults(proofs, business), proofs);
  });

  // Issue 27, blind7: the D16 duplicate sent for an ITIN customer as well as an SSN one (identity kinds),
  // and the D15 declining card sent with every optional member as well as minimal (every payload path).
  // blind15: the D9 scenario's dates are ambiguous, so a lookup that swaps day and month names another day
  // (D16 enrols originals of its own where the D9 scenario stopped before its ITIN customer).
  it('catches enroll-itin-duplicate-accepted, card-decline-skipped-with-name-on-card and find-slashed-dob-day-first', async () => {
    const proofs: FaultProof[] = [
      { fault: 'enroll-itin-duplicate-accepted', check: 'legacyOrProblemError', operation: 'EnrollCustomer' },
      { fault: 'card-decline-skipped-with-name-on-card', check: 'legacyOrProblemError', operation: 'AddOrUpdateCard', alsoFails: ['STATE-CARD-AUTH-FAILED'] },
      { fault: 'find-slashed-dob-day-first', check: 'enrolledCustomerFound', operation: 'FindCustomer' },
    ];
    expectCaught(await runWithFaults(proofs, business), proofs);
  });

  // blind17: a refused enrolment read back (the blind fault: the DUPLICATE_EMAIL refusal's row; here DUPLICATE_SSN's).
  it('catches enroll-refused-ssn-duplicate-keeps-customer', async () => {
    const proofs: FaultProof[] = [{ fault: 'enroll-refused-ssn-duplicate-keeps-customer', check: 'refusalLeftNoTrace', operation: 'FindCustomer' }];
    expectCaught(await runWithFaults(proofs, business), proofs);
  });

  // blind20's class: a masked twin (first six and last four the same) accepted before each documented card refusal
  // (the blind fault: the declined number's authorization cached by its masked form; here the denied BIN's network check by the token's).
  it('catches tcard-network-decision-cached-by-masked-token', async () => {
    const proofs: FaultProof[] = [{ fault: 'tcard-network-decision-cached-by-masked-token', check: 'statusMatches', operation: 'AddOrUpdateTokenizedCard', alsoFails: ['ERR-BAD-REQUEST'] }];
    expectCaught(await runWithFaults(proofs, business), proofs);
  });

  it.each(authFaults.map((g) => [g.map((p) => p.fault).join(' + '), g] as const))('%s', async (_name, g) => {
    expectCaught(await runWithFaults(g, auth), g);
  });

  it('without a denied client the denial is not covered, naming what to configure', async () => {
    const ref = await startReference();
    try {
      const run = await runWithFaults([], auth, {
        env: {
          TARGET_BASE_URL: ref.baseUrl, TARGET_AUTH_URL: ref.authUrl, TARGET_CA_FILE: ref.caFile, TARGET_SCOPE_BASE: ref.scopeBase,
          TARGET_CLIENT_ID: ref.clientId, TARGET_CLIENT_SECRET: ref.clientSecret,
        },
      });
      // A documented rule left unchecked for want of configuration ends the run with 4, never 0.
      expect(run.exitCode).toBe(4);
      expect(run.summary!.unchecked).toContain('ERR-UNAUTHORIZED');
      expect(rowStatus(run, 'AUTH-SESSION-HEADER')).toBe('passed');
      const denial = run.summary!.requirements.find((r) => r.id === 'ERR-UNAUTHORIZED')!;
      expect(denial.status).toBe('not-covered');
      expect(denial.reasons.join(' ')).toMatch(/TARGET_DENIED_CLIENT_ID and TARGET_DENIED_CLIENT_SECRET/);
    } finally {
      await ref.close();
    }
  });
});
