import { acceptedRegExp, emptyIsValid, formatOf, pastIntLimit, type Format, type Operation } from '../../contract/index.js';
import type { ReadingSet } from '../readings.js';
import type { FieldRule, RuleAdjuster, Validated, ValidationError } from '../validate/index.js';
import { blindAdjust } from './reading-rules-blind.js';
import { blind2ReadingAdjust } from '../blind2/inputs.js';

/**
 * Validation under the conformant readings of reference/readings.ts: rule changes (D9, D11,
 * D12, D29, D35, numbers without a maximum) and key spellings (D13, D14). None of them breaks a rule the harness may assert.
 */

/** D9 reading `dob-short-forms`: the 8-character MM/DD/YY and MM-DD-YY forms the document lists. */
const shortDateForms = '[0-9]{2}-[0-9]{2}-[0-9]{2}|[0-9]{2}/[0-9]{2}/[0-9]{2}';

/** D12: the larger bound of the description text ("says 100", "up to 256"). */
const describedMax: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  AddOrUpdateCard: { addressLine1: 100, addressLine2: 100 },
  AddOrUpdateTokenizedCard: { cardToken: 256 },
};

/** D38, D39: readings that take another allowed pattern for a format, wherever the format is used. */
const formatReadings: ReadonlyArray<{ reading: string; format: string; pattern: (f: Format) => string | undefined }> = [
  { reading: 'true-false-exact-case', format: 'trueFalse', pattern: (f) => f.assertedValidPattern },
  { reading: 'gender-any-case', format: 'gender', pattern: (f) => f.toleratedPattern },
  { reading: 'email-at-only', format: 'email', pattern: (f) => f.toleratedPattern },
];

function readingPattern(readings: ReadingSet, format: string | undefined): RegExp | undefined {
  const r = formatReadings.find((x) => x.format === format && readings.has(x.reading));
  const source = r && r.pattern(formatOf(r.format));
  return source ? new RegExp(source) : undefined;
}

/** The attribute value formats under the format readings. */
function attributeFormats(readings: ReadingSet, rule: FieldRule): FieldRule {
  const list = rule.attributes;
  if (!list) return rule;
  const valueFormats = new Map([...list.valueFormats].map(([name, f]) => {
    const format = list.allowed.find((a) => a.name === name)?.valueFormat;
    return [name, { ...f, pattern: readingPattern(readings, format) ?? f.pattern }] as const;
  }));
  return { ...rule, attributes: { ...list, valueFormats } };
}

/**
 * Reading `numbers-within-int32`: the count and number attributes (no documented maximum) kept in
 * 32-bit columns, so a value whose whole part passes 2147483647 fails their format (400 naming it).
 */
function numbersWithinInt32(rule: FieldRule): FieldRule {
  const list = rule.attributes;
  if (!list) return rule;
  const formatOfName = new Map(list.allowed.map((a) => [a.name, a.valueFormat ?? ''] as const));
  const before = list.rewriteBeforeFormat;
  const rewrite = (name: string, v: string) => {
    const value = before ? before(name, v) : v;
    return pastIntLimit(formatOfName.get(name) ?? '', value) ? '\u0000' : value;
  };
  return { ...rule, attributes: { ...list, rewriteBeforeFormat: rewrite } };
}

export function readingAdjuster(readings: ReadingSet): RuleAdjuster {
  return (op: Operation, rule: FieldRule): FieldRule => {
    const name = rule.field.name;
    let out = blind2ReadingAdjust(readings, op, blindAdjust(readings, op, attributeFormats(readings, rule)));
    if (readings.has('numbers-within-int32')) out = numbersWithinInt32(out);
    const pattern = readingPattern(readings, rule.field.format);
    if (pattern && out.pattern) out = { ...out, pattern };
    if (name === 'dateOfBirth' && readings.has('dob-year-first-only')) {
      const valid = formatOf('dateOfBirth').assertedValidPattern;
      if (valid) out = { ...out, pattern: new RegExp(valid) };
    }
    if (name === 'dateOfBirth' && readings.has('dob-short-forms')) {
      const source = acceptedRegExp('dateOfBirth').source.replace(/\)\$$/, `|${shortDateForms})$`);
      out = { ...out, minLength: 8, pattern: new RegExp(source) };
    }
    // D41: around free text (a string of no documented format) trimming and refusing are both allowed.
    const freeText = rule.type === 'string' && !rule.field.format && !rule.field.referenceFormat;
    if (freeText && readings.has('free-text-trimmed')) out = { ...out, trimmed: true };
    if (freeText && readings.has('free-text-whitespace-refused')) out = { ...out, refuseSurroundingWhitespace: true };
    if (name === 'allowTexts' && readings.has('allow-texts-boolean-only')) out = { ...out, booleanOnly: true };
    if (rule.field.referenceFormat && readings.has('card-address-any-characters')) {
      const { pattern: _pattern, formatDescription: _description, ...lengthsOnly } = out;
      out = lengthsOnly;
    }
    const larger = describedMax[op.id]?.[name];
    if (larger !== undefined && readings.has('card-lengths-described')) out = { ...out, maxLength: larger };
    // D29 leaves "" open only where the minimum is 1 or not given; where it is 0, "" is a valid value.
    if (!rule.required && !emptyIsValid(rule.field) && readings.has('empty-optional-rejected')) out = { ...out, emptyIsInvalid: true };
    return out;
  };
}

const camel = (key: string) => key.replace(/\.([A-Z])/g, (_, c: string) => `.${c.toLowerCase()}`);
const pascal = (key: string) => key.replace(/\.([a-z])/g, (_, c: string) => `.${c.toUpperCase()}`);

/** D13 key casing and D14 several entries per field. */
export function readingErrors(readings: ReadingSet, v: Validated): ValidationError[] {
  let errors = v.errors;
  if (readings.has('keys-camel-case')) errors = errors.map((e) => ({ ...e, key: camel(e.key) }));
  if (readings.has('keys-pascal-case')) errors = errors.map((e) => ({ ...e, key: pascal(e.key) }));
  if (readings.has('keys-several-per-field')) errors = errors.flatMap((e) => [e, { key: e.key, message: 'See the field rules of the operation.' }]);
  return errors;
}
