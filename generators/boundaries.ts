import fc from 'fast-check';
import type { Field, Operation } from '../contract/index.js';
import { acceptedExpectation } from './accepted.js';
import { ambiguousLength } from './lengths.js';
import { validPayload, queryText, wireName, type PayloadOptions } from './payloads.js';
import { validRange, valueOfLength } from './values.js';
import type { GeneratedCase } from './violations.js';

/** Formats whose valid values can be built at any length of the field's range. */
const anyLengthFormats: readonly (string | undefined)[] = [undefined, 'email', 'cardNumber'];

/** The exact bounds of `field` sent as valid: lengths (min and max) or int range ends. */
function boundValues(field: Field, options: PayloadOptions): { label: string; value: fc.Arbitrary<unknown> }[] {
  if (field.range) {
    const ambiguous = field.ambiguousValues ?? [];
    return [field.range.min, field.range.max].filter((n) => !ambiguous.includes(n)).map((n) => ({ label: `= ${n}`, value: fc.constant(n) }));
  }
  if (field.type !== 'string' || !anyLengthFormats.includes(field.format) || field.maxLength === undefined) return [];
  const { min, max } = validRange(field);
  const lengths = [...new Set([field.format === 'email' ? Math.max(min, 6) : min, max])].filter((l) => !ambiguousLength(field, l));
  return lengths.map((l) => ({ label: `length ${l}`, value: valueOfLength(field, l, options) }));
}

/** Valid payloads with one field at exactly its min or max: each must be accepted. */
export function boundaryValidCases(op: Operation, options: PayloadOptions = {}): fc.Arbitrary<GeneratedCase> | undefined {
  const cases = op.fields.flatMap((f) => boundValues(f, options).map((b) => ({ field: f, ...b })));
  if (cases.length === 0) return undefined;
  return fc.tuple(validPayload(op, options), fc.constantFrom(...cases)).chain(([p, c]) =>
    c.value.map((v): GeneratedCase => {
      const name = wireName(c.field, options);
      const input = c.field.in === 'query'
        ? { ...p, query: { ...p.query, [name]: queryText(v) } }
        : { ...p, body: { ...p.body, [name]: v } };
      return { input, expectation: acceptedExpectation(op), description: `${op.id}: ${c.field.name} ${c.label}` };
    }));
}
