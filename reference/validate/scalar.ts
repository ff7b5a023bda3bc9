import type { FieldRule } from './rules.js';
import { messages } from './messages.js';

/** D11: allowTexts is shown as a boolean and listed as a 1-character string; the reference takes both. */
const booleanStrings: Readonly<Record<string, boolean>> = { Y: true, N: false };

/** An integer as JSON number or as query-string digits with an optional minus (D23). */
const integerText = /^-?[0-9]+$/;

export type Checked =
  | { readonly ok: true; readonly value: string | number | boolean | undefined }
  | { readonly ok: false; readonly message: string };

const fail = (message: string): Checked => ({ ok: false, message });
const absent: Checked = { ok: true, value: undefined };

function checkString(rule: FieldRule, value: string): Checked {
  const slack = rule.lengthSlack ?? 0;
  if (rule.minLength !== undefined && value.length < rule.minLength) return fail(messages.tooShort(rule.key, rule.minLength));
  if (rule.maxLength !== undefined && value.length > rule.maxLength + slack) return fail(messages.tooLong(rule.key, rule.maxLength));
  const formatted = rule.maxLength !== undefined && value.length > rule.maxLength ? value.slice(0, rule.maxLength) : value;
  if (rule.pattern && !rule.pattern.test(rule.rewriteBeforeFormat ? rule.rewriteBeforeFormat(formatted) : formatted)) return fail(messages.badFormat(rule.key, rule.formatDescription ?? 'a valid value'));
  if (rule.refuseSurroundingWhitespace && value.trim() !== value) return fail(messages.badFormat(rule.key, 'text without whitespace before or after it'));
  if (rule.trimmed && value.trim() === '') return rule.required ? fail(messages.required(rule.key)) : absent;
  return { ok: true, value: rule.trimmed ? value.trim() : value };
}

function checkInt(rule: FieldRule, raw: unknown): Checked {
  let n: number;
  if (typeof raw === 'number' && Number.isInteger(raw)) n = raw;
  else if (typeof raw === 'string' && integerText.test(raw)) n = Number(raw);
  else return fail(messages.notInteger(rule.key));
  if (rule.defaultValues.includes(n)) return { ok: true, value: n };
  if (rule.range && (n < rule.range.min || n > rule.range.max)) return fail(messages.outOfRange(rule.key, rule.range.min, rule.range.max));
  return { ok: true, value: n };
}

/**
 * Checks one non-list field. Missing or null: invalid when required, else not sent.
 * D29: an empty string in an optional field is treated as not sent; D28: in a required
 * field it is invalid whatever the length column says.
 */
export function checkScalar(rule: FieldRule, raw: unknown): Checked {
  if (raw === '' && rule.emptyIsInvalid) return fail(messages.tooShort(rule.key, 1));
  if (raw === undefined || raw === null || (raw === '' && !rule.required)) return rule.required ? fail(messages.required(rule.key)) : absent;
  switch (rule.type) {
    case 'int':
      return checkInt(rule, raw);
    case 'boolean':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (typeof raw === 'string' && !rule.booleanOnly && rule.booleanStrings && Object.hasOwn(rule.booleanStrings, raw.toLowerCase()))
        return { ok: true, value: rule.booleanStrings[raw.toLowerCase()] };
      if (typeof raw === 'string' && !rule.booleanOnly && Object.hasOwn(booleanStrings, raw)) return { ok: true, value: booleanStrings[raw] };
      return fail(messages.notBoolean(rule.key));
    default:
      if (typeof raw !== 'string') return fail(messages.notString(rule.key));
      if (raw === '') return fail(messages.required(rule.key));
      return checkString(rule, raw);
  }
}
