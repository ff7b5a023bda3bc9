import { afterAll, describe } from 'vitest';
import { harness } from './lib/runner/context.js';
import { fixedCase } from './lib/access/case.js';
import { removeAddedCards } from './lib/state/cards.js';
import { concurrentCardWrites, concurrentEnrolment } from './lib/concurrency/cases.js';

/**
 * Concurrent writes (D44): two identical writes in flight at once end as some serial order of
 * them would. Few cases, fresh identities; they write, so the production profile skips them.
 */
const ctx = harness();
const file = 'suites/concurrency.conformance.ts';
const area = 'concurrency';

describe('concurrent writes (D44)', () => {
  afterAll(() => removeAddedCards(ctx));
  fixedCase(ctx, file, {
    area, operation: 'EnrollCustomer', name: 'two identical enrolments at once make one customer; the other is refused (D44, D16)', writes: true,
    requirements: ['CONCURRENT-WRITES', 'ENROLL-DUPLICATE', 'GEN-NO-5XX', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'],
    description: 'EnrollCustomer of one fresh identity, twice at the same time, then FindCustomer',
    run: () => concurrentEnrolment(ctx),
  });
  fixedCase(ctx, file, {
    area, name: 'two identical card writes at once make one card; a delete repeated at once is never a 5xx (D44, D30)', writes: true,
    requirements: ['CONCURRENT-WRITES', 'STATE-CARD-DELETED', 'GEN-NO-5XX', 'ERR-JSON-BODY', 'GEN-JSON-BODY', 'NO-SECRET-ECHO'],
    description: 'a fresh customer: AddOrUpdateCard twice at once, AddOrUpdateTokenizedCard twice at once, then DeleteCard twice at once',
    run: () => concurrentCardWrites(ctx),
  });
});
