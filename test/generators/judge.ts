import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Field, Operation } from '../../contract/index.js';
import { acceptedRegExp, assertedValidRegExp, fieldSchema, itemKey } from '../../contract/index.js';
import { wireKey, wireName, type Payload, type PayloadOptions } from '../../generators/index.js';

/**
 * An independent judge for the self-tests: the keys the contract's own JSON Schema (ajv)
 * and format rules call invalid in a payload. Query values are coerced as a server would.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
const ajvQuery = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
(addFormats as unknown as (a: Ajv2020) => void)(ajvQuery);

/** One compiled validator per field: ajv.validate with a new schema object compiled it again on every call. */
const compiled = new WeakMap<Field, ValidateFunction>();

function schemaOk(field: Field, value: unknown): boolean {
  let validate = compiled.get(field);
  if (!validate) {
    validate = (field.in === 'query' ? ajvQuery : ajv).compile({ type: 'object', properties: { v: fieldSchema(field) } });
    compiled.set(field, validate);
  }
  return validate({ v: value });
}

function scalarOk(field: Field, value: unknown): boolean {
  if (!schemaOk(field, value)) return false;
  if (typeof value === 'string' && field.assertedMinLength !== undefined && value.length < field.assertedMinLength) return false;
  if (typeof value === 'string' && field.assertedMaxLength !== undefined && value.length > field.assertedMaxLength) return false;
  return true;
}

/** Keys the contract finds invalid; `strict` also applies the asserted-valid patterns (what valid payloads promise). */
export function invalidKeys(op: Operation, input: Payload, options: PayloadOptions = {}, strict = false): string[] {
  const out: string[] = [];
  for (const field of op.fields) {
    const section = (field.in === 'query' ? input.query : input.body) as Record<string, unknown> | undefined;
    const value = section?.[wireName(field, options)];
    const key = wireKey(op, field, options);
    if (value === undefined) {
      if (field.required) out.push(key);
      continue;
    }
    if (field.type !== 'attributeList') {
      if (!scalarOk(field, value)) out.push(key);
      else if (strict && field.format && !assertedValidRegExp(field.format).test(String(value))) out.push(key);
      continue;
    }
    if (!Array.isArray(value)) {
      out.push(key);
      continue;
    }
    const rule = field.attributes!;
    value.forEach((item: { name: unknown; value: unknown }, i) => {
      const name = item.name;
      const allowed = rule.allowed.find((a) => a.name === name);
      if (typeof name !== 'string' || name.length < rule.nameLength.min || name.length > rule.nameLength.max || !allowed) out.push(itemKey(op, field, i, 'name'));
      const v = item.value;
      const format = allowed?.valueFormat;
      const re = format ? (strict ? assertedValidRegExp(format) : acceptedRegExp(format)) : undefined;
      if (typeof v !== 'string' || v.length < rule.valueLength.min || v.length > rule.valueLength.max || (re && !re.test(v)))
        out.push(itemKey(op, field, i, 'value'));
    });
  }
  return out;
}
