import { describe, expect, it } from 'vitest';
import { rowStatus } from '../support/conformance-run.js';
import { expectCaught, runWithFaults, type FaultProof } from '../support/fault-proof.js';

/**
 * AddSessionAttributes after a successful AuthenticateOBO (D19): the token, list and filter
 * faults are each caught by their own oracle. Faults of one run fail different rows, or the
 * same row by different checks, and none hides another, so none can stand in for another's proof.
 */
const business = ['business-errors'];

const listFaults: FaultProof[] = [
  { fault: 'sattr-wrong-token-400', check: 'statusMatches', operation: 'AddSessionAttributes' },
  { fault: 'sattr-missing-token-accepted', check: 'genericRefusal', operation: 'AddSessionAttributes' },
  { fault: 'sattr-unknown-name-accepted', check: 'genericRefusal', operation: 'AddSessionAttributes' },
  // Not with sattr-number-filter-unchecked, which would accept the own number all the same.
  { fault: 'sattr-own-number-refused', check: 'ownCardFilterAccepted', operation: 'AddSessionAttributes' },
  // The other filter, the other kind of card: a tokenized card's cardId (issue 27, from blind5's token refused in AccountNumberFilter).
  { fault: 'sattr-id-filter-number-cards-only', check: 'ownCardFilterAccepted', operation: 'AddSessionAttributes' },
];

const filterFaults: FaultProof[] = [
  { fault: 'sattr-account-filter-unchecked', check: 'statusMatches', operation: 'AddSessionAttributes', alsoFails: ['ERR-INVALID-INFORMATION'] },
  { fault: 'sattr-number-filter-unchecked', check: 'statusMatches', operation: 'AddSessionAttributes', alsoFails: ['ERR-INVALID-INFORMATION'] },
];

// Alone: sattr-number-filter-unchecked would accept the three cards too. The filter naming three of the
// customer's cards, the value at its maximum length (blind7: a `< 300` check), is refused.
const threeCards: FaultProof[] = [{ fault: 'sattr-number-filter-two-entries', check: 'ownCardFilterAccepted', operation: 'AddSessionAttributes' }];

describe('AddSessionAttributes after AuthenticateOBO: token, list and filter faults are caught', () => {
  it('the clean reference passes the new rows', async () => {
    const run = await runWithFaults([], business);
    // One suite leaves other documented rows unchecked (exit 4); nothing it checked may fail or break.
    const bad = run.summary!.requirements.filter((r) => r.status === 'failed' || r.status === 'broken').map((r) => r.id);
    expect(bad, run.stdout.slice(-2000)).toEqual([]);
    expect([0, 4]).toContain(run.exitCode);
    for (const id of ['SATTR-REQUIRED-ATTRIBUTES', 'SATTR-SESSION-ATTRIBUTES-FORMAT', 'SATTR-FILTERS', 'ERR-INVALID-INFORMATION', 'GEN-VALID-ACCEPTED'])
      expect(rowStatus(run, id), id).toBe('passed');
  });

  it('a wrong SsoToken answered 400, a list without SsoToken or with an unknown name accepted, the own card number or tokenized card\'s cardId refused', async () => {
    expectCaught(await runWithFaults(listFaults, business), listFaults);
  });

  it('an AccountNumberFilter of three of the customer\'s cards refused', async () => {
    expectCaught(await runWithFaults(threeCards, business), threeCards);
  });

  it('an AccountIdFilter of no GUIDs or an AccountNumberFilter of a stranger accepted', async () => {
    expectCaught(await runWithFaults(filterFaults, business), filterFaults);
  });
});
