import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { operation, operations } from '../../contract/index.js';
import type { CaseRequest } from '../../client/exchange.js';
import { requestVerdict, type RequestVerdict } from '../../audit/rules/request-verdict.js';
import { fieldViolations, validPayload } from '../../generators/index.js';

/**
 * Issue 23 item 2: a recorded request judged against contract/'s field rules, never more firmly than
 * decisions.md's "harness asserts" column: broken where every reading breaks it, valid where every
 * rule holds, open where the register leaves it open (the audit then asserts no field rule).
 */
function request(op: string, input: { body?: unknown; query?: Record<string, string> }, type = 'application/json'): CaseRequest {
  return {
    operation: op, method: operation(op).method, url: `https://t.example${operation(op).path}`, query: input.query ?? {},
    headers: { 'content-type': type }, ...(input.body === undefined ? {} : { body: input.body }), correlationId: 'c',
  };
}
const verdict = (op: string, input: { body?: unknown; query?: Record<string, string> }, type?: string): RequestVerdict => requestVerdict(operation(op), request(op, input, type));
const brokenOf = (v: RequestVerdict) => (v.kind === 'invalid' ? v.expectation.broken.map((b) => `${b.key} ${b.requirement}`) : v.kind);

const find = { ssn: '123456789', dateOfBirth: '1980-01-02' };
const enroll = {
  emailAddress: 'a@b.example', ssn: '123456789', firstName: 'Ann', lastName: 'Lee', mobileNumber: '5125550100', addressLine1: '1 Main St',
  addressLine2: 'Apt 2', city: 'Austin', state: 'TX', zip: '78704', dateOfBirth: '1980-01-02', allowTexts: true,
};
const card = { customerId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', cardNumber: '4539578763621486', expirationMonthYear: '0829', cardNickname: 'x', addressLine1: 'a', addressLine2: 'b', city: 'c', state: 'TX', zip: '78704' };
const attrs = (...items: Array<[string, string]>) => ({ customerAttributes: items.map(([name, value]) => ({ name, value })) });
const customerId: [string, string] = ['CustomerId', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'];
const ssn: [string, string] = ['SSN', '123456789'];

describe('a recorded request against the field rules', () => {
  it('valid: every rule holds; invalid: the broken field by its D13 key and rule', () => {
    expect(verdict('FindCustomer', { body: find }).kind).toBe('valid');
    expect(verdict('EnrollCustomer', { body: enroll }).kind).toBe('valid');
    expect(verdict('EnrollCustomer', { body: { ...enroll, title: '' } }).kind).toBe('valid'); // minimum 0
    expect(brokenOf(verdict('FindCustomer', { body: { ...find, ssn: '1234567890' } }))).toEqual(['command.Ssn FIND-SSN-LENGTH']);
    expect(brokenOf(verdict('FindCustomer', { body: { ...find, ssn: '12345678a' } }))).toEqual(['command.Ssn FIND-SSN-FORMAT']);
    expect(brokenOf(verdict('FindCustomer', { body: { dateOfBirth: find.dateOfBirth } }))).toEqual(['command.Ssn FIND-SSN-REQUIRED']);
    expect(brokenOf(verdict('FindCustomer', { body: { ...find, ssn: 123456789 } }))).toEqual(['command.Ssn FIND-SSN-TYPE']);
    expect(brokenOf(verdict('EnrollCustomer', { body: { ...enroll, ssn: '12345678', zip: '7870a' } }))).toEqual(['command.Ssn ENROLL-SSN-FORMAT', 'command.Zip ENROLL-ZIP-FORMAT']);
    expect(brokenOf(verdict('DeleteCard', { body: { customerId: card.customerId, cardId: 'nope' } }))).toEqual(['command.cardId DELETE-CARD-ID-LENGTH']);
    expect(brokenOf(verdict('GetTransactionHistory', { query: { customerId: card.customerId, pageSize: '11' } }))).toEqual(['query.pageSize HISTORY-PAGE-SIZE-RANGE']);
    expect(brokenOf(verdict('GetTransactionHistory', { query: { customerId: card.customerId, pageSize: 'ten' } }))).toEqual(['query.pageSize HISTORY-PAGE-SIZE-TYPE']);
    expect(brokenOf(verdict('GetRegisteredCards', { query: {} }))).toEqual(['query.customerId CARDS-CUSTOMER-ID-REQUIRED']);
    // D14: the fields sent valid are the ones no answer may blame.
    const v = verdict('FindCustomer', { body: { ...find, ssn: '1' } });
    expect(v.kind === 'invalid' && v.expectation.validKeys).toEqual(['command.DateOfBirth']);
  });

  it('open where decisions.md asserts nothing: D9, D11, D12, D28, D29, D35, D38, D39, D40, key casing, members the contract does not list', () => {
    const open = (op: string, body: unknown) => verdict(op, { body }).kind;
    expect(open('FindCustomer', { ...find, dateOfBirth: '01/02/80' })).toBe('open'); // D9: month-first, 8 characters
    expect(open('FindCustomer', { ...find, dateOfBirth: '01-02-1980' })).toBe('open'); // D9: month-first, 10 characters
    expect(brokenOf(verdict('FindCustomer', { body: { ...find, dateOfBirth: 'abcdefghij' } }))).toEqual(['command.DateOfBirth FIND-DATE-OF-BIRTH-FORMAT']);
    expect(open('EnrollCustomer', { ...enroll, allowTexts: 'Y' })).toBe('open'); // D11
    expect(open('AddOrUpdateCard', { ...card, addressLine1: 'x'.repeat(60) })).toBe('open'); // D12: between 50 and 100
    expect(brokenOf(verdict('AddOrUpdateCard', { body: { ...card, addressLine1: 'x'.repeat(101) } }))).toEqual(['command.AddressLine1 CARD-ADDRESS-LINE1-LENGTH']);
    expect(open('EnrollCustomer', { ...enroll, middleInitial: '' })).toBe('open'); // D29
    expect(open('AddOrUpdateCard', { ...card, state: 'Z' })).toBe('open'); // D35: lengths only
    expect(open('AddOrUpdateCard', { ...card, zip: 'ABCDE' })).toBe('open'); // D35: characters not asserted
    expect(brokenOf(verdict('AddOrUpdateCard', { body: { ...card, zip: '787041' } }))).toEqual(['command.Zip CARD-ZIP-LENGTH']);
    expect(open('EnrollCustomer', { ...enroll, gender: 'm' })).toBe('open'); // D38: letter case alone
    expect(brokenOf(verdict('EnrollCustomer', { body: { ...enroll, gender: 'X' } }))).toEqual(['command.Gender ENROLL-GENDER-FORMAT']);
    expect(open('EnrollCustomer', { ...enroll, emailAddress: 'a b@c.example' })).toBe('open'); // D39: only the @ is asserted
    expect(brokenOf(verdict('EnrollCustomer', { body: { ...enroll, emailAddress: 'a.b.example' } }))).toEqual(['command.EmailAddress ENROLL-EMAIL-ADDRESS-FORMAT']);
    expect(open('EnrollCustomer', { ...enroll, firstName: 'Zoë' })).toBe('open'); // D40
    expect(open('EnrollCustomer', { ...enroll, title: null })).toBe('open'); // D40: null for an optional field
    expect(brokenOf(verdict('EnrollCustomer', { body: { ...enroll, firstName: null } }))).toEqual(['command.FirstName ENROLL-FIRST-NAME-TYPE']);
    expect(open('FindCustomer', { SSN: find.ssn, dateOfBirth: find.dateOfBirth })).toBe('open'); // the key in another case
    expect(open('FindCustomer', { ...find, channel: 'kiosk' })).toBe('open');
    expect(verdict('FindCustomer', { body: find }, 'text/plain').kind).toBe('open'); // D30
    expect(open('AuthenticatePartner', { deviceId: 'd' })).toBe('open'); // D3
    expect(verdict('GetTransactionHistory', { query: { customerId: card.customerId, pageSize: '0' } }).kind).toBe('open'); // D23
  });

  it('D42: a member name given twice in one object, at any depth, is open: JSON.parse keeps only the last, the target may refuse', () => {
    const sent = (text: string): RequestVerdict => requestVerdict(operation('FindCustomer'), { ...request('FindCustomer', { body: JSON.parse(text) }), rawBody: text });
    expect(sent(`{"ssn":"","ssn":"${find.ssn}","dateOfBirth":"${find.dateOfBirth}"}`)).toMatchObject({ kind: 'open', why: expect.stringMatching(/^D42: .*\(ssn\)/) });
    expect(sent(JSON.stringify(find)).kind).toBe('valid');
    const list = `{"customerAttributes":[{"name":"CustomerId","value":"${customerId[1]}"},{"name":"SSN","name":"SSN","value":"${ssn[1]}"}]}`;
    const nested = requestVerdict(operation('AddCustomerAttributes'), { ...request('AddCustomerAttributes', { body: JSON.parse(list) }), rawBody: list });
    expect(nested).toMatchObject({ kind: 'open', why: expect.stringMatching(/\(name\)/) });
    // A member named alike in two objects is no duplicate.
    const apart = JSON.stringify(attrs(customerId, ssn));
    expect(requestVerdict(operation('AddCustomerAttributes'), { ...request('AddCustomerAttributes', { body: JSON.parse(apart) }), rawBody: apart }).kind).toBe('valid');
  });

  it('D10: the e-mail under its alias is judged under the alias key; valid, it is open (a target may read the table\'s key only)', () => {
    const { emailAddress, ...rest } = enroll;
    expect(verdict('EnrollCustomer', { body: { ...rest, email: emailAddress } }).kind).toBe('open');
    expect(brokenOf(verdict('EnrollCustomer', { body: { ...rest, email: 'nope' } }))).toEqual(['command.Email ENROLL-EMAIL-ADDRESS-FORMAT']);
  });

  it('attribute lists item by item; a list without a required name, or a session attribute not allowed, is refused (D19, D20)', () => {
    expect(verdict('AddCustomerAttributes', { body: attrs(customerId, ssn, ['DirectDeposit', 'True']) }).kind).toBe('valid');
    expect(brokenOf(verdict('AddCustomerAttributes', { body: attrs(customerId, ssn, ['DirectDeposit', 'Yes']) }))).toEqual(['command.CustomerAttributes[2].Value CATTR-CUSTOMER-ATTRIBUTES-FORMAT']);
    expect(brokenOf(verdict('AddCustomerAttributes', { body: attrs(customerId, ssn, ['', '1']) }))).toEqual(['command.CustomerAttributes[2].Name CATTR-CUSTOMER-ATTRIBUTES-LENGTH']);
    expect(verdict('AddCustomerAttributes', { body: attrs(customerId, ssn, ['DirectDeposit', 'true']) }).kind).toBe('open'); // D38
    expect(verdict('AddCustomerAttributes', { body: attrs(customerId, ssn, ['Loyalty', 'Gold']) }).kind).toBe('open'); // D20: unknown names
    expect(verdict('AddCustomerAttributes', { body: attrs(customerId) })).toEqual({ kind: 'refused', requirement: 'CATTR-REQUIRED-ATTRIBUTES' });
    const session = (...items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
    expect(verdict('AddSessionAttributes', { body: session(['PreferredEmail', 'a@b.example']) })).toEqual({ kind: 'refused', requirement: 'SATTR-REQUIRED-ATTRIBUTES' });
    expect(verdict('AddSessionAttributes', { body: session(['SsoToken', 't'], ['Colour', 'blue']) })).toEqual({ kind: 'refused', requirement: 'SATTR-SESSION-ATTRIBUTES-FORMAT' });
    const filter = verdict('AddSessionAttributes', { body: session(['SsoToken', 't'], ['AccountIdFilter', 'x,']) });
    expect(filter.kind === 'invalid' && filter.expectation).toMatchObject({ broken: [{ key: 'command.SessionAttributes[1].Value' }], alternatives: ['INVALID_INFORMATION'] });
  });

  // Blind batch 16: an item's member of another JSON type breaks the list's TYPE row, as the run's item-type breakages assert.
  it('an item member of another JSON type: broken on the TYPE row; a session name refused (D19), an SsoToken left open', () => {
    const items = (list: string, ...its: Array<{ name: unknown; value: unknown }>) => ({ [list]: its });
    const cattr = verdict('AddCustomerAttributes', { body: items('customerAttributes', { name: 'CustomerId', value: customerId[1] }, { name: 'SSN', value: ssn[1] }, { name: 'NumberOfCards', value: 3 }, { name: ['Tenure'], value: '4' }) });
    expect(brokenOf(cattr)).toEqual(['command.CustomerAttributes[2].Value CATTR-CUSTOMER-ATTRIBUTES-TYPE', 'command.CustomerAttributes[3].Name CATTR-CUSTOMER-ATTRIBUTES-TYPE']);
    expect(verdict('AddSessionAttributes', { body: items('sessionAttributes', { name: 'SsoToken', value: 't' }, { name: 42, value: 'x' }) })).toEqual({ kind: 'refused', requirement: 'SATTR-SESSION-ATTRIBUTES-TYPE' });
    expect(brokenOf(verdict('AddSessionAttributes', { body: items('sessionAttributes', { name: 'SsoToken', value: 't' }, { name: 'PreferredEmail', value: null }) }))).toEqual(['command.SessionAttributes[1].Value SATTR-SESSION-ATTRIBUTES-TYPE']);
    expect(verdict('AddSessionAttributes', { body: items('sessionAttributes', { name: 'SsoToken', value: 7 }) }).kind).toBe('open');
  });

  it('agrees with the generators: every valid payload is valid or open, every single-field violation is invalid or open, never the other way', () => {
    const recorded = (op: string, p: { body?: unknown; query?: Record<string, unknown> }) =>
      verdict(op, { ...(p.body ? { body: p.body } : {}), ...(p.query ? { query: p.query as Record<string, string> } : {}) });
    for (const op of operations.filter((o) => o.fields.length > 0)) {
      fc.assert(fc.property(validPayload(op), (p) => { expect(['valid', 'open']).toContain(recorded(op.id, p).kind); }), { seed: 23, numRuns: 40 });
      for (const field of op.fields)
        fc.assert(fc.property(fieldViolations(op, field), (c) => {
          const v = recorded(op.id, c.input);
          expect(v.kind, `${op.id} ${c.description}`).not.toBe('valid');
          if (c.expectation.kind === 'validation' && v.kind === 'invalid') expect(v.expectation.broken.map((b) => b.key).sort()).toEqual(c.expectation.broken.map((b) => b.key).sort());
        }), { seed: 23, numRuns: 25 });
    }
  });
});
