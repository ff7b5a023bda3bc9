import { describe, expect, it } from 'vitest';
import { enrolledCustomerFound, noMatchReading, noMatchReported, sessionHeaderPresent, ssoTokenIssued } from '../../checks/business-outcomes.js';
import { broken, exchange } from './fixtures.js';

const auth = { operation: 'AuthenticatePartner' };
const find = { operation: 'FindCustomer' };
const customerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const notFound = { type: 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Customer Not Found', status: 422, detail: 'd', instance: '/x', errorCode: 'CUSTOMER_NOT_FOUND' };

describe('sessionHeaderPresent (AUTH-SESSION-HEADER)', () => {
  it('passes a 2xx with a non-empty sessionId header and ignores refusals', () => {
    expect(sessionHeaderPresent(exchange({ operation: auth.operation, headers: { sessionid: 's-1' } }), auth)).toEqual([]);
    expect(sessionHeaderPresent(exchange({ operation: auth.operation, status: 401, body: {} }), auth)).toEqual([]);
    expect(sessionHeaderPresent(broken(), auth)).toEqual([]);
  });
  it('fails a 2xx without the header or with an empty one', () => {
    expect(sessionHeaderPresent(exchange({ operation: auth.operation, body: {} }), auth).map((f) => f.requirement)).toEqual(['AUTH-SESSION-HEADER']);
    expect(sessionHeaderPresent(exchange({ operation: auth.operation, headers: { sessionid: ' ' } }), auth)[0]?.message).toMatch(/an empty sessionId header/);
  });
});

describe('noMatchReported (FIND-NOT-FOUND, D8)', () => {
  it('accepts either documented reading and names it', () => {
    const empty = exchange({ operation: find.operation, body: { customerId: '' } });
    const problem = exchange({ operation: find.operation, status: 422, body: notFound });
    expect([noMatchReading(empty as never), noMatchReading(problem as never)]).toEqual(['empty', 'problem']);
    expect([...noMatchReported(empty, find), ...noMatchReported(problem, find)]).toEqual([]);
  });
  it('fails an id for nobody, a 404 and a missing member', () => {
    for (const x of [
      exchange({ operation: find.operation, body: { customerId } }),
      exchange({ operation: find.operation, status: 404, body: notFound }),
      exchange({ operation: find.operation, body: {} }),
    ]) expect(noMatchReported(x, find).map((f) => f.requirement)).toEqual(['FIND-NOT-FOUND']);
  });
});

describe('enrolledCustomerFound (FIND-ENROLLED)', () => {
  it('passes the enrolled id in any letter case', () => {
    expect(enrolledCustomerFound(exchange({ operation: find.operation, body: { customerId: customerId.toUpperCase() } }), { ...find, customerId })).toEqual([]);
  });
  it('fails no match and another id', () => {
    expect(enrolledCustomerFound(exchange({ operation: find.operation, status: 422, body: notFound }), { ...find, customerId })[0]?.title).toBe('Enrolled customer not found');
    expect(enrolledCustomerFound(exchange({ operation: find.operation, body: { customerId: '' } }), { ...find, customerId })).toHaveLength(1);
  });
});

describe('ssoTokenIssued (OBO-LINKED-ACCOUNT, D17)', () => {
  const obo = { operation: 'AuthenticateOBO' };
  it('passes a 2xx with a non-empty ssoToken', () => {
    expect(ssoTokenIssued(exchange({ operation: obo.operation, body: { ssoToken: 't0k3n' } }), obo)).toEqual([]);
  });
  it('fails NO_LINKED_ACCOUNT and an empty token, never printing a token', () => {
    const refused = ssoTokenIssued(exchange({ operation: obo.operation, status: 422, body: { ...notFound, errorCode: 'NO_LINKED_ACCOUNT' } }), obo);
    expect(refused[0]?.message).toMatch(/^Received status 422 with errorCode NO_LINKED_ACCOUNT;/);
    expect(ssoTokenIssued(exchange({ operation: obo.operation, body: { ssoToken: '' } }), obo)[0]?.message).toMatch(/an empty or non-string ssoToken/);
  });
});
