/**
 * Sizes of the attribute lists (issue 27): no item at all, more items than the allowed names, and
 * a name given twice. An empty list lacks the required names, which D19 and D20 refuse (a 4xx with a
 * JSON error body, placement unspecified); the document sets no item count and no rule for a
 * repeated name, so those two are open: only the generic contract is asserted.
 * @see interface.md AddCustomerAttributes, AddSessionAttributes; decisions.md D19, D20
 */
import type { Operator } from './types.js';

const attributeList = (c: { place: string; type: string }) => c.place === 'body' && c.type === 'attributeList';

export const listSizeOperators: readonly Operator[] = [
  {
    id: 'attribute-list-empty', family: 'list-size', sends: 'an empty attribute list ([]): no item, so none of the required names',
    counterparts: [{ tool: 'CATS', name: 'EmptyArraysFieldsFuzzer' }, { tool: 'Schemathesis', name: 'negative_data_rejection' }],
    appliesTo: attributeList, asserts: () => 'refused',
    backing: ['D19: a list without the SsoToken is refused with a 4xx', 'D20: a list without the required CustomerId or SSN is refused with a 4xx'],
  },
  {
    id: 'attribute-list-overflow', family: 'list-size', sends: 'one item more than the allowed names (every name, one of them twice)',
    counterparts: [{ tool: 'CATS', name: 'OverflowArraySizeFieldsFuzzer' }, { tool: 'OWASP API Security Top 10', name: 'API4:2023 Unrestricted Resource Consumption' }],
    appliesTo: attributeList, asserts: () => 'open', backing: ['interface.md (no item count given)'],
  },
  {
    id: 'attribute-name-repeated', family: 'list-size', sends: 'a valid list with one optional name given twice',
    counterparts: [{ tool: 'CATS', name: 'DuplicateKeysFieldsFuzzer' }],
    appliesTo: attributeList, asserts: () => 'open', backing: ['interface.md (a repeated name is not ruled on)'],
  },
];
