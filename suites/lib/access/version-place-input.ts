import fc from 'fast-check';
import { listedResources, type Operation } from '../../../contract/index.js';
import type { Cell } from '../../../contract/operators/index.js';
import type { Exchange } from '../../../client/index.js';
import { validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { FixtureError } from '../state/fixture-errors.js';

/** A customer whose cards and history nothing else changes while a case reads them twice (the history suite's). */
export interface SteadyCustomer {
  readonly customerId: string;
  readonly cards: ReadonlyArray<{ readonly cardId: string }>;
}

/** Reads the operation with `input`, the version in the header; the case judges every answer. */
export type HeaderRead = (input: Record<string, unknown>) => Promise<Exchange>;

/** The ids of the first resource list an answer carries, in its order. */
export function listedIds(x: Exchange): string[] {
  const body = (x.response?.status ?? 0) >= 200 && (x.response?.status ?? 0) < 300 ? (x.response?.json as Record<string, unknown> | undefined) : undefined;
  for (const { member, id } of listedResources) {
    const list = body?.[member];
    if (Array.isArray(list)) return list.map((item) => (item as Record<string, unknown> | null)?.[id]).filter((v): v is string => typeof v === 'string');
  }
  return [];
}

/** Items a list needs before every parameter shows: a page of 2 from the second item differs from the first page. */
const enough = 3;

/**
 * A value for each query parameter (`cells`, in the contract's order) chosen so that each one
 * changes what the read selects: the customer; the card of the customer's whose list is longest
 * (read until one has `enough`); the second item of that list as the paging reference; an Int one
 * above its lowest bound (pageSize 2 cuts a page); anything else a valid generated value. A
 * reference the lists cannot give (an empty history) is left out, and its cell is not sent.
 */
export async function readInput(ctx: HarnessContext, op: Operation, cells: readonly Cell[], customer: SteadyCustomer, read: HeaderRead): Promise<Record<string, unknown>> {
  const of = (kind: string) => cells.find((c) => c.resource === kind)?.name;
  const [customerName, cardName, referenceName] = [of('customer'), of('card'), of('transaction')];
  const base = customerName ? { [customerName]: customer.customerId } : {};
  let best: { card?: string; ids: string[] } = { ids: [] };
  if (cardName) {
    for (const { cardId } of customer.cards) {
      const ids = listedIds(await read({ ...base, [cardName]: cardId }));
      if (ids.length > best.ids.length || best.card === undefined) best = { card: cardId, ids };
      if (ids.length >= enough) break;
    }
    if (best.card === undefined) throw new FixtureError(`the customer holds no card to set ${op.id}'s ${cardName} to`);
  } else if (referenceName) best = { ids: listedIds(await read(base)) };
  const sample = fc.sample(validPayload(op, { includeOptional: true }), { seed: ctx.runSeed, numRuns: 1 })[0] as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const cell of cells) {
    const field = op.fields.find((f) => f.name === cell.name);
    const reference = best.ids[1] ?? best.ids[0];
    if (cell.name === customerName) input[cell.name] = customer.customerId;
    else if (cell.name === cardName) input[cell.name] = best.card;
    else if (cell.name === referenceName) { if (reference !== undefined) input[cell.name] = reference; }
    else if (field?.type === 'int' && field.range) input[cell.name] = Math.min(field.range.min + 1, field.range.max);
    else if (cell.resource === undefined && sample[cell.name] !== undefined) input[cell.name] = sample[cell.name];
    else if (cell.required) throw new FixtureError(`no value naming the customer's state for ${op.id}'s required ${cell.name}`);
  }
  return input;
}
