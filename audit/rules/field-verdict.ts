import { extremeDigitString, isFixedFormat } from '../../contract/operators/predicates.js';
import { calendarExtremeValue } from '../../contract/operators/value-classes.js';
import { impossibleCalendarDate } from '../../contract/operators/impossible-dates.js';
import { acceptedRegExp, assertedValidRegExp, emptyIsValid, formatOf, pastIntLimit, type Field, type FieldRuleKind } from '../../contract/index.js';

/**
 * What the contract says of one recorded value, in three ways, never more than decisions.md's
 * "harness asserts" column allows: `valid` (every rule holds, as a valid case of the run would
 * send it), `broken` (a rule every reading of the document breaks, as a violation of the run),
 * `open` (a value the register leaves unasserted either way: D9, D11, D12, D28, D29, D31, D35,
 * D38-D40, or a shape the run never sends). A recorded request is judged only as firmly as its
 * least certain field allows (request-verdict.ts).
 */
export type FieldVerdict =
  | { readonly kind: 'valid' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'broken'; readonly rule: FieldRuleKind; readonly violation: string }
  | { readonly kind: 'open'; readonly why: string };

const valid: FieldVerdict = { kind: 'valid' };
const broken = (rule: FieldRuleKind, violation: string): FieldVerdict => ({ kind: 'broken', rule, violation });
const open = (why: string): FieldVerdict => ({ kind: 'open', why });

/** Printable ASCII: D40 leaves every other character in free text unasserted. */
const printable = /^[\x20-\x7e]*$/;

/** D9: the month-first forms of the document (8 and 10 characters) are not asserted; a date that is no calendar date is not either. */
function dateOfBirthVerdict(v: string, format: string): FieldVerdict | undefined {
  if (/^[0-9]{2}[-/][0-9]{2}[-/]([0-9]{2}|[0-9]{4})$/.test(v)) return open('D9: a month-first date of birth is not asserted');
  if (acceptedRegExp(format).test(v) && Number.isNaN(Date.parse(v.replace(/\//g, '-')))) return open('a date of birth that is no calendar date is not asserted');
  return undefined;
}

/** D38: letter case alone is not asserted in "True or False" and "M or F". */
const caseOnly = (v: string, re: RegExp): boolean =>
  re.test(v.toUpperCase()) || re.test(`${v.charAt(0).toUpperCase()}${v.slice(1).toLowerCase()}`);

/** The format rule of a value that fits its length: broken only where no reading of the document accepts it. */
export function formatVerdict(v: string, format: string): FieldVerdict {
  if (format === 'dateOfBirth') {
    const d = dateOfBirthVerdict(v, format);
    if (d) return d;
  }
  const accepted = acceptedRegExp(format);
  if (!accepted.test(v)) {
    if ((format === 'trueFalse' || format === 'gender') && caseOnly(v, accepted)) return open('D38: letter case alone is not asserted');
    // D39: only a missing, doubled or empty-sided @ is asserted.
    if (format === 'email' && /^[^@]+@[^@]+$/.test(v)) return open('D39: e-mail rules beyond the @ are not asserted');
    // D31: a decimal number written ".5" or "5." is left to the target.
    if (format === 'decimalNumber' && /^([0-9]+\.|\.[0-9]+)$/.test(v)) return open('D31: .5 and 5. are not asserted');
    return broken('FORMAT', 'format');
  }
  if (pastIntLimit(format, v)) return open('no maximum documented: a number past 32 bits is left to the target');
  if (extremeDigitString(format, v)) return open('all zeros, all nines or an SSN zero group meets the words; a reading may refuse it (extreme-digit-strings)');
  if (impossibleCalendarDate(format, v)) return open('a date that names no calendar day: no calendar check is documented, a reading may refuse it (impossible-calendar-date)');
  if (calendarExtremeValue(format, v)) return open('a date at the calendar\'s extremes: no range is documented, a reading may refuse it (calendar-extreme-date)');
  return assertedValidRegExp(format).test(v) ? valid : open(`${formatOf(format).description}: a reading the document leaves open`);
}

/** Lengths in code points where a value holds more than ASCII (D40: how a target counts them is open). */
const lengthOf = (v: string): number => [...v].length;

/** A string or GUID field's value. */
function textVerdict(field: Field, v: string): FieldVerdict {
  if (v === '') {
    if (emptyIsValid(field)) return valid;
    return field.required && !field.emptyNotAsserted ? broken('REQUIRED', 'empty') : open('D28/D29: an empty value is not asserted here');
  }
  const length = lengthOf(v);
  const trimmed = lengthOf(v.trim());
  // D41: whitespace around a fixed-format value (every format but e-mail, D39) breaks the format,
  // as the run's near misses assert (contract/operators/predicates.ts fixedFormat); around free text it is open.
  if (trimmed !== length && isFixedFormat(field.format)) return broken('FORMAT', 'whitespace-around');
  // Free text: a target may trim outer spaces, so a length that trimming would change is not asserted.
  const max = field.assertedMaxLength ?? field.maxLength;
  const min = field.assertedMinLength ?? field.minLength;
  if (max !== undefined && length > max) return trimmed > max ? broken('LENGTH', 'length-max+1') : open('a value that is too long only by its outer spaces');
  if (field.maxLength !== undefined && length > field.maxLength) return open('D12: a length between the two documented maxima');
  if (min !== undefined && length < min) {
    if (field.referenceFormat) return open('D35: only lengths are asserted, and this one is allowed by the column');
    if (field.format && [8, 10].includes(length) && field.decisions?.includes('D9')) return open('D9: 8- and 10-character dates are not asserted');
    return broken(field.assertedMinLength !== undefined ? 'FORMAT' : 'LENGTH', 'length-min-1');
  }
  if (trimmed !== length) return open('outer spaces a target may trim');
  if (field.format) return formatVerdict(v, field.format);
  if (field.referenceFormat) return acceptedRegExp(field.referenceFormat).test(v) ? valid : open('D35: the characters of this field are not asserted');
  if (!printable.test(v)) return open('D40: characters outside printable ASCII are not asserted');
  return valid;
}

/** A body member's JSON value (undefined: the member was not sent). */
export function bodyValueVerdict(field: Field, v: unknown): FieldVerdict {
  if (v === undefined) return field.required ? broken('REQUIRED', 'missing') : { kind: 'absent' };
  if (v === null) return field.required ? broken('TYPE', 'type-null') : open('D40: null for an optional field is not asserted');
  switch (field.type) {
    case 'boolean':
      return typeof v === 'boolean' ? valid : typeof v === 'string' ? open('D11: a string for a boolean is not asserted') : broken('TYPE', `type-${Array.isArray(v) ? 'array' : typeof v}`);
    case 'int':
      if (Number.isInteger(v)) return rangeVerdict(field, v as number);
      // "Int is an integer": a fraction is no Int (the run's int-fraction-or-letters operator); other JSON types stay open.
      return typeof v === 'number' ? broken('TYPE', 'type-fraction') : open('an Int of another JSON type is not sent by the run');
    case 'attributeList':
      return Array.isArray(v) ? valid : broken('TYPE', `type-${typeof v === 'object' ? 'object' : typeof v}`);
    default:
      return typeof v === 'string' ? textVerdict(field, v) : broken('TYPE', `type-${Array.isArray(v) ? 'array' : typeof v}`);
  }
}

function rangeVerdict(field: Field, n: number): FieldVerdict {
  if (field.ambiguousValues?.includes(n)) return open('D23: this value is not asserted');
  const r = field.range;
  if (!r || (n >= r.min && n <= r.max)) return valid;
  return n > r.max || n < 0 ? broken('RANGE', n > r.max ? 'range-max+1' : 'range-negative') : open('below the range but not negative');
}

/** A query parameter's text (undefined: not sent). */
export function queryValueVerdict(field: Field, v: string | undefined): FieldVerdict {
  if (v === undefined) return field.required ? broken('REQUIRED', 'missing') : { kind: 'absent' };
  if (field.type !== 'int') return textVerdict(field, v);
  if (/^-?[0-9]+$/.test(v)) return rangeVerdict(field, Number(v));
  // A fraction (5.5) or trailing letters (5abc) that parseInt would read as 5 is no Int, as letters alone are not (D23's TYPE row).
  if (/^[A-Za-z]+$/.test(v)) return broken('TYPE', 'type-not-numeric');
  if (/^-?[0-9]+\.[0-9]*[1-9][0-9]*$/.test(v) || /^-?[0-9]+[A-Za-z]+$/.test(v)) return broken('TYPE', 'type-not-integer');
  return open('a number in a form the run never sends');
}
