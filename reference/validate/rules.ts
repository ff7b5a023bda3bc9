import {
  acceptedRegExp, fieldKey, formatOf, type AttributeListRule, type Field, type FieldType, type Operation,
} from '../../contract/index.js';

/**
 * One field's rule as the reference enforces it, compiled from contract/ (never re-typed).
 * D12: where a column and a description disagree, the column (`maxLength`) is the default.
 * D28: the format pattern is enforced together with the length column, so the format wins.
 */
export interface FieldRule {
  readonly field: Field;
  readonly key: string;
  readonly type: FieldType;
  readonly required: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: RegExp;
  readonly formatDescription?: string;
  readonly range?: { readonly min: number; readonly max: number };
  /** Int values that mean "use the default" (D23: pageSize 0). */
  readonly defaultValues: readonly number[];
  readonly attributes?: AttributeRule;
  /**
   * Fault hook: this many characters beyond `maxLength` are accepted, and the format is
   * checked on the value without them, so only the length rule is broken.
   */
  readonly lengthSlack?: number;
  /** Fault hook: the value is rewritten before its format is checked (a service lenient on one point of the format). */
  readonly rewriteBeforeFormat?: (value: string) => string;
  /** Reading `allow-texts-boolean-only` (D11): string forms of a boolean are refused. */
  readonly booleanOnly?: boolean;
  /** Reading `empty-optional-rejected` (D29): "" in an optional field is invalid, not "not sent". */
  readonly emptyIsInvalid?: boolean;
  /** Reading `blind-allow-texts-lenient` (D11): string forms of a boolean, by lower-cased text. */
  readonly booleanStrings?: Readonly<Record<string, boolean>>;
  /** Reading `blind-trim-free-text`: the value is stored trimmed; only whitespace counts as not sent. */
  readonly trimmed?: boolean;
  /** Reading `free-text-whitespace-refused` (D41): a value with whitespace around it is invalid. */
  readonly refuseSurroundingWhitespace?: boolean;
}

export interface AttributeRule extends AttributeListRule {
  readonly valueFormats: ReadonlyMap<string, { readonly pattern: RegExp; readonly description: string }>;
  /** Fault hook: value formats are not checked. */
  readonly skipValueFormats?: boolean;
  /** Fault hook: values this accepts are not held to the maximum value length. */
  readonly valueLengthExempt?: (value: string) => boolean;
  /** Fault hook: required names that may be left out. */
  readonly optionalNames?: readonly string[];
  /** Fault hook: a value is rewritten before the format of its name is checked. */
  readonly rewriteBeforeFormat?: (name: string, value: string) => string;
  /** Fault hook (blind1-cattr-formats-first-item-only): value formats are checked only at the indexes this accepts. */
  readonly formatCheckedAt?: (index: number) => boolean;
  /** D20 (AddCustomerAttributes): names, required names and value formats are 400 validation errors. */
  readonly strict: boolean;
}

function attributeRule(op: Operation, list: AttributeListRule): AttributeRule {
  const valueFormats = new Map<string, { pattern: RegExp; description: string }>();
  for (const a of list.allowed)
    if (a.valueFormat) valueFormats.set(a.name, { pattern: acceptedRegExp(a.valueFormat), description: formatOf(a.valueFormat).description });
  return { ...list, valueFormats, strict: op.id === 'AddCustomerAttributes' };
}

export function compileRule(op: Operation, field: Field): FieldRule {
  // D35: the default reading enforces the characters of a lengths-only field too.
  const format = field.format ?? field.referenceFormat;
  return {
    field,
    key: fieldKey(op, field),
    type: field.type,
    required: field.required,
    ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(format ? { pattern: acceptedRegExp(format), formatDescription: formatOf(format).description } : {}),
    ...(field.range ? { range: field.range } : {}),
    defaultValues: field.ambiguousValues ?? [],
    ...(field.attributes ? { attributes: attributeRule(op, field.attributes) } : {}),
  };
}

/** Lets a fault change one compiled rule; the identity when no fault applies. */
export type RuleAdjuster = (op: Operation, rule: FieldRule) => FieldRule;

export function compileRules(op: Operation, adjust?: RuleAdjuster): FieldRule[] {
  return op.fields.map((f) => {
    const rule = compileRule(op, f);
    return adjust ? adjust(op, rule) : rule;
  });
}
