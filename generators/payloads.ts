import fc from 'fast-check';
import type { Field, Operation } from '../contract/index.js';
import { fieldKey } from '../contract/index.js';
import { validValue, type ValueOptions } from './values.js';

/** Request inputs of one call: JSON body members and query-string values. */
export interface Payload {
  readonly body?: Record<string, unknown>;
  readonly query?: Record<string, string>;
}

export interface PayloadOptions extends ValueOptions {
  /** Values sent verbatim (target state: customerId, cardId, accountId, SsoToken...), by field name. */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** D10: the key EnrollCustomer's e-mail travels under (profile TARGET_EMAIL_KEY). */
  readonly emailKey?: 'emailAddress' | 'email';
  /** Optional fields: always, never, or a random subset (default). */
  readonly includeOptional?: boolean | 'random';
}

/** The key a field travels under: its name, except the D10 e-mail field under the profile key. */
export function wireName(field: Field, options: Pick<PayloadOptions, 'emailKey'> = {}): string {
  return field.decisions?.includes('D10') && options.emailKey ? options.emailKey : field.name;
}

/** fieldKey (D13) of the field as sent, so a renamed e-mail key is blamed under its wire name. */
export function wireKey(op: Operation, field: Field, options: Pick<PayloadOptions, 'emailKey'> = {}): string {
  return fieldKey(op, { ...field, name: wireName(field, options) });
}

/** Query strings carry text: ints as decimal strings. */
export const queryText = (value: unknown): string => String(value);

function fieldValue(field: Field, options: PayloadOptions): fc.Arbitrary<unknown> {
  if (options.fixed && field.name in options.fixed && field.type !== 'attributeList') return fc.constant(options.fixed[field.name]);
  const value = validValue(field, options);
  if (field.required || options.includeOptional === true) return value;
  if (options.includeOptional === false) return fc.constant(undefined);
  return fc.option(value, { nil: undefined });
}

/** Puts generated field values where each field travels (field.in). */
export function placeFields(fields: readonly Field[], values: readonly unknown[], options: PayloadOptions): Payload {
  const body: Record<string, unknown> = {};
  const query: Record<string, string> = {};
  fields.forEach((f, i) => {
    const v = values[i];
    if (v === undefined) return;
    if (f.in === 'query') query[wireName(f, options)] = queryText(v);
    else body[wireName(f, options)] = v;
  });
  return {
    ...(fields.some((f) => f.in === 'body') ? { body } : {}),
    ...(fields.some((f) => f.in === 'query') ? { query } : {}),
  };
}

/**
 * A payload the contract calls valid: every required field, optional ones per
 * `includeOptional`, `fixed` values verbatim. AuthenticatePartner has no fields (D3): `{}`.
 */
export function validPayload(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<Payload> {
  const fields = op.fields;
  return fc.tuple(...fields.map((f) => fieldValue(f, options))).map((values) => placeFields(fields, values, options));
}
