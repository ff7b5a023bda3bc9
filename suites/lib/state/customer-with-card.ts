import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { memoPerKey } from './memo.js';
import { pooledCustomer, PoolUnavailable, privatePoolDir, type PooledCustomer } from './customer-pool.js';
import { addCard } from './cards.js';
import { enrollCustomer, type CustomerFixture } from './enrolment.js';
import { FixtureError } from './fixture-errors.js';
import { reusableCustomer } from './find-again.js';
import { mayWrite } from './setup-call.js';
import { isBrokenError } from '../runner/stop.js';

/**
 * A customer holding a card. Sandbox: enrolled and given a card by this run. Production
 * without writes: TARGET_FIXTURE_CUSTOMER_ID / TARGET_FIXTURE_CARD_ID, or FixtureError.
 * A refusal is remembered; transport trouble is not: the next case that needs it makes it again.
 */
export const customerWithCard = memoPerKey((ctx: HarnessContext) => makeCustomerWithCard(ctx), (error) => !isBrokenError(error));

async function makeCustomerWithCard(ctx: HarnessContext): Promise<CustomerFixture> {
  if (!mayWrite(ctx)) {
    const { customerId, cardId } = ctx.profile.fixtures;
    if (!customerId) throw new FixtureError('TARGET_PROFILE=production needs TARGET_FIXTURE_CUSTOMER_ID (and TARGET_FIXTURE_CARD_ID) to read an existing customer', { enabledBy: 'TARGET_FIXTURE_CUSTOMER_ID' });
    return { customerId, ...(cardId ? { cardId } : {}) };
  }
  const session = await ctx.session();
  const customer = await runCustomer(ctx, session);
  // The card is this worker's own (removed when its suite ends): another worker's may be gone already.
  const { cardId } = await addCard(ctx, session, customer.customerId);
  return { ...customer, cardId };
}

/**
 * The run's pooled customer (customer-pool.ts): enrolled once per run by the first worker that
 * needs it. Where another worker could not make it, this worker's cases are not covered for the
 * same reason (blocked by the rule the answer broke, which that worker recorded failed).
 */
async function runCustomer(ctx: HarnessContext, session: Session): Promise<PooledCustomer> {
  try {
    const { customer, made } = await pooledCustomer({
      dir: privatePoolDir(),
      transient: isBrokenError,
      // A customer of the run family where the run has one: a later night finds it again (find-again.ts).
      make: async () => {
        const { customerId, ssn, dateOfBirth } = (await reusableCustomer(ctx, session, 'pool')) ?? (await enrollCustomer(ctx, session));
        return { customerId, ssn, dateOfBirth };
      },
      failureOf: (error) => ({ message: String((error as Error | null)?.message ?? error), ...(error instanceof FixtureError && error.blockedBy ? { blockedBy: error.blockedBy } : {}) }),
    });
    if (made) ctx.footprint.poolCustomerMade(ctx.profile.family !== undefined);
    return customer;
  } catch (error) {
    if (!(error instanceof PoolUnavailable)) throw error;
    const { blockedBy } = error.failure;
    throw new FixtureError(`the run's pooled customer could not be made by another worker: ${error.message}`, blockedBy ? { blockedBy } : {});
  }
}
