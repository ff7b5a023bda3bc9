/**
 * CONFORMANCE_ONLY and CONFORMANCE_SKIP follow one rule, shared with the summary so that what a
 * narrowed run shows as selected is what its properties check (reporting/selection.ts).
 */
export { selectsProperty, skipsProperty, type SelectableProperty } from '../../../reporting/selection.js';

/** Seeds per property, derived from the run seed, so one printed seed replays any property. */
export function propertySeed(runSeed: number, propertyName: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < propertyName.length; i++) h = (Math.imul(h ^ propertyName.charCodeAt(i), 0x01000193) + 0x9e3779b9) | 0;
  return h;
}
