import fc from 'fast-check';
import { exclusiveSessionFilters, type AllowedAttribute, type Field } from '../contract/index.js';
import { formatValue, type ValueOptions } from './format-values.js';
import { plainText } from './text.js';

/** One `{name, value}` item of an attribute list. */
export interface AttributeItem {
  readonly name: string;
  readonly value: string;
}

export interface AttributeOptions {
  /**
   * Values that must reference target state, by field or attribute name (case-insensitive):
   * `CustomerId`/`customerId`, `SSN`, `SsoToken`, `AccountIdFilter`...
   */
  readonly fixed?: Readonly<Record<string, unknown>>;
}

/** The fixed value named `name`, matched case-insensitively (`customerId` serves `CustomerId`). */
export function fixedValue(fixed: AttributeOptions['fixed'], name: string): unknown {
  if (!fixed) return undefined;
  const key = Object.keys(fixed).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : fixed[key];
}

const filters: readonly string[] = exclusiveSessionFilters;

/** A valid value for an allowed attribute: from its value format, else plain text within the value length. */
export function attributeValue(field: Field, allowed: AllowedAttribute, options: ValueOptions = {}): fc.Arbitrary<string> {
  const { min, max } = field.attributes!.valueLength;
  const format = allowed.valueFormat ?? allowed.referenceFormat;
  if (format) return formatValue(format, { ...options, maxLength: max });
  return plainText({ minLength: Math.max(min, 1), maxLength: Math.min(max, 40) });
}

/** Optional attributes a valid list may carry without target state: not the session filters (D19). */
export function randomOptionalAttributes(field: Field): AllowedAttribute[] {
  return field.attributes!.allowed.filter((a) => !a.required && !filters.includes(a.name));
}

/**
 * A valid attribute list: every required name (its value from `fixed` when given), a
 * random subset of the optional names that need no target state, and at most one of
 * the exclusive filters, only when `fixed` names it. The order is shuffled.
 */
export function validAttributeList(field: Field, options: ValueOptions & AttributeOptions = {}): fc.Arbitrary<AttributeItem[]> {
  const rule = field.attributes;
  if (!rule) throw new Error(`generators: ${field.name} is not an attribute list`);
  const item = (a: AllowedAttribute): fc.Arbitrary<AttributeItem> => {
    const fixed = fixedValue(options.fixed, a.name);
    return (fixed === undefined ? attributeValue(field, a, options) : fc.constant(String(fixed))).map((value) => ({ name: a.name, value }));
  };
  const givenFilters = rule.allowed.filter((a) => filters.includes(a.name) && fixedValue(options.fixed, a.name) !== undefined);
  if (givenFilters.length > 1) throw new Error(`generators: fixed names both ${filters.join(' and ')}, which are exclusive`);
  const required = rule.allowed.filter((a) => a.required).concat(givenFilters);
  return fc
    .tuple(fc.tuple(...required.map(item)), fc.subarray(randomOptionalAttributes(field)).chain((chosen) => fc.tuple(...chosen.map(item))))
    .chain(([req, opt]) => {
      const all = [...req, ...opt];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
}
