import type { Field, FieldRuleKind } from '../contract/index.js';
import { emptyIsValid, formatOf } from '../contract/index.js';

/** Longest plain value sent for a field whose table gives no maximum. */
export const openMaxLength = 50;

/**
 * D9: lengths of the documented date forms ("MM/DD/YY, ..., YYYY-MM-DD" → 8 and 10), read
 * from the format description. A value of such a length is never asserted invalid.
 */
export function documentedFormLengths(formatId: string): number[] {
  const forms = formatOf(formatId).description.split(/,\s*(?:or\s+)?|\s+or\s+/);
  return [...new Set(forms.map((f) => f.trim().length))];
}

/** Lengths decisions.md leaves open for this field: never asserted either way. */
export function ambiguousLength(field: Field, length: number): boolean {
  if (field.maxLength !== undefined && field.assertedMaxLength !== undefined) {
    if (length > field.maxLength && length <= field.assertedMaxLength) return true; // D12
  }
  if (field.decisions?.includes('D9') && field.format && documentedFormLengths(field.format).includes(length)) return true;
  // D35: a length the column allows but the reference's characters cannot fill (a 1-letter state).
  if (field.referenceFormat && field.assertedMinLength !== undefined && length > 0 && length < field.assertedMinLength) return true;
  if (length === 0 && !emptyIsValid(field) && (field.emptyNotAsserted || !field.required)) return true; // D28, D29
  return false;
}

/** Length range of values sent as valid: the stricter of two columns, never empty (D29). */
export function validLengthRange(field: Field): { min: number; max: number } {
  const min = Math.max(field.assertedMinLength ?? field.minLength ?? 0, 1);
  const max = field.maxLength ?? Math.max(openMaxLength, min);
  return { min, max };
}

export interface InvalidLength {
  readonly length: number;
  readonly violation: 'length-min-1' | 'length-max+1';
  readonly rule: FieldRuleKind;
}

/**
 * min-1 and max+1 against the bounds the harness may assert. Below an assertedMinLength
 * the value breaks the format (D28), so the rule is FORMAT; an empty value is left to
 * the `empty` violation.
 */
export function invalidLengths(field: Field): InvalidLength[] {
  const out: InvalidLength[] = [];
  const low = field.assertedMinLength ?? field.minLength;
  if (low !== undefined && low - 1 >= 1)
    out.push({ length: low - 1, violation: 'length-min-1', rule: field.assertedMinLength !== undefined ? 'FORMAT' : 'LENGTH' });
  const high = field.assertedMaxLength ?? field.maxLength;
  if (high !== undefined) out.push({ length: high + 1, violation: 'length-max+1', rule: 'LENGTH' });
  return out.filter((l) => !ambiguousLength(field, l.length));
}
