/**
 * JSON type confusion (CATS's primitive/object replacement and body fuzzers, Schemathesis's
 * negative data): a member or attribute item of another JSON type than the document shows, an
 * attribute list item that is not an object, and a body that is not a JSON object. Here each is
 * open: never 5xx, a 4xx carries a JSON error body, what the target chose is observed; a crash on
 * them is the class the generic contract catches. wrong-json-type spreads one type per cell over
 * one request (null in an optional member is D40's, a string for allowTexts D11's); that a string
 * member of any depth refuses every other type is the field rules' TYPE rows, which send each type
 * in each member: generators/breakages.ts `wrongTypes` for top-level members, item-type-breakages.ts
 * for the members of list items (blind batch 16: a binder read a number as an attribute value).
 * @see interface.md "Field types"; decisions.md D40 (null), D42 (the body as a whole)
 */
import type { Cell } from './cells.js';
import { carriesValue, documentedBody } from './predicates.js';
import type { Operator } from './types.js';

const cats = (name: string) => ({ tool: 'CATS', name }) as const;
const negativeData = { tool: 'Schemathesis', name: 'negative_data_rejection' } as const;

/** A scalar body member (not the attribute list itself) or an attribute item's value. */
const typedValue = (c: Cell): boolean => carriesValue(c) && c.place !== 'query' && c.type !== 'attributeList';

export const jsonTypeOperators: readonly Operator[] = [
  {
    id: 'wrong-json-type', family: 'json-type', sends: 'another JSON type in place of the value: a number, a boolean, an array, an object or null, one per member, spread over the members',
    counterparts: [cats('ReplacePrimitivesWithObjectsFuzzer'), cats('NullValuesInFieldsFuzzer'), negativeData],
    appliesTo: typedValue, asserts: () => 'open', backing: ['interface.md "Field types" (this spread probes the generic contract; each type in each member, items\' members too, is asserted on its TYPE row by the field rules)', 'D40'],
  },
  {
    id: 'attribute-item-not-object', family: 'json-type', sends: 'an attribute list with items that are null, a string and an object whose name is a number; the list given as a string',
    counterparts: [cats('ReplaceObjectsWithPrimitivesFuzzer'), negativeData],
    appliesTo: (c) => c.place === 'body' && c.type === 'attributeList', asserts: () => 'open', backing: ['interface.md (items are name/value objects; no rule for other items)'],
  },
  {
    id: 'body-not-object', family: 'json-type', sends: 'a request body that is JSON but not an object: [], a string or null (one of them per operation)',
    counterparts: [cats('EmptyJsonArrayBody'), cats('NullBodyFuzzer'), cats('RandomStringBodyFuzzer')],
    appliesTo: documentedBody, asserts: () => 'open', backing: ['D42 (a body the document does not describe: the generic contract)'],
  },
];
