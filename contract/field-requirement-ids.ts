import type { Field } from './types.js';

/**
 * Field-rule requirement ids computed by the compiler from the operations' field tables, so that
 * an id naming a field the operation does not have, or a rule the field does not carry, does not
 * compile. Each type below restates, for the compiler, a rule written once for run time:
 * test/contract/field-requirement-ids.test.ts proves the resulting union equals the catalogue's field-rule ids.
 */

export type FieldRuleKind = 'REQUIRED' | 'LENGTH' | 'FORMAT' | 'TYPE' | 'RANGE';

type IsUpper<C extends string> = C extends Lowercase<C> ? false : true;
type IsLowerOrDigit<C extends string> = C extends `${number}` ? true : C extends Uppercase<C> ? false : true;

/** upperKebab (contract/keys.ts) as a type: a hyphen before each capital that follows [a-z0-9]. */
export type UpperKebab<S extends string, Prev extends string = ''> = S extends `${infer C}${infer Rest}`
  ? `${Prev extends '' ? '' : IsLowerOrDigit<Prev> extends true ? (IsUpper<C> extends true ? '-' : '') : ''}${Uppercase<C>}${UpperKebab<Rest, C>}`
  : '';

/** An optional property the row does not set is absent from its type: only a set one counts. */
type Has<F, K extends keyof Field> = F extends { readonly [P in K]: unknown } ? true : false;

/** The rules fieldRequirements (contract/requirements.ts) gives a field, from the same properties. */
export type FieldRuleKindsOf<F extends Field> =
  | (F['required'] extends true ? 'REQUIRED' : never)
  | (F['in'] extends 'body' ? 'TYPE' : F['type'] extends 'int' ? 'TYPE' : never)
  | (Has<F, 'attributes'> extends true ? 'LENGTH' | 'FORMAT' : never)
  | (Has<F, 'maxLength'> extends true ? 'LENGTH' : F extends { readonly minLength: 0 } ? never : Has<F, 'minLength'> extends true ? 'LENGTH' : never)
  | (Has<F, 'format'> extends true ? 'FORMAT' : never)
  | (Has<F, 'range'> extends true ? 'RANGE' : never);

type FieldIds<Code extends string, F> = F extends Field ? `${Code}-${UpperKebab<F['name']>}-${FieldRuleKindsOf<F>}` : never;

/** Every field-rule id of one operation row (distributes over a union of rows). */
export type FieldRequirementIdOf<Op> = Op extends { readonly code: infer Code extends string; readonly fields: readonly (infer F)[] }
  ? FieldIds<Code, F>
  : never;
