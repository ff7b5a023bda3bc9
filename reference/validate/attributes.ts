import { itemKey, type Operation } from '../../contract/index.js';
import type { FieldRule } from './rules.js';
import { messages, type ValidationError } from './messages.js';

/** A name/value item that passed validation. */
export interface Attribute {
  readonly name: string;
  readonly value: string;
}

export type CheckedList =
  | { readonly ok: true; readonly items: Attribute[] }
  | { readonly ok: false; readonly errors: ValidationError[] };

function checkText(key: string, raw: unknown, length: { min: number; max: number }): string | ValidationError {
  if (raw === undefined || raw === null || raw === '') return { key, message: messages.required(key) };
  if (typeof raw !== 'string') return { key, message: messages.notString(key) };
  if (raw.length < length.min) return { key, message: messages.tooShort(key, length.min) };
  if (raw.length > length.max) return { key, message: messages.tooLong(key, length.max) };
  return raw;
}

/**
 * Checks an attribute list: item name and value lengths always (400). In strict mode
 * (D20, AddCustomerAttributes) also allowed names, value formats and required names;
 * otherwise those are business rules of the operation (D19: 422 INVALID_INFORMATION).
 * Item members are read as `name`/`value`, and `Name`/`Value` too.
 */
export function checkAttributeList(op: Operation, rule: FieldRule, raw: unknown): CheckedList {
  const list = rule.attributes!;
  if (raw === undefined || raw === null) return { ok: false, errors: [{ key: rule.key, message: messages.required(rule.key) }] };
  if (!Array.isArray(raw)) return { ok: false, errors: [{ key: rule.key, message: messages.notList(rule.key) }] };
  const errors: ValidationError[] = [];
  const items: Attribute[] = [];
  raw.forEach((item: unknown, i) => {
    const obj = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const nameKey = itemKey(op, rule.field, i, 'name');
    const valueKey = itemKey(op, rule.field, i, 'value');
    let name = checkText(nameKey, obj.name ?? obj.Name, list.nameLength);
    if (typeof name === 'string' && list.strict && !list.allowed.some((a) => a.name === name))
      name = { key: nameKey, message: messages.unknownName(nameKey, name) };
    const rawValue = obj.value ?? obj.Value;
    const exempt = typeof rawValue === 'string' && list.valueLengthExempt?.(rawValue) === true;
    let value = checkText(valueKey, rawValue, exempt ? { ...list.valueLength, max: Number.POSITIVE_INFINITY } : list.valueLength);
    const format = typeof name === 'string' ? list.valueFormats.get(name) : undefined;
    const formatted = typeof value === 'string' && typeof name === 'string' && list.rewriteBeforeFormat ? list.rewriteBeforeFormat(name, value) : value;
    if (typeof value === 'string' && list.strict && format && !list.skipValueFormats && (list.formatCheckedAt?.(i) ?? true) && !format.pattern.test(formatted as string))
      value = { key: valueKey, message: messages.badFormat(valueKey, format.description) };
    if (typeof name !== 'string') errors.push(name);
    if (typeof value !== 'string') errors.push(value);
    if (typeof name === 'string' && typeof value === 'string') items.push({ name, value });
  });
  if (list.strict) {
    const sent = new Set(raw.map((item: unknown) => {
      const obj = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      return obj.name ?? obj.Name;
    }));
    const missing = list.allowed.filter((a) => a.required && !sent.has(a.name) && !list.optionalNames?.includes(a.name)).map((a) => a.name);
    if (missing.length > 0) errors.push({ key: rule.key, message: messages.missingNames(rule.key, missing) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, items };
}
