import { describe, expect, it } from 'vitest';
import { everyInvalidFieldNamed, noValidFieldBlamed, validationKeyPrefix, type KeyExpectation } from '../../checks/index.js';
import { exchange, validationBody } from './fixtures.js';

const e: KeyExpectation = {
  kind: 'validation', operation: 'AddCustomerAttributes',
  broken: [
    { key: 'command.CustomerAttributes[2].Value', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', violation: 'format-amount' },
    { key: 'command.Gender', requirement: 'ENROLL-GENDER-LENGTH', violation: 'length-max+1' },
  ],
  validKeys: ['command.Ssn', 'command.CustomerAttributes[0].Value'],
};
const strict: KeyExpectation = { ...e, strictKeyCase: true };
const answer = (...keys: string[]) => exchange({ status: 400, body: validationBody(keys) });

describe('validationKeyPrefix (D13)', () => {
  it('accepts the exact prefix and index form, field part in any case', () => {
    expect(validationKeyPrefix(answer('command.customerAttributes[2].value', 'command.GENDER'), e)).toEqual([]);
  });
  it('fails a wrong prefix and a dotted index', () => {
    const found = validationKeyPrefix(answer('CustomerAttributes.2.Value', 'body.Gender'), e);
    expect(found).toHaveLength(2);
    expect(found[0]?.message).toMatchInlineSnapshot(`"Received key "CustomerAttributes.2.Value"; documented key "command.CustomerAttributes[2].Value" (prefix and [index] form exactly)"`);
  });
  it('leaves an unnamed field to everyInvalidFieldNamed', () => {
    expect(validationKeyPrefix(answer('command.Other'), e)).toEqual([]);
  });
  it('compares the prefix exactly even when the field part is case-insensitive', () => {
    expect(validationKeyPrefix(answer('Command.Gender', 'command.CustomerAttributes[2].Value'), e)).toHaveLength(1);
  });
});

describe('everyInvalidFieldNamed (D14)', () => {
  it('passes when every broken key is named, case-insensitively by default', () => {
    expect(everyInvalidFieldNamed(answer('command.customerattributes[2].value', 'command.gender'), e)).toEqual([]);
  });
  it('with strict casing, a differently cased key does not name the field', () => {
    expect(everyInvalidFieldNamed(answer('command.CustomerAttributes[2].Value', 'command.gender'), strict)).toHaveLength(1);
  });
  it('the parent key alone does not name an element member', () => {
    const found = everyInvalidFieldNamed(answer('command.CustomerAttributes', 'command.Gender'), e);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatchInlineSnapshot(`"Received keys "command.CustomerAttributes", "command.Gender"; documented a validation error with key "command.CustomerAttributes[2].Value" (format-amount, CATTR-CUSTOMER-ATTRIBUTES-FORMAT)"`);
  });
  it('does not apply where the 422 alternative was chosen (D19)', () => {
    const alt: KeyExpectation = { ...e, alternatives: ['INVALID_INFORMATION'] };
    expect(everyInvalidFieldNamed.applies(exchange({ status: 422, body: { errorCode: 'INVALID_INFORMATION' } }), alt)).toBe(false);
    expect(everyInvalidFieldNamed.applies(answer('command.Gender'), alt)).toBe(true);
  });
});

describe('noValidFieldBlamed (D14)', () => {
  it('ignores unknown keys and the broken ones', () => {
    expect(noValidFieldBlamed(answer('command.Gender', 'command.CustomerAttributes[2].Value', 'command.Unknown', 'command.CustomerAttributes'), e)).toEqual([]);
  });
  it('fails a valid field named in any case', () => {
    const found = noValidFieldBlamed(answer('command.Gender', 'command.SSN', 'command.CustomerAttributes[0].Value'), e);
    expect(found.map((f) => f.evidence?.validKey)).toEqual(['command.Ssn', 'command.CustomerAttributes[0].Value']);
    expect(found[0]?.message).toMatchInlineSnapshot(`"Received key "command.SSN"; documented only the invalid command.CustomerAttributes[2].Value, command.Gender named; "command.Ssn" was sent valid"`);
  });
});
