import { responseMembers } from '../../../contract/index.js';
import type { Exchange, Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import { fixtureBody } from './fixture-errors.js';
import { nextPerson } from './people.js';
import { accepted, runTag, samplePayload, setupAttempts } from './setup-call.js';

export interface CustomerFixture {
  readonly customerId: string;
  readonly cardId?: string;
  /** Present for customers this run enrolled. */
  readonly ssn?: string;
  readonly dateOfBirth?: string;
}

/** A freshly enrolled customer (EnrollCustomer, then counted in the footprint). */
export async function enrollCustomer(ctx: HarnessContext, session: Session): Promise<CustomerFixture & { ssn: string; dateOfBirth: string; exchange: Exchange; payload: Record<string, unknown> }> {
  let person = nextPerson(ctx);
  let payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) });
  let exchange = await ctx.client.call('EnrollCustomer', { body: payload }, { session });
  for (let attempt = 1; attempt < setupAttempts && ownReasonRefusal(exchange); attempt += 1) {
    person = nextPerson(ctx);
    payload = samplePayload(ctx, 'EnrollCustomer', { ...person, lastName: runTag(ctx) }, attempt);
    exchange = await ctx.client.call('EnrollCustomer', { body: payload }, { session });
  }
  if (accepted(exchange)) ctx.footprint.customerEnrolled();
  const customerId = fixtureBody(ctx, exchange, { what: 'EnrollCustomer of a fixture customer', operation: 'EnrollCustomer', member: [responseMembers.enrollCustomer] })[responseMembers.enrollCustomer] as string;
  return { customerId, ssn: person.ssn, dateOfBirth: person.dateOfBirth, exchange, payload };
}
