import { describe, expect, it } from 'vitest';
import { pairedSessionServed } from '../../checks/index.js';
import { errorRow } from '../../contract/index.js';
import { exchange } from './fixtures.js';

/**
 * STATE-SESSION's pairing: a session is refused when the answer is a refusal of the call, not when the
 * call got past the session to the operation's own business answer (the production profile's FindCustomer
 * knows no customer's SSN and is answered 422 CUSTOMER_NOT_FOUND; the clean-clone self-tests showed it).
 */
describe('pairedSessionServed', () => {
  const expectation = { deviceId: 'Dx7-Q9' };
  const find = (status: number, body: unknown) => exchange({ operation: 'FindCustomer', slug: 'find-customer', status, body });

  it('fails a session refusal of the call made with the session\'s own deviceId', () => {
    const [f] = pairedSessionServed(find(401, { status: 401, title: 'Unauthorized', errorCode: 'UNAUTHORIZED' }), expectation);
    expect(f?.requirement).toBe('STATE-SESSION');
  });

  it('takes the operation\'s own business answer as served, and a 2xx', () => {
    const notFound = errorRow('CUSTOMER_NOT_FOUND');
    expect(pairedSessionServed(find(notFound.status, { status: notFound.status, title: notFound.title, errorCode: notFound.errorCode }), expectation)).toEqual([]);
    expect(pairedSessionServed(find(200, { customerId: 'c' }), expectation)).toEqual([]);
  });
});
