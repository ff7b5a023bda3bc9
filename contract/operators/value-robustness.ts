/**
 * Value robustness (issue 27): values the document neither allows nor forbids, sent to see the
 * target keep the generic contract (never 5xx, a 4xx with a JSON error body naming the field).
 * @see decisions.md D40 (null, characters beyond printable ASCII), interface.md field tables
 */
import { carriesValue, freeText } from './predicates.js';
import type { Operator } from './types.js';

export const valueRobustnessOperators: readonly Operator[] = [
  {
    id: 'null-in-optional', family: 'value-robustness', sends: 'JSON null in an optional member',
    counterparts: [{ tool: 'CATS', name: 'NullValuesInFieldsFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: (c) => carriesValue(c) && c.place === 'body' && !c.required && c.type !== 'attributeList',
    asserts: () => 'open', backing: ['D40: JSON null for an optional field'],
  },
  {
    id: 'emoji-in-free-text', family: 'value-robustness', sends: 'text with a character beyond the Basic Multilingual Plane (an emoji, two UTF-16 units)',
    counterparts: [{ tool: 'CATS', name: 'TrailingSingleCodePointEmojisInFieldsTrimValidateFuzzer' }, { tool: 'CATS', name: 'LeadingMultiCodePointEmojisInFieldsTrimValidateFuzzer' }],
    appliesTo: freeText, asserts: () => 'open', backing: ['D40: characters outside printable ASCII in free-text fields'],
  },
  {
    id: 'length-between-bounds', family: 'value-robustness', sends: 'a value as long as the larger of two documented maxima (100 where a column says 50 and a description 100; 256 for 255 and 256)',
    counterparts: [{ tool: 'CATS', name: 'StringFieldsRightBoundaryFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: (c) => carriesValue(c) && c.openAbove !== undefined, asserts: () => 'open',
    backing: ['D12: values up to the larger bound are not asserted (only the generic contract: never 5xx)'],
  },
  {
    id: 'very-long-free-text', family: 'value-robustness', sends: 'a 10,000-character value in a free-text field the document gives no maximum',
    counterparts: [{ tool: 'CATS', name: 'VeryLargeStringsInFieldsFuzzer' }, { tool: 'OWASP API Security Top 10', name: 'API4:2023 Unrestricted Resource Consumption' }],
    appliesTo: (c) => freeText(c) && c.maxLength === undefined, asserts: () => 'open', backing: ['interface.md (no maximum given): only the generic contract'],
  },
];
