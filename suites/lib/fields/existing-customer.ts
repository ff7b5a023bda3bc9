/**
 * The customer a lookup by SSN and date of birth finds (operators sent on `existing-records`,
 * generators/operators/values.ts existingCustomerSlot): the stand-ins are replaced by the SSN and
 * date of birth the run's customer was enrolled with, so a near miss of its SSN names a customer
 * that exists. Where the customer has none (production reads it from TARGET_FIXTURE_*), or could
 * not be made, the stand-ins stay: the value is then a near miss of a new SSN, refused alike.
 */
import { existingCustomerSlot } from '../../../generators/operators/slots.js';
import type { HarnessContext } from '../runner/context.js';
import { customerWithCard } from '../state/customer-with-card.js';
import { FixtureError } from '../state/fixture-errors.js';

const standIns = new Set<string>(Object.values(existingCustomerSlot));
const holds = (v: unknown): boolean =>
  typeof v === 'string' ? standIns.has(v) : Array.isArray(v) ? v.some(holds) : v !== null && typeof v === 'object' ? Object.values(v).some(holds) : false;

function replaced<T>(v: T, map: ReadonlyMap<string, string>): T {
  if (typeof v === 'string') return (map.get(v) ?? v) as T;
  if (Array.isArray(v)) return v.map((x) => replaced(x, map)) as T;
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaced(x, map)])) as T;
  return v;
}

/** `input` with the existing customer's SSN and date of birth in place of their stand-ins. */
export async function withExistingCustomer<T>(ctx: HarnessContext, input: T): Promise<T> {
  if (!holds(input)) return input;
  const customer = await customerWithCard(ctx).catch((error: unknown) => {
    if (error instanceof FixtureError) return undefined;
    throw error;
  });
  if (customer?.ssn === undefined || customer.dateOfBirth === undefined) return input;
  return replaced(input, new Map([[existingCustomerSlot.ssn, customer.ssn], [existingCustomerSlot.dateOfBirth, customer.dateOfBirth]]));
}
