import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations, operation, type Operation } from '../../contract/index.js';
import { multiViolations, violationCases, type GeneratedCase, type PayloadOptions } from '../../generators/index.js';
import { invalidKeys } from './judge.js';

const withFields = operations.filter((o) => o.fields.length > 0);
const runs = { seed: 424242, numRuns: 150 };
const memo = new Map<string, GeneratedCase[]>();
const fixedGuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** Single and multi-field cases of `op`, sampled once per options. */
function all(op: Operation, options: PayloadOptions = {}): GeneratedCase[] {
  const id = `${op.id}${JSON.stringify(options)}`;
  if (!memo.has(id))
    memo.set(id, [
      ...fc.sample(violationCases(op, options), runs),
      ...(multiViolations(op, options) ? fc.sample(multiViolations(op, options)!, runs) : []),
    ]);
  return memo.get(id)!;
}

/** Every value a case sends for `name` (top level). */
const sent = (c: GeneratedCase, name: string): unknown => c.input.body?.[name] ?? c.input.query?.[name];

describe('violations', () => {
  it.each(withFields.map((o) => [o.id, o] as const))('%s: the same seed gives the same cases', (_id, op) => {
    expect(fc.sample(violationCases(op), { seed: 9, numRuns: 25 })).toEqual(fc.sample(violationCases(op), { seed: 9, numRuns: 25 }));
  });

  it.each(withFields.map((o) => [o.id, o] as const))('%s: the contract finds exactly the broken keys invalid, every other field valid', (_id, op) => {
    for (const options of [{}, { emailKey: 'email' as const, fixed: { customerId: fixedGuid } }])
      for (const c of all(op, options)) {
        if (c.expectation.kind === 'refused') continue;
        expect(c.expectation.kind, c.description).toBe('validation');
        if (c.expectation.kind !== 'validation') continue;
        const keys = c.expectation.broken.map((b) => b.key);
        expect(new Set(invalidKeys(op, c.input, options)), c.description).toEqual(new Set(keys));
        for (const k of c.expectation.validKeys) expect(keys, c.description).not.toContain(k);
        for (const b of c.expectation.broken) expect(b.requirement.startsWith(`${op.code}-`)).toBe(true);
      }
  });

  // D30, D45: a cardId or paging reference names something of the customer or card it is sent with.
  it('a broken customerId or accountId leaves the cardId and paging reference beside it unvouched, the customer vouched', () => {
    const dependent = ['command.cardId', 'pagingTransactionReferenceNumber'];
    let seen = 0;
    for (const op of [operation('DeleteCard'), operation('GetTransactionHistory')])
      for (const c of all(op)) {
        if (c.expectation.kind !== 'validation') continue;
        const brokenNames = c.expectation.broken.map((b) => b.key);
        if (!brokenNames.some((k) => /customerId|accountId/.test(k))) continue;
        seen += 1;
        for (const k of c.expectation.validKeys) expect(dependent.some((d) => k.endsWith(d.split('.').at(-1)!)) && !/customerId/.test(k), `${c.description}: ${k}`).toBe(false);
      }
    expect(seen).toBeGreaterThan(10);
    const cardOnly = all(operation('DeleteCard')).find((c) => c.expectation.kind === 'validation' && c.expectation.broken.every((b) => /cardId/.test(b.key)));
    expect(cardOnly && cardOnly.expectation.kind === 'validation' ? cardOnly.expectation.validKeys.some((k) => /customerId/.test(k)) : undefined).toBe(true);
  });

  it('multiViolations break 2 to 4 different fields', () => {
    for (const op of withFields.filter((o) => o.fields.length >= 2))
      for (const c of fc.sample(multiViolations(op)!, { seed: 5, numRuns: 100 })) {
        if (c.expectation.kind !== 'validation') throw new Error('expected a validation case');
        expect(c.expectation.broken.length).toBeGreaterThanOrEqual(2);
        expect(c.expectation.broken.length).toBeLessThanOrEqual(4);
        expect(new Set(c.expectation.broken.map((b) => b.key)).size).toBe(c.expectation.broken.length);
      }
    expect(multiViolations(operation('AuthenticateOBO'))).toBeUndefined();
  });

  it('never touches an ambiguous point (D9, D11, D12, D23, D28, D29)', () => {
    const monthFirst = /^[0-9]{2}[-/][0-9]{2}[-/][0-9]{2}([0-9]{2})?$/;
    for (const op of withFields)
      for (const c of all(op)) {
        const dob = sent(c, 'dateOfBirth');
        if (typeof dob === 'string') {
          expect(dob.length, c.description).not.toBe(8); // D9
          expect(dob, c.description).not.toMatch(monthFirst);
        }
        expect(typeof sent(c, 'allowTexts'), c.description).not.toBe('string'); // D11
        if (op.id === 'AddOrUpdateCard')
          for (const name of ['addressLine1', 'addressLine2']) {
            const v = sent(c, name);
            if (typeof v === 'string') expect(v.length > 50 && v.length <= 100, c.description).toBe(false); // D12
          }
        const token = sent(c, 'cardToken');
        if (typeof token === 'string') expect([0, 256], c.description).not.toContain(token.length); // D12, D28
        expect(sent(c, 'pageSize'), c.description).not.toBe('0'); // D23
        for (const name of ['middleInitial', 'homeNumber', 'gender', 'title', 'suffix', 'nameOnCard', 'lastFourOfCard'])
          expect(sent(c, name), c.description).not.toBe(''); // D29
      }
  });

  it('asserts D12 and D23 at the larger bound: addressLine1 101, cardToken 257, pageSize 11 and -1', () => {
    const seen = (op: Operation, name: string) => all(op).map((c) => sent(c, name));
    const lengths = (vs: unknown[]) => new Set(vs.filter((v): v is string => typeof v === 'string').map((v) => v.length));
    expect(lengths(seen(operation('AddOrUpdateCard'), 'addressLine1'))).toContain(101);
    expect(lengths(seen(operation('AddOrUpdateTokenizedCard'), 'cardToken'))).toContain(257);
    const pageSizes = new Set(seen(operation('GetTransactionHistory'), 'pageSize'));
    expect(pageSizes).toContain('11');
    expect(pageSizes).toContain('-1');
  });

  it('session attribute breaks accept a 422 INVALID_INFORMATION; a missing CustomerId or SSN attribute is only refused (D19, D20)', () => {
    for (const c of all(operation('AddSessionAttributes'), { fixed: { ssoToken: 'tok' } }))
      if (c.expectation.kind === 'validation') expect(c.expectation.alternatives).toEqual(['INVALID_INFORMATION']);
    const refused = all(operation('AddCustomerAttributes')).filter((c) => c.expectation.kind === 'refused');
    expect(refused.length).toBeGreaterThan(0);
    for (const c of refused) {
      expect(c.expectation).toEqual({ kind: 'refused', operation: 'AddCustomerAttributes', requirement: 'CATTR-REQUIRED-ATTRIBUTES' });
      const names = (c.input.body!.customerAttributes as { name: string }[]).map((i) => i.name);
      expect(names.includes('CustomerId') && names.includes('SSN')).toBe(false);
    }
  });

  it('keys follow D13: command.Pascal for body, camel at DeleteCard, query. for query, [i].Value for items', () => {
    const keys = (op: Operation) => new Set(all(op).flatMap((c) => (c.expectation.kind === 'validation' ? c.expectation.broken.map((b) => b.key) : [])));
    expect(keys(operation('FindCustomer'))).toEqual(new Set(['command.Ssn', 'command.DateOfBirth']));
    expect(keys(operation('DeleteCard'))).toEqual(new Set(['command.customerId', 'command.cardId']));
    expect(keys(operation('GetRegisteredCards'))).toEqual(new Set(['query.customerId']));
    for (const k of keys(operation('AddCustomerAttributes'))) expect(k).toMatch(/^command\.CustomerAttributes(\[[0-9]+\]\.(Name|Value))?$/);
  });
});
