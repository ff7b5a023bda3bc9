import { requirements } from '../../../contract/requirements.js';
import { namesRequirement } from '../../../reporting/rows.js';

/**
 * CONFORMANCE_ONLY narrows a run to operations, areas or requirement ids. A property is
 * selected when the list is empty or names its operation, its area, or one of its
 * requirements; the summary lists what was left out.
 */
export interface Selectable {
  readonly area: string;
  readonly operation?: string;
  readonly requirements: readonly string[];
}

export function isSelected(only: readonly string[], item: Selectable): boolean {
  if (only.length === 0) return true;
  const names = new Set(only.map((s) => s.toLowerCase()));
  return (
    names.has(item.area.toLowerCase()) ||
    (item.operation !== undefined && names.has(item.operation.toLowerCase())) ||
    item.requirements.some((r) => names.has(r.toLowerCase()))
  );
}

/**
 * CONFORMANCE_SKIP leaves a property out when it names the property's area or operation, or
 * every requirement it checks (by id, operation or section): the gaps are the user's to accept,
 * and the summary lists them. A property with one requirement not skipped still runs.
 */
export function isSkipped(skip: readonly string[], item: Selectable): boolean {
  if (skip.length === 0) return false;
  const names = new Set(skip.map((s) => s.toLowerCase()));
  if (names.has(item.area.toLowerCase()) || (item.operation !== undefined && names.has(item.operation.toLowerCase()))) return true;
  return item.requirements.length > 0 && item.requirements.every((id) => namesRequirement(skip, requirements.find((q) => q.id === id) ?? { id, section: '' }));
}

/** Seeds per property, derived from the run seed, so one printed seed replays any property. */
export function propertySeed(runSeed: number, propertyName: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < propertyName.length; i++) h = (Math.imul(h ^ propertyName.charCodeAt(i), 0x01000193) + 0x9e3779b9) | 0;
  return h;
}
