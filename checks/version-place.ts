import { listedResources, versionParameter } from '../contract/resources.js';
import { defineCheck } from './define.js';
import { bodyObject, is2xx, type Responded } from './support.js';

/**
 * What a read's query parameters select in its answer: the ids of each listed resource, as a set
 * (the order of cards is not shown, and ties in the history's order may fall either way), and the
 * count beside a list. Members other than these (a traceId a target adds) say nothing of the query.
 */
export interface AnswerSelection {
  readonly lists: Readonly<Record<string, readonly string[]>>;
  readonly counts: Readonly<Record<string, unknown>>;
}

export function answerSelection(x: Responded): AnswerSelection {
  const body = bodyObject(x) ?? {};
  const lists: Record<string, string[]> = {};
  const counts: Record<string, unknown> = {};
  for (const { member, id, count } of listedResources) {
    const list = body[member];
    if (Array.isArray(list)) lists[member] = list.map((item) => String((item as Record<string, unknown> | null)?.[id] ?? JSON.stringify(item))).sort();
    if (count !== undefined && count in body) counts[count] = body[count];
  }
  return { lists, counts };
}

/** The first way two selections differ, in words; undefined where they agree. */
export function selectionDifference(got: AnswerSelection, want: AnswerSelection): string | undefined {
  for (const member of new Set([...Object.keys(got.lists), ...Object.keys(want.lists)])) {
    const [a, b] = [got.lists[member], want.lists[member]];
    if (a?.join() !== b?.join()) return `${member}: ${a ? `${a.length} item(s)` : 'absent'} where the other answer lists ${b ? `${b.length}` : 'none'}`;
  }
  for (const member of new Set([...Object.keys(got.counts), ...Object.keys(want.counts)]))
    if (got.counts[member] !== want.counts[member]) return `${member} ${JSON.stringify(got.counts[member])} where the other answer counts ${JSON.stringify(want.counts[member])}`;
  return undefined;
}

export interface VersionPlaceExpectation {
  /** What the same read selected with the version selected another way, served (2xx). */
  readonly baseline: AnswerSelection;
  /** How the baseline selected the version (`in the header`). */
  readonly baselineWay: string;
  /** Where apiVersion stood in this request's query string (`first`, `before pageSize`). */
  readonly place: string;
}

/**
 * VERSION-QUERY: apiVersion selected by the query string selects the version only, wherever it
 * stands among the other parameters: a served read selects what the same read selects with the
 * version another way (blind16: a URL rewrite cut the parameters after apiVersion).
 * @see interface.md "Versioning", decisions.md D5
 */
export const versionPlaceIgnored = defineCheck({
  id: 'versionPlaceIgnored', requirement: 'VERSION-QUERY', expectation: 'VersionPlaceExpectation',
  description: 'apiVersion\'s place among the query parameters changes nothing a served read selects (D5)',
  when: [(x) => is2xx(x.response.status)],
  rule(x, e: VersionPlaceExpectation, fail) {
    const difference = selectionDifference(answerSelection(x), e.baseline);
    if (difference === undefined) return [];
    return [fail(x.request.operation, {
      title: `Query parameters lost beside ${versionParameter}`,
      received: `with ${versionParameter} ${e.place} in the query string: ${difference}`,
      documented: `the version is selected by a header or a query string parameter named ${versionParameter}: it selects the version only, so the same read with it ${e.baselineWay} selects the same`,
      key: [e.place],
    }, x)];
  },
});
