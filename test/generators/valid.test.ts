import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertedValidRegExp, defaults, exclusiveSessionFilters, operations, operation } from '../../contract/index.js';
import { boundaryValidCases, isLuhnValid, validPayload, type Payload } from '../../generators/index.js';
import { invalidKeys } from './judge.js';

const withFields = operations.filter((o) => o.fields.length > 0);
const fixedGuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const runs = { seed: 20240501, numRuns: 150 };

describe('validPayload', () => {
  it.each(withFields.map((o) => [o.id, o] as const))('%s: the same seed gives the same payloads', (_id, op) => {
    const a = fc.sample(validPayload(op), { seed: 7, numRuns: 20 });
    const b = fc.sample(validPayload(op), { seed: 7, numRuns: 20 });
    expect(a).toEqual(b);
  });

  for (const includeOptional of [true, false, 'random'] as const)
    it.each(withFields.map((o) => [o.id, o] as const))(`%s: every payload passes the contract schema and asserted patterns (includeOptional ${includeOptional})`, (_id, op) => {
      for (const p of fc.sample(validPayload(op, { includeOptional }), runs)) expect(invalidKeys(op, p, {}, true)).toEqual([]);
    });

  it('places query values as strings and keeps pageSize in 1..10, never 0 (D23)', () => {
    const op = operation('GetTransactionHistory');
    for (const p of fc.sample(validPayload(op, { includeOptional: true }), runs)) {
      expect(p.body).toBeUndefined();
      for (const v of Object.values(p.query!)) expect(typeof v).toBe('string');
      expect(p.query!.pageSize).toMatch(/^([1-9]|10)$/);
    }
  });

  it('uses fixed values verbatim and sends the e-mail under the profile key (D10)', () => {
    const enroll = operation('EnrollCustomer');
    for (const p of fc.sample(validPayload(enroll, { emailKey: 'email' }), { seed: 3, numRuns: 30 })) {
      expect(p.body).toHaveProperty('email');
      expect(p.body).not.toHaveProperty('emailAddress');
      expect(invalidKeys(enroll, p, { emailKey: 'email' }, true)).toEqual([]);
    }
    const del = operation('DeleteCard');
    const [p] = fc.sample(validPayload(del, { fixed: { customerId: fixedGuid, cardId: 'card-1' } }), { seed: 1, numRuns: 1 });
    expect(p?.body).toEqual({ customerId: fixedGuid, cardId: 'card-1' });
  });

  it('sends allowTexts as a boolean (D11) and dateOfBirth only year-first, real dates, 1930-2005 (D9)', () => {
    const op = operation('EnrollCustomer');
    for (const p of fc.sample(validPayload(op), runs)) {
      expect(typeof p.body!.allowTexts).toBe('boolean');
      const dob = String(p.body!.dateOfBirth);
      expect(dob).toMatch(assertedValidRegExp('dateOfBirth'));
      const [y, m, d] = dob.split(/[-/]/).map(Number) as [number, number, number];
      expect(y).toBeGreaterThanOrEqual(1930);
      expect(y).toBeLessThanOrEqual(2005);
      expect(new Date(Date.UTC(y, m - 1, d)).getUTCDate()).toBe(d);
      if (p.body!.middleInitial !== undefined) expect(p.body!.middleInitial).not.toBe('');
    }
  });

  it('sends card numbers that are Luhn-valid, not the declined one, not under the denied BIN', () => {
    for (const p of fc.sample(validPayload(operation('AddOrUpdateCard')), runs)) {
      const n = String(p.body!.cardNumber);
      expect(isLuhnValid(n)).toBe(true);
      expect(n).not.toBe(defaults.declinedCardNumber);
      expect(n.startsWith(defaults.deniedCardBin)).toBe(false);
    }
    for (const p of fc.sample(validPayload(operation('AddOrUpdateTokenizedCard')), runs)) {
      expect(String(p.body!.cardBin).startsWith(defaults.deniedCardBin)).toBe(false);
      expect(String(p.body!.cardToken)).toMatch(/^[!-~]{16,255}$/);
    }
  });

  it('customer attributes carry CustomerId and SSN (fixed when given); session attributes SsoToken and never both filters', () => {
    const cattr = operation('AddCustomerAttributes');
    const items = (p: Payload, key: string) => p.body![key] as { name: string; value: string }[];
    for (const p of fc.sample(validPayload(cattr, { fixed: { customerId: fixedGuid, SSN: '123456789' } }), runs)) {
      const list = items(p, 'customerAttributes');
      expect(list.find((i) => i.name === 'CustomerId')?.value).toBe(fixedGuid);
      expect(list.find((i) => i.name === 'SSN')?.value).toBe('123456789');
      expect(new Set(list.map((i) => i.name)).size).toBe(list.length);
    }
    const sattr = operation('AddSessionAttributes');
    for (const p of fc.sample(validPayload(sattr, { fixed: { ssoToken: 'tok-1', AccountIdFilter: fixedGuid } }), runs)) {
      const names = items(p, 'sessionAttributes').map((i) => i.name);
      expect(names).toContain('SsoToken');
      expect(exclusiveSessionFilters.filter((f) => names.includes(f)).length).toBeLessThanOrEqual(1);
    }
    for (const p of fc.sample(validPayload(sattr, { fixed: { ssoToken: 'tok-1' } }), runs))
      for (const f of exclusiveSessionFilters) expect(items(p, 'sessionAttributes').map((i) => i.name)).not.toContain(f);
    expect(() => fc.sample(validPayload(sattr, { fixed: { AccountIdFilter: 'a', AccountNumberFilter: 'b' } }), 1)).toThrow(/exclusive/);
  });
});

describe('boundaryValidCases', () => {
  it.each(withFields.map((o) => [o.id, o] as const))('%s: exact bounds are valid, accepted, and never a D12 in-between length', (_id, op) => {
    const arb = boundaryValidCases(op);
    if (!arb) return;
    for (const c of fc.sample(arb, runs)) {
      expect(c.expectation.kind).toBe('accepted');
      expect(invalidKeys(op, c.input, {}, true)).toEqual([]);
      for (const f of op.fields.filter((x) => x.assertedMaxLength !== undefined)) {
        const v = c.input.body?.[f.name];
        if (typeof v === 'string') expect(v.length).toBeLessThanOrEqual(f.maxLength!);
      }
    }
  });
});
