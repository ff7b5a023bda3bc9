import { requirements } from '../contract/requirements.js';

/**
 * The one rule of CONFORMANCE_ONLY and CONFORMANCE_SKIP, for the runner (which properties run)
 * and the summary (which rows expect a result). An entry names a requirement by its id, its
 * operation or its interface.md section, and a property by its area, its operation or any
 * requirement it checks. Because a property is named through its requirements, every row an
 * entry selects in the summary is checked by some property the runner runs (`Errors` runs
 * each property that checks an Errors row), and no row is left "not covered" by selection alone.
 */
interface Named {
  readonly id: string;
  readonly section: string;
  readonly operation?: string | undefined;
}

export interface SelectableProperty {
  readonly area: string;
  readonly operation?: string;
  /** Requirement ids the property checks. */
  readonly requirements: readonly string[];
}

const names = (list: readonly string[], ...own: ReadonlyArray<string | undefined>): boolean => {
  const mine = own.filter((n): n is string => !!n).map((n) => n.toLowerCase());
  return list.some((entry) => mine.includes(entry.toLowerCase()));
};

const byId = new Map<string, Named>(requirements.map((q) => [q.id, q]));
/** A requirement id outside the catalogue is named by its id alone. */
const rowOf = (id: string): Named => byId.get(id) ?? { id, section: '' };

/** Whether the list names the requirement: its id, operation or section. */
export function namesRequirement(list: readonly string[], q: Named): boolean {
  return names(list, q.id, q.operation, q.section);
}

/** Whether the list names the property: its area, its operation, or any requirement it checks. */
export function namesProperty(list: readonly string[], p: SelectableProperty): boolean {
  return names(list, p.area, p.operation) || p.requirements.some((id) => namesRequirement(list, rowOf(id)));
}

/** CONFORMANCE_ONLY: everything when empty. */
export function selectsRequirement(only: readonly string[], q: Named): boolean {
  return only.length === 0 || namesRequirement(only, q);
}

export function selectsProperty(only: readonly string[], p: SelectableProperty): boolean {
  return only.length === 0 || namesProperty(only, p);
}

/**
 * CONFORMANCE_SKIP leaves a property out when it names the property's area or operation, or
 * every requirement it checks: the gaps are the user's to accept, and the summary lists them.
 * A property with one requirement not skipped still runs.
 */
export function skipsProperty(skip: readonly string[], p: SelectableProperty): boolean {
  if (skip.length === 0) return false;
  if (names(skip, p.area, p.operation)) return true;
  return p.requirements.length > 0 && p.requirements.every((id) => namesRequirement(skip, rowOf(id)));
}
