import { describe, expect, it } from 'vitest';
import { customerAttributes, fieldKey, itemKey, operation } from '../../contract/index.js';
import { validateInput } from '../../reference/validate/index.js';
import { cardPayload, enrollPayload } from './harness.js';

const keysOf = (opId: string, input: unknown) => validateInput(operation(opId), input).errors.map((e) => e.key);
const key = (opId: string, field: string) => {
  const op = operation(opId);
  return fieldKey(op, op.fields.find((f) => f.name === field)!);
};
const guid = '0b7c3c2e-6f3a-4d5e-9a1b-2c3d4e5f6a7b';

describe('reference validation (derived from contract/)', () => {
  it('accepts a valid EnrollCustomer payload and ignores unknown members', () => {
    expect(keysOf('EnrollCustomer', { ...enrollPayload(), somethingElse: 1 })).toEqual([]);
  });

  it('names every invalid field once, PascalCase body keys (D13, D14)', () => {
    const bad = enrollPayload({ gender: 'MF', zip: '1234', ssn: null, firstName: 7 });
    expect(keysOf('EnrollCustomer', bad).sort()).toEqual(['command.FirstName', 'command.Gender', 'command.Ssn', 'command.Zip']);
  });

  it('D28: the format wins over the looser length column', () => {
    expect(keysOf('EnrollCustomer', enrollPayload({ ssn: '1' }))).toEqual(['command.Ssn']);
    expect(keysOf('EnrollCustomer', enrollPayload({ state: 'I' }))).toEqual(['command.State']);
    const op = 'AddOrUpdateTokenizedCard';
    const tok = { customerId: guid, cardToken: 't', cardBin: '12345', expirationMonthYear: '0427', cardNickname: 'n', addressLine1: 'a', addressLine2: 'b', city: 'c', state: 'IL', zip: '12345' };
    expect(keysOf(op, tok)).toEqual([key(op, 'cardBin')]);
    expect(keysOf(op, { ...tok, cardBin: '123456', cardToken: '' })).toEqual([key(op, 'cardToken')]);
  });

  it('D29: an empty optional field is not sent; D10 email alias; D11 Y/N', () => {
    const { emailAddress, ...rest } = enrollPayload({ middleInitial: '', homeNumber: '', allowTexts: 'N' });
    expect(keysOf('EnrollCustomer', { ...rest, email: emailAddress })).toEqual([]);
    expect(keysOf('EnrollCustomer', enrollPayload({ allowTexts: 'Yes' }))).toEqual(['command.AllowTexts']);
  });

  it('D9: four 10-character date forms; other lengths rejected', () => {
    for (const d of ['1990-04-01', '1990/04/01', '04-01-1990', '04/01/1990'])
      expect(keysOf('FindCustomer', { ssn: '123456789', dateOfBirth: d })).toEqual([]);
    expect(keysOf('FindCustomer', { ssn: '123456789', dateOfBirth: '04/01/90' })).toEqual(['command.DateOfBirth']);
  });

  it('D12: the column (50) is enforced for AddOrUpdateCard addressLine1', () => {
    expect(keysOf('AddOrUpdateCard', cardPayload(guid, { addressLine1: 'x'.repeat(51) }))).toEqual(['command.AddressLine1']);
    expect(keysOf('AddOrUpdateCard', cardPayload(guid, { cardNumber: '1'.repeat(20) }))).toEqual(['command.CardNumber']);
  });

  it('query fields: camelCase keys, pageSize digits only, 0 allowed, range 1..10 (D23)', () => {
    expect(keysOf('GetRegisteredCards', { customerId: 'nope' })).toEqual(['query.customerId']);
    expect(keysOf('GetTransactionHistory', { customerId: guid, pageSize: '0' })).toEqual([]);
    expect(keysOf('GetTransactionHistory', { customerId: guid, pageSize: '10' })).toEqual([]);
    for (const p of ['11', '-1', '2.5', 'x'])
      expect(keysOf('GetTransactionHistory', { customerId: guid, pageSize: p })).toEqual(['query.pageSize']);
  });

  it('DeleteCard keys are camelCase (D13)', () => {
    expect(keysOf('DeleteCard', { customerId: guid })).toEqual(['command.cardId']);
  });

  it('D20: attribute names, values, required names', () => {
    const op = operation('AddCustomerAttributes');
    const item = (i: number, m: 'name' | 'value') => itemKey(op, customerAttributes, i, m);
    const base = [{ name: 'CustomerId', value: guid }, { name: 'SSN', value: '123456789' }];
    expect(keysOf(op.id, { customerAttributes: base })).toEqual([]);
    expect(keysOf(op.id, { customerAttributes: [...base, { name: 'Bogus', value: '1' }] })).toEqual([item(2, 'name')]);
    expect(keysOf(op.id, { customerAttributes: [...base, { name: 'DirectDeposit', value: 'Yes' }] })).toEqual([item(2, 'value')]);
    expect(keysOf(op.id, { customerAttributes: [...base, { name: 'Tenure', value: '' }] })).toEqual([item(2, 'value')]);
    expect(keysOf(op.id, { customerAttributes: [...base, { name: 'Tenure', value: '1'.repeat(201) }] })).toEqual([item(2, 'value')]);
    expect(keysOf(op.id, { customerAttributes: [base[0]] })).toEqual([fieldKey(op, customerAttributes)]);
    expect(keysOf(op.id, {})).toEqual([fieldKey(op, customerAttributes)]);
  });
});
