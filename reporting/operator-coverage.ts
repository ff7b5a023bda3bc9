/**
 * Operator coverage (issue 27): how many operator x cell pairs of the catalogue
 * (contract/operators/) the run sent out of how many apply, and why each one left out was left
 * out. Derived from the records (each property's first record carries the pairs its judged cases
 * sent) and the catalogue, never counted by hand.
 */
import { applicablePairs, contractCells, operatorCatalogue, type Cell, type Operator } from '../contract/operators/index.js';
import type { ResultRecord } from './result.js';

export interface LeftOutPair {
  readonly operator: string;
  readonly cell: string;
  readonly why: string;
}

export interface OperatorCoverage {
  readonly applicable: number;
  readonly sent: number;
  /** By family: pairs sent of those that apply. */
  readonly families: ReadonlyArray<{ readonly family: string; readonly sent: number; readonly applicable: number }>;
  readonly leftOut: readonly LeftOutPair[];
}

/** What the run could or could not send, beside the records. */
export interface OperatorRunContext {
  /** The production profile: requests that would write are not sent. */
  readonly production: boolean;
  /** Profile variables that are set (TARGET_OFF_LIST_ADDRESS ...). */
  readonly variables: readonly string[];
  /** CONFORMANCE_ONLY, CONFORMANCE_SKIP or a vitest filter narrowed the run. */
  readonly narrowed: boolean;
}

function whyLeftOut(o: Operator, cell: Cell, run: OperatorRunContext): string {
  if (o.needs && !run.variables.includes(o.needs)) return `a variable not set: ${o.needs}`;
  if (run.production && cell.writes && !['rejected', 'refused'].includes(o.asserts(cell))) return 'production profile: the request would write to the target';
  if (run.production && o.sentOn === 'registered-card') return 'production profile: the case needs a card added to the target first';
  if (run.narrowed) return 'not selected: CONFORMANCE_ONLY, CONFORMANCE_SKIP or a filter narrowed the run';
  return 'not sent: its case stayed broken, its property stopped, or the request budget ran out (see the broken rows)';
}

export function operatorCoverage(records: readonly ResultRecord[], run: OperatorRunContext, catalogue: readonly Operator[] = operatorCatalogue, cells: readonly Cell[] = contractCells()): OperatorCoverage {
  const sentKeys = new Set(records.flatMap((r) => r.operatorPairs ?? []).map((p) => `${p.operator} ${p.cell}`));
  const byId = new Map(cells.map((c) => [c.id, c]));
  const operators = new Map(catalogue.map((o) => [o.id, o]));
  const pairs = applicablePairs(catalogue, cells);
  const sentPairs = pairs.filter((p) => sentKeys.has(`${p.operator} ${p.cell}`));
  const families = [...new Set(catalogue.map((o) => o.family))].map((family) => {
    const of = pairs.filter((p) => operators.get(p.operator)!.family === family);
    return { family, applicable: of.length, sent: of.filter((p) => sentKeys.has(`${p.operator} ${p.cell}`)).length };
  });
  const leftOut = pairs.filter((p) => !sentKeys.has(`${p.operator} ${p.cell}`))
    .map((p) => ({ ...p, why: whyLeftOut(operators.get(p.operator)!, byId.get(p.cell)!, run) }));
  return { applicable: pairs.length, sent: sentPairs.length, families, leftOut };
}

/** One line for the verdict table, the summary and the certificate. */
export const operatorCoverageLine = (c: OperatorCoverage): string =>
  `${c.sent} of ${c.applicable} operator x cell pairs sent${c.leftOut.length ? `, ${c.leftOut.length} left out` : ''}`;

/** The left-out pairs grouped by reason, for the reports (`why: operator in cell, ...`). */
export function leftOutByReason(c: OperatorCoverage): Array<{ why: string; pairs: readonly LeftOutPair[] }> {
  const groups = new Map<string, LeftOutPair[]>();
  for (const p of c.leftOut) groups.set(p.why, [...(groups.get(p.why) ?? []), p]);
  return [...groups].map(([why, pairs]) => ({ why, pairs }));
}
