import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../contract/operations.js';
import { tokenOperation } from '../../contract/token.js';
import type { HttpMethod } from '../../client/exchange.js';
import { retrySafe } from '../../client/retry.js';

/** Which requests may be sent twice: decided in retry.ts alone, from the contract. */
const methods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

describe('retrySafe', () => {
  it('a read (contract writes: false) is safe whatever its method, a POST included', () => {
    expect(operation('FindCustomer').writes).toBe(false);
    expect(retrySafe('FindCustomer', 'POST')).toBe(true);
    expect(retrySafe('GetRegisteredCards', 'GET')).toBe(true);
    expect(retrySafe('AuthenticateOBO', 'POST')).toBe(true);
  });

  it('a write (contract writes: true) is never safe, even when a profile sends it with GET (D1)', () => {
    expect(operation('EnrollCustomer').writes).toBe(true);
    expect(retrySafe('EnrollCustomer', 'POST')).toBe(false);
    expect(retrySafe('DeleteCard', 'GET')).toBe(false);
    expect(retrySafe('DeleteCard', 'DELETE')).toBe(false);
  });

  it('an add-or-update (contract repeatable) is safe: identical card data leaves the card unchanged (States)', () => {
    expect(operation('AddOrUpdateCard').repeatable).toBe(true);
    expect(retrySafe('AddOrUpdateCard', 'POST')).toBe(true);
    expect(retrySafe('AddOrUpdateTokenizedCard', 'POST')).toBe(true);
  });

  it('the token endpoint is safe: a second token request changes nothing', () => {
    expect(retrySafe(tokenOperation, 'POST')).toBe(true);
  });

  it('a request outside the contract (preflight, probes) is safe only as a GET', () => {
    expect(retrySafe('Preflight', 'GET')).toBe(true);
    expect(retrySafe('GetIdentityScore', 'POST')).toBe(false);
  });

  it('every partner operation is decided by its contract entry alone', () => {
    for (const op of operations) for (const m of methods) expect(retrySafe(op.id, m), `${op.id} ${m}`).toBe(!op.writes || op.repeatable === true);
    expect(operations.some((o) => o.writes) && operations.some((o) => !o.writes)).toBe(true);
  });
});
