import type { Expectation } from '../generators/expectation.js';
import { documentedErrorRow, hasDocumentedRow, problemMember } from './error-row.js';
import { defineCheck } from './define.js';
import { show } from './support.js';

/** Letters and digits only, lower case: "AccountIdFilter", "account id filter" and "accountIdFilter" compare equal. */
const folded = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a Problem `detail` names the item `name`, in any letter case or spacing. */
export const detailNames = (detail: unknown, name: string): boolean => typeof detail === 'string' && folded(detail).includes(folded(name));

/** The item names of the request's attribute list `list` (name or Name members). */
function itemNames(body: unknown, list: string): string[] {
  const items = (body as Record<string, unknown> | undefined)?.[list];
  if (!Array.isArray(items)) return [];
  return items.flatMap((it) => {
    const name = (it as Record<string, unknown> | null)?.name ?? (it as Record<string, unknown> | null)?.Name;
    return typeof name === 'string' && name.length > 0 ? [name] : [];
  });
}

/**
 * The row's `detail` names the invalid fields where the Errors part says so (INVALID_INFORMATION:
 * "detail names the invalid fields"). Which item was invalid is the target's judgement, so the
 * rule is that the detail names at least one of the items sent; a generic text names none.
 * @see interface.md "AddSessionAttributes", "Errors"
 */
export const detailNamesInvalidFields = defineCheck({
  id: 'detailNamesInvalidFields', requirement: 'ERR-INVALID-INFORMATION', expectation: 'Expectation',
  cases: ['validation', 'problem'],
  description: 'where the Errors row says the detail names the invalid fields, it names at least one item sent',
  rule(x, e: Expectation, fail) {
    const row = documentedErrorRow(x, e)!;
    const names = itemNames(x.request.body, row.detailNamesItemsOf!);
    const detail = problemMember(x, 'detail');
    if (names.length === 0 || names.some((n) => detailNames(detail, n))) return [];
    return [fail(e.operation, {
      title: 'Problem detail names no invalid field',
      received: `detail ${show(detail)}`,
      documented: `a detail naming the invalid fields, among ${names.join(', ')} (${row.condition})`,
      key: [row.key],
    }, x)];
  },
  when: [hasDocumentedRow, (x, e: Expectation) => documentedErrorRow(x as never, e)?.detailNamesItemsOf !== undefined],
});
