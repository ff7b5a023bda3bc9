import { describe, expect, it } from 'vitest';
import { successBodyShape } from '../../checks/success-body.js';
import { fieldRuleChecks } from '../../checks/index.js';
import { broken, exchange } from './fixtures.js';

const customerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const enroll = { operation: 'EnrollCustomer' };
const find = { operation: 'FindCustomer' };
const obo = { operation: 'AuthenticateOBO' };
const requirements = (fs: ReturnType<typeof successBodyShape>) => fs.map((f) => f.requirement);

describe('successBodyShape (ENROLL-SUCCESS, FIND-SUCCESS, OBO-SUCCESS)', () => {
  it('passes the documented members, GUIDs in any letter case, extra members and a 201', () => {
    expect(successBodyShape(exchange({ body: { CustomerId: customerId } }), enroll)).toEqual([]);
    expect(successBodyShape(exchange({ status: 201, body: { CustomerId: customerId.toUpperCase(), traceId: 'x' } }), enroll)).toEqual([]);
    expect(successBodyShape(exchange({ operation: find.operation, body: { customerId } }), find)).toEqual([]);
    expect(successBodyShape(exchange({ operation: obo.operation, body: { ssoToken: 't' } }), obo)).toEqual([]);
  });

  it('accepts the empty customerId of FindCustomer with no match (D8), and only there', () => {
    expect(successBodyShape(exchange({ operation: find.operation, body: { customerId: '' } }), find)).toEqual([]);
    expect(requirements(successBodyShape(exchange({ body: { CustomerId: '' } }), enroll))).toEqual(['ENROLL-SUCCESS']);
  });

  it('fails an id that is not a GUID, a wrong type, a missing member and an empty token', () => {
    const notGuid = successBodyShape(exchange({ body: { CustomerId: '12345' } }), enroll);
    expect(requirements(notGuid)).toEqual(['ENROLL-SUCCESS']);
    expect(notGuid[0]!.message).toBe('Received CustomerId "12345"; documented {CustomerId: <guid>}: CustomerId is a GUID (36 characters)');
    expect(requirements(successBodyShape(exchange({ body: { CustomerId: `${customerId}x` } }), enroll))).toEqual(['ENROLL-SUCCESS']);
    expect(successBodyShape(exchange({ body: { customerId } }), enroll)[0]!.message).toMatch(/^Received status 200 without CustomerId \(members: customerId\)/);
    expect(requirements(successBodyShape(exchange({ operation: find.operation, body: { customerId: 42 } }), find))).toEqual(['FIND-SUCCESS']);
    expect(requirements(successBodyShape(exchange({ operation: obo.operation, body: { ssoToken: '' } }), obo))).toEqual(['OBO-SUCCESS']);
    expect(successBodyShape(exchange({ operation: obo.operation, status: 204 }), obo)[0]!.message).toMatch(/^Received status 204 with no body/);
  });

  it('does not apply to refusals, to broken exchanges, to invalid cases or to operations with no documented member', () => {
    expect(successBodyShape(exchange({ status: 422, body: { ErrorCode: 'DUPLICATE_SSN' } }), enroll)).toEqual([]);
    expect(successBodyShape(broken(), enroll)).toEqual([]);
    expect(successBodyShape(exchange({ body: {} }), { ...enroll, kind: 'validation' })).toEqual([]);
    expect(successBodyShape(exchange({ operation: 'DeleteCard', body: {} }), { operation: 'DeleteCard' })).toEqual([]);
  });

  it('runs with the field-rule checks on every valid case', () => {
    expect(fieldRuleChecks).toContain(successBodyShape);
  });
});
