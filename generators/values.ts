import fc from 'fast-check';
import type { Field } from '../contract/index.js';
import { formatValue, type ValueOptions } from './format-values.js';
import { validLengthRange } from './lengths.js';
import { cardToken, guid, plainText, resize } from './text.js';
import { email, minEmailLength } from './person-values.js';
import { cardNumber } from './cards.js';
import { validAttributeList, type AttributeOptions } from './attributes.js';

export type { ValueOptions } from './format-values.js';

/** Shortest card token sent as valid: real tokens are not a few characters long. */
export const cardTokenMinLength = 16;

/** Format-less string fields whose values have a shape of their own. */
const textShapes: Record<string, (range: { min: number; max: number }) => fc.Arbitrary<string>> = {
  cardToken: ({ min, max }) => cardToken({ minLength: Math.max(min, Math.min(cardTokenMinLength, max)), maxLength: max }),
};

/** Length range sent as valid, narrowed by a shape of the field's own (card tokens). */
export function validRange(field: Field): { min: number; max: number } {
  const range = validLengthRange(field);
  return textShapes[field.name] ? { min: Math.max(range.min, Math.min(cardTokenMinLength, range.max)), max: range.max } : range;
}

/** A valid string of `field` (any type but attributeList), of a length within its valid range. */
function validString(field: Field, options: ValueOptions): fc.Arbitrary<string> {
  const range = validLengthRange(field);
  // D35: where only lengths are asserted, valid values still follow the reference's characters.
  const format = field.format ?? field.referenceFormat;
  if (format) return formatValue(format, { ...options, maxLength: range.max });
  const shape = textShapes[field.name];
  return shape ? shape(range) : plainText({ minLength: range.min, maxLength: range.max });
}

/**
 * A valid value of `field`, typed as the wire carries it in a JSON body (booleans stay
 * booleans, ints stay numbers). Attribute lists take their fixed values from `options.fixed`.
 */
export function validValue(field: Field, options: ValueOptions & AttributeOptions = {}): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'boolean':
      return fc.boolean(); // D11: a boolean; the string forms are not asserted
    case 'int': {
      const range = field.range ?? { min: 0, max: 1000 };
      const ambiguous = field.ambiguousValues ?? [];
      return fc.integer(range).filter((n) => !ambiguous.includes(n));
    }
    case 'guid':
      return guid();
    case 'attributeList':
      return validAttributeList(field, options);
    default:
      return validString(field, options);
  }
}

/**
 * A value of `field` of exactly `length` characters, as valid as that length allows:
 * used for the exact-bound valid cases and the min-1/max+1 violations.
 */
export function valueOfLength(field: Field, length: number, options: ValueOptions = {}): fc.Arbitrary<string> {
  if (field.format === 'email' && length >= minEmailLength) return email({ length });
  if (field.format === 'cardNumber') return cardNumber({ ...options, length });
  if (!field.format && !field.referenceFormat) {
    const shape = textShapes[field.name];
    if (shape) return shape({ min: length, max: length });
    return plainText({ minLength: length, maxLength: length });
  }
  return validString(field, options).map((v) => resize(v, length));
}
