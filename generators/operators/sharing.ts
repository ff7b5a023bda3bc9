/**
 * Valid values written another allowed way (served-as-valid: a calendar edge, a card number without a
 * Luhn check, an SSN outside the SSA's issuance) share requests: a request of valid values is valid
 * whatever its members, so the k-th value of one operator goes beside the k-th of another in other
 * cells of the same operation, one request fewer each. A refusal still says which: a 400 names its
 * keys, and the request carries every value it was judged on. Pure.
 */
import { contractCells, type Cell } from '../../contract/operators/index.js';
import type { Operation } from '../../contract/index.js';
import type { AttributeItem } from '../attributes.js';
import type { Payload } from '../payloads.js';

interface Shared {
  readonly input: Payload;
  readonly description: string;
  readonly pairs: readonly { readonly operator: string; readonly cell: string }[];
  readonly expectation: { readonly kind: string };
  readonly wire?: unknown;
}

type Members = Record<string, unknown>;

/** The value `cell` has in `p`, where the cell's own name carries it (undefined otherwise). */
function valueIn(p: Payload, cell: Cell): unknown {
  if (cell.place === 'attribute') return ((p.body?.[cell.list!] ?? []) as AttributeItem[]).find((it) => it.name === cell.name);
  return (cell.place === 'query' ? p.query : p.body)?.[cell.name];
}

/** `into` with the values `cells` have in `from`. */
function carry(into: Payload, from: Payload, cells: readonly Cell[]): Payload {
  const body: Members = { ...(into.body ?? {}) };
  const query: Members = { ...(into.query ?? {}) };
  for (const cell of cells) {
    const v = valueIn(from, cell);
    if (cell.place === 'attribute') {
      const list = [...((body[cell.list!] ?? []) as AttributeItem[])];
      const at = list.findIndex((it) => it.name === cell.name);
      if (at < 0) list.push(v as AttributeItem); else list[at] = v as AttributeItem;
      body[cell.list!] = list;
    } else (cell.place === 'query' ? query : body)[cell.name] = v;
  }
  return { ...into, ...(into.body ? { body } : {}), ...(into.query ? { query: query as Record<string, string> } : {}) };
}

/** Served-as-valid value cases of `op` packed: each goes beside cases of other operators in other cells. */
export function shareAccepted<T extends Shared>(op: Operation, cases: readonly T[]): T[] {
  const cellOf = new Map(contractCells([op]).map((c) => [c.id, c] as const));
  const cellsOf = (c: T) => c.pairs.map((p) => cellOf.get(p.cell)!);
  const shareable = (c: T) => c.expectation.kind === 'accepted' && c.wire === undefined && cellsOf(c).every((cell) => cell && cell.place !== 'header' && valueIn(c.input, cell) !== undefined);
  const out: T[] = [];
  const bins: T[] = [];
  for (const c of cases) {
    if (!shareable(c)) { out.push(c); continue; }
    const taken = (b: T) => b.pairs.some((p) => p.operator === c.pairs[0]!.operator || c.pairs.some((q) => q.cell === p.cell));
    const at = bins.findIndex((b) => !taken(b));
    if (at < 0) { bins.push(c); continue; }
    const b = bins[at]!;
    // A refusal one of them allows (D37: a value contradicting the customer's record) is allowed to the shared request.
    const own = (x: T) => (x.expectation as { ownRefusals?: boolean }).ownRefusals === true;
    const expectation = own(c) && !own(b) ? { ...b.expectation, ownRefusals: true } : b.expectation;
    bins[at] = { ...b, expectation, input: carry(b.input, c.input, cellsOf(c)), pairs: [...b.pairs, ...c.pairs], description: `${b.description}; ${c.description.replace(/^[A-Za-z]+: /, '')}` };
  }
  return [...out, ...bins];
}
