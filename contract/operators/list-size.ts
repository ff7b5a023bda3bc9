/**
 * Sizes of the attribute lists (issue 27): more items than the allowed names, and a name given
 * twice. The document sets no item count and no rule for a repeated name, so both are open:
 * only the generic contract is asserted.
 * @see interface.md AddCustomerAttributes, AddSessionAttributes; decisions.md D19, D20
 */
import type { Operator } from './types.js';

const attributeList = (c: { place: string; type: string }) => c.place === 'body' && c.type === 'attributeList';

export const listSizeOperators: readonly Operator[] = [
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
