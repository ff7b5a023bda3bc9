import type { Field } from './types.js';

/** Field blocks that several operations share; each length is typed here once. */

export const guidLength = 36;

interface GuidOptions { readonly required?: boolean; readonly in?: Field['in']; readonly note?: string }

/** A GUID field's type keeps its name, location and requiredness: requirement ids are derived from them. */
export interface GuidField<N extends string, O extends GuidOptions> extends Field {
  readonly name: N;
  readonly in: O extends { readonly in: infer L extends Field['in'] } ? L : 'body';
  readonly type: 'guid';
  readonly required: O extends { readonly required: infer R extends boolean } ? R : true;
  readonly minLength: typeof guidLength;
  readonly maxLength: typeof guidLength;
  readonly format: 'guid';
}

export function guidField<const N extends string, const O extends GuidOptions = {}>(name: N, options?: O): GuidField<N, O> {
  return {
    name,
    in: options?.in ?? 'body',
    type: 'guid',
    required: options?.required ?? true,
    minLength: guidLength,
    maxLength: guidLength,
    format: 'guid',
    ...(options?.note ? { note: options.note } : {}),
  } as GuidField<N, O>;
}

export const customerIdBody = guidField('customerId');
export const customerIdQuery = guidField('customerId', { in: 'query' });

export const dateOfBirth = {
  name: 'dateOfBirth', in: 'body', type: 'string', required: true, minLength: 10, maxLength: 10, format: 'dateOfBirth',
  decisions: ['D9'],
  note: 'D9: 8- and 10-character month-first forms are not asserted; lengths other than 8 and 10 must be rejected',
} as const satisfies Field;

export const expirationMonthYear = {
  name: 'expirationMonthYear', in: 'body', type: 'string', required: true, minLength: 4, maxLength: 4, format: 'mmyy',
} as const satisfies Field;

export const cardNickname = { name: 'cardNickname', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 20 } as const satisfies Field;
export const nameOnCard = { name: 'nameOnCard', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 100 } as const satisfies Field;

const stateField = {
  name: 'state', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 2, format: 'stateCode',
  assertedMinLength: 2, decisions: ['D28'],
} as const satisfies Field;
const zipField = { name: 'zip', in: 'body', type: 'string', required: true, minLength: 5, maxLength: 5, format: 'zip5' } as const satisfies Field;
const cityField = { name: 'city', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50 } as const satisfies Field;

interface AddressLine<N extends string> extends Field {
  readonly name: N; readonly in: 'body'; readonly type: 'string'; readonly required: true; readonly minLength: 1; readonly maxLength: 50;
}

/** addressLine1/2 as EnrollCustomer and AddOrUpdateTokenizedCard list them. */
export function addressBlock(options: { lineDescriptionMax?: number } = {}) {
  const line = <const N extends string>(name: N): AddressLine<N> => ({
    name, in: 'body', type: 'string', required: true, minLength: 1, maxLength: 50,
    ...(options.lineDescriptionMax
      ? { assertedMaxLength: options.lineDescriptionMax, decisions: ['D12'], note: `D12: description text says ${options.lineDescriptionMax}` }
      : {}),
  });
  return [line('addressLine1'), line('addressLine2'), cityField, stateField, zipField] as const;
}

/**
 * An empty string is a valid value of an optional field whose minimum length is 0 (title,
 * nameOnCard...). D29 leaves "" open only where the minimum is 1 or not given, and where the
 * field is marked emptyNotAsserted (gender: 0..1 but "M or F").
 */
export function emptyIsValid(field: Field): boolean {
  return !field.required && field.minLength === 0 && !field.emptyNotAsserted && field.type === 'string';
}
