import type { Operation } from '../../contract/index.js';
import type { FaultSet } from '../faults/types.js';
import { readingSet, type ReadingSet } from '../readings.js';
import { leniencyFor } from './format-leniency.js';
import { blind1Errors, blind1Rule } from '../faults/blind1/hooks.js';
import { blind2Errors, blind2Rule } from '../faults/blind2/hooks.js';
import { blind3Errors, blind3Rule } from '../faults/blind3/inputs.js';
import { blind4Errors, blind4Rule } from '../faults/blind4/hooks.js';
import { blind5Errors, blind5Rule } from '../faults/blind5/rules.js';
import { blind6Errors, blind6Rule } from '../faults/blind6/hooks.js';
import { blind7Errors, blind7Rule } from '../faults/blind7/hooks.js';
import { blind8Errors, blind8Rule } from '../faults/blind8/hooks.js';
import { blind9Errors, blind9Rule } from '../faults/blind9/hooks.js';
import { blind10Errors, blind10Rule } from '../faults/blind10/hooks.js';
import { blind11Errors, blind11Rule } from '../faults/blind11/hooks.js';
import { blind12Rule } from '../faults/blind12/inputs.js';
import { blind12Errors } from '../faults/blind12/errors.js';
import { operatorValidatorErrors } from '../faults/operator-validators.js';
import { blind13Errors, blind13Rule } from '../faults/blind13/inputs.js';
import { blind14Rule } from '../faults/blind14/inputs.js';
import { readingAdjuster, readingErrors } from './reading-rules.js';
import { validateInput, type FieldRule, type RuleAdjuster, type Validated, type ValidationError } from '../validate/index.js';

/** Rule changes of the validation faults; each touches one field of one operation. */
function adjuster(faults: FaultSet): RuleAdjuster {
  return (op: Operation, rule: FieldRule): FieldRule => {
    const at = (opId: string, field: string) => op.id === opId && rule.field.name === field;
    if (faults.has('find-ssn-length-unchecked') && at('FindCustomer', 'ssn')) return { ...rule, lengthSlack: 1 };
    if (faults.has('card-number-max-off-by-one') && at('AddOrUpdateCard', 'cardNumber')) return { ...rule, lengthSlack: 1 };
    if (faults.has('enroll-zip-format-unchecked') && at('EnrollCustomer', 'zip')) {
      const { pattern: _pattern, ...rest } = rule;
      return rest;
    }
    if (faults.has('enroll-title-max-off-by-one') && at('EnrollCustomer', 'title') && rule.maxLength !== undefined)
      return { ...rule, maxLength: rule.maxLength - 1 };
    if (faults.has('pagesize-unbounded') && at('GetTransactionHistory', 'pageSize') && rule.range)
      return { ...rule, range: { min: rule.range.min, max: Number.MAX_SAFE_INTEGER } };
    if (faults.has('cattr-value-format-unchecked') && at('AddCustomerAttributes', 'customerAttributes') && rule.attributes)
      return { ...rule, attributes: { ...rule.attributes, skipValueFormats: true } };
    if (faults.has('empty-min-zero-rejected') && at('EnrollCustomer', 'title')) return { ...rule, emptyIsInvalid: true };
    if (rule.attributes && at('AddCustomerAttributes', 'customerAttributes')) return attributeFaults(faults, op, rule);
    const lenient = leniencyFor(faults, op.id, rule.field.format);
    return lenient ? { ...rule, rewriteBeforeFormat: lenient } : rule;
  };
}

/** Customer attribute faults: numeric values of any length, the exact maximum refused, formats lenient on one point. */
function attributeFaults(faults: FaultSet, op: Operation, rule: FieldRule): FieldRule {
  let list = rule.attributes!;
  if (faults.has('cattr-value-length-unchecked')) list = { ...list, valueLengthExempt: (v) => /^[0-9.]+$/.test(v) };
  if (faults.has('cattr-value-max-off-by-one')) list = { ...list, valueLength: { ...list.valueLength, max: list.valueLength.max - 1 } };
  const optionalNames = [['cattr-ssn-attribute-optional', 'SSN'], ['cattr-customer-id-attribute-optional', 'CustomerId']].filter(([f]) => faults.has(f!)).map(([, n]) => n!);
  if (optionalNames.length) list = { ...list, optionalNames };
  const formatOfName = new Map(list.allowed.map((a) => [a.name, a.valueFormat]));
  const lenient = (name: string) => leniencyFor(faults, op.id, formatOfName.get(name));
  if (list.allowed.some((a) => lenient(a.name))) list = { ...list, rewriteBeforeFormat: (name, v) => lenient(name)?.(v) ?? v };
  return { ...rule, attributes: list };
}

/** Key-reporting faults (ERR-KEYS-COMPLETE) applied to a finished error list. */
function reportedErrors(faults: FaultSet, v: Validated): ValidationError[] {
  if (v.errors.length === 0) return v.errors;
  if (faults.has('keys-first-only')) return v.errors.slice(0, 1);
  if (faults.has('keys-blame-valid')) {
    const blamed = v.rules.find((r) => r.field.name in v.values && !v.errors.some((e) => e.key.startsWith(r.key)));
    if (blamed) return [...v.errors, { key: blamed.key, message: `${blamed.key} is not valid.` }];
  }
  return v.errors;
}

/** Validates `input` for `op` with the switched-on validation faults applied. */
export function validateWithFaults(faults: FaultSet, op: Operation, input: unknown, readings: ReadingSet = readingSet()): Validated {
  const faulty = adjuster(faults);
  const alternative = readingAdjuster(readings);
  const v = validateInput(op, input, (o, rule) => blind14Rule(faults, o, blind13Rule(faults, o, blind12Rule(faults, o, blind11Rule(faults, o, blind10Rule(faults, o, blind9Rule(faults, o, blind8Rule(faults, o, blind7Rule(faults, o, blind6Rule(faults, o, blind5Rule(faults, o, blind4Rule(faults, o, blind3Rule(faults, o, blind2Rule(faults, o, blind1Rule(faults, o, faulty(o, alternative(o, rule)))))))))))))))));
  const errors = reportedErrors(faults, v);
  return { ...v, errors: blind13Errors(faults, op, operatorValidatorErrors(faults, op, blind12Errors(faults, op, blind11Errors(faults, op, blind10Errors(faults, op, blind9Errors(faults, op, blind8Errors(faults, op, blind7Errors(faults, op, blind6Errors(faults, op, blind5Errors(faults, op, blind4Errors(faults, op, blind3Errors(faults, op, blind2Errors(faults, op, blind1Errors(faults, op, readingErrors(readings, { ...v, errors }))))))), input), input))), input), input), input), input) };
}
