import type { Operation } from '../../contract/index.js';
import { compileRules, type FieldRule, type RuleAdjuster } from './rules.js';
import { checkScalar } from './scalar.js';
import { checkAttributeList, type Attribute } from './attributes.js';
import type { ValidationError } from './messages.js';

export type { FieldRule, RuleAdjuster } from './rules.js';
export type { ValidationError } from './messages.js';
export type { Attribute } from './attributes.js';
export { compileRules } from './rules.js';

/** D10: EnrollCustomer takes `emailAddress`, and `email` (the request shape's key) as an alias. */
const aliases: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  EnrollCustomer: { emailAddress: 'email' },
};

export type InputValue = string | number | boolean | Attribute[];

export interface Validated {
  /** Valid inputs by contract field name; fields not sent (or empty optional ones, D29) are absent. */
  readonly values: Readonly<Record<string, InputValue>>;
  /** One entry per invalid field (D14), in the contract's field order. */
  readonly errors: ValidationError[];
  /** Rules that were applied, so callers can name valid fields (fault `keys-blame-valid`). */
  readonly rules: readonly FieldRule[];
}

function read(op: Operation, input: Record<string, unknown>, name: string): unknown {
  const alias = aliases[op.id]?.[name];
  const direct = input[name];
  return direct === undefined && alias !== undefined ? input[alias] : direct;
}

/**
 * Validates an operation's inputs against its contract fields. `input` is the JSON body
 * for POST operations and the parsed query string for GET ones (D1); anything that is not
 * an object counts as empty. Members the contract does not list are ignored.
 */
export function validateInput(op: Operation, input: unknown, adjust?: RuleAdjuster): Validated {
  const source = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const rules = compileRules(op, adjust);
  const values: Record<string, InputValue> = {};
  const errors: ValidationError[] = [];
  for (const rule of rules) {
    const raw = read(op, source, rule.field.name);
    if (rule.attributes) {
      const checked = checkAttributeList(op, rule, raw);
      if (checked.ok) values[rule.field.name] = checked.items;
      else errors.push(...checked.errors);
      continue;
    }
    const checked = checkScalar(rule, raw);
    if (!checked.ok) errors.push({ key: rule.key, message: checked.message });
    else if (checked.value !== undefined) values[rule.field.name] = checked.value;
  }
  return { values, errors, rules };
}

/** True when any member of the input (top level or inside an attribute item) is JSON null. */
export function hasNullMember(input: unknown): boolean {
  if (input === null) return true;
  if (Array.isArray(input)) return input.some(hasNullMember);
  if (typeof input === 'object') return Object.values(input as Record<string, unknown>).some(hasNullMember);
  return false;
}
