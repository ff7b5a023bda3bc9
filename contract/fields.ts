import type { Field } from './types.js';

/** Field blocks that several operations share; each length is typed here once. */

export const guidLength = 36;

export function guidField(name: string, options: { required?: boolean; in?: Field['in']; note?: string } = {}): Field {
  return {
    name,
    in: options.in ?? 'body',
    type: 'guid',
    required: options.required ?? true,
    minLength: guidLength,
    maxLength: guidLength,
    format: 'guid',
    ...(options.note ? { note: options.note } : {}),
  };
}

export const customerIdBody = guidField('customerId');
export const customerIdQuery = guidField('customerId', { in: 'query' });

export const dateOfBirth: Field = {
  name: 'dateOfBirth', in: 'body', type: 'string', required: true, minLength: 10, maxLength: 10, format: 'dateOfBirth',
  decisions: ['D9'],
  note: 'D9: 8- and 10-character month-first forms are not asserted; lengths other than 8 and 10 must be rejected',
};

export const expirationMonthYear: Field = {
  name: 'expirationMonthYear', in: 'body', type: 'string', required: true, minLength: 4, maxLength: 4, format: 'mmyy',
};

export const cardNickname: Field = { name: 'cardNickname', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 20 };
export const nameOnCard: Field = { name: 'nameOnCard', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 100 };

const stateField: Field = {
  name: 'state', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 2, format: 'stateCode',
  assertedMinLength: 2, decisions: ['D28'],
};
const zipField: Field = { name: 'zip', in: 'body', type: 'string', required: true, minLength: 5, maxLength: 5, format: 'zip5' };
const cityField: Field = { name: 'city', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50 };

/** addressLine1/2 as EnrollCustomer and AddOrUpdateTokenizedCard list them. */
export function addressBlock(options: { lineDescriptionMax?: number } = {}): Field[] {
  const line = (name: string): Field => ({
    name, in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50,
    ...(options.lineDescriptionMax
      ? { assertedMaxLength: options.lineDescriptionMax, decisions: ['D12'], note: `D12: description text says ${options.lineDescriptionMax}` }
      : {}),
  });
  return [line('addressLine1'), line('addressLine2'), cityField, stateField, zipField];
}

/**
 * An empty string is a valid value of an optional field whose minimum length is 0 (title,
 * nameOnCard...). D29 leaves "" open only where the minimum is 1 or not given, and where the
 * field is marked emptyNotAsserted (gender: 0..1 but "M or F").
 */
export function emptyIsValid(field: Field): boolean {
  return !field.required && field.minLength === 0 && !field.emptyNotAsserted && field.type === 'string';
}
