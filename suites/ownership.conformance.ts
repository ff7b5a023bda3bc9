import { afterAll, describe } from 'vitest';
import { harness } from './lib/runner/context.js';
import { fixedCase } from './lib/access/case.js';
import { removeAddedCards } from './lib/state/cards.js';
import { ownershipCase } from './lib/ownership/ownership-case.js';
import { deletedCardCase } from './lib/ownership/deleted-case.js';
import { nearMissRequirements } from './lib/ownership/near-miss-case.js';
// Transport trouble in a setup step makes the case broken (and run again), never a harness error or "not covered".
import { scenario } from './lib/business/fixtures.js';

/**
 * Object ownership, use after delete and filter exactness (issue 27; D19, D30, D45): fixed
 * scenarios over fresh customers, each sending its operators to every cell they apply to. They
 * create and delete cards: skipped in the production profile.
 */
const ctx = harness();
const file = 'suites/ownership.conformance.ts';
const area = 'ownership';

describe('object ownership and use after delete', () => {
  afterAll(() => removeAddedCards(ctx));
  fixedCase(ctx, file, {
    area, name: 'another customer\'s card, number, token and transactions are never reached through this customer (D45)', writes: true,
    requirements: ['OWNERSHIP-CARDS', 'CARD-SUCCESS', 'TCARD-SUCCESS', 'SATTR-FILTERS', 'ERR-INVALID-INFORMATION', 'GEN-NO-5XX', 'ERR-JSON-BODY', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'],
    description: 'customers A and B, each with a card (B also a tokenized one); A names B\'s cardId, card number, token and transactions in every operation that names one, the card and transactions first while A holds no card, then in a session whose AuthenticateOBO named B, where A gets a card of each kind',
    run: () => ownershipCase(ctx),
  });
  fixedCase(ctx, file, {
    area, name: 'a deleted card stays deleted: deleted again, named again, added again; filters match whole values (D19, D30)', writes: true,
    requirements: ['STATE-CARD-DELETED', 'CARD-SUCCESS', 'HISTORY-ACCOUNT-FILTER', 'SATTR-FILTERS', 'ERR-INVALID-INFORMATION', 'ERR-CUSTOMER-NOT-FOUND', 'OWNERSHIP-CARDS', 'GEN-NO-5XX', 'ERR-JSON-BODY', 'GEN-JSON-BODY', 'NO-SECRET-ECHO', ...nearMissRequirements],
    description: 'a customer with two cards, a twin of one (same BIN, last four digits and data: a card of its own, its history apart) and a tokenized one: filters naming its cards in part, its own identifiers of another kind in each place, then a card deleted twice, named as accountId and in both filters, and added again; then its own ids near-missed in length and written in other GUID notations in every GUID cell and AccountIdFilter entry; last its cardId, a transactionId and the sessionId as its customerId',
    run: () => scenario(() => deletedCardCase(ctx))(undefined),
  });
});
