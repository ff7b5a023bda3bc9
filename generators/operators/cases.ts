/**
 * The requests that send the catalogue's operators in the cells of one operation (issue 27),
 * each with the operator x cell pairs it carries and what the register lets it assert:
 * - `rejected`: every cell the operator rejects in one request (D14: the answer names every
 *   invalid key), one request per value where the operator enumerates a class;
 * - `open`: the open cells of the operator in one otherwise valid request, judged as the answer
 *   the target chose (D38-D43);
 * - `served-as-valid`: a valid request written another allowed way, judged as a valid one.
 * Deterministic for a seed: the suites send them all in their coverage phase, whatever the seed.
 */
import { fieldKey, operations, type Operation } from '../../contract/index.js';
import { applicablePairs, contractCells, fieldRuleOperators, type Cell, type Operator, type OperatorAssertion, type OperatorPair } from '../../contract/operators/index.js';
import { acceptedExpectation } from '../accepted.js';
import { sampleOne } from '../coverage.js';
import type { OpenField } from '../expectation.js';
import { validPayload, type Payload, type PayloadOptions } from '../payloads.js';
import { applyBreakages, type GeneratedCase } from '../violations.js';
import { cellBreakages, memberKey, validOf } from './cells.js';
import { itemShapeCases, listCase } from './lists.js';
import { valueBuilders } from './values.js';
import { existingCustomerSlot, registeredCardSlot } from './slots.js';
import { unknownMemberName, wireVariants, wires, type Wire } from './wire.js';
import { packOpenCases } from './packing.js';
import { shareAccepted } from './sharing.js';

export interface OperatorCase extends GeneratedCase {
  /** The operator x cell pairs this request sends. */
  readonly pairs: readonly OperatorPair[];
  readonly wire?: Wire;
  /** The valid request the operator's values were put in (packing.ts puts a named value back from it). */
  readonly valid?: Payload;
  /** A request holding values the document leaves open (D38-D40): that property sends it (plan.ts). */
  readonly documentOpen?: boolean;
}

const decisionOf = (o: Operator, cell?: Cell): string => (cell?.format === 'email' ? 'D39' : /D[0-9]+/.exec(o.backing.join(' '))?.[0] ?? 'interface.md');

/** A validation case turned open: the sent values are observed, never judged (generators/open-values.ts does the same). */
export function asOpen(op: Operation, c: GeneratedCase, decision: string): GeneratedCase {
  if (c.expectation.kind !== 'validation') return c;
  const sent = c.expectation.broken.map((k): OpenField => ({ decision, ...k }));
  return { ...c, expectation: { kind: 'open', operation: op.id, sent, validKeys: c.expectation.validKeys, ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}) } };
}

const pairsOf = (o: Operator, cells: readonly Cell[]): OperatorPair[] => cells.map((c) => ({ operator: o.id, cell: c.id }));

/**
 * Value operators: the cells of one assertion, one request per enumerated value. Open values
 * left open by another decision (an e-mail address, D39) or that break a cell's length column (an
 * emoji in a one-character field) go in a request of their own, so a refusal of those never hides
 * what the target did with the others.
 */
function valueCases(op: Operation, o: Operator, cells: readonly Cell[], assertion: OperatorAssertion, p: Payload, options: PayloadOptions, seed: number, shapes?: Shapes): OperatorCase[] {
  const build = valueBuilders[o.id]!;
  const values = new Map(cells.map((c) => [c, build(validOf(op, c, p, options, seed), c)] as const));
  const fits = (c: Cell) => (values.get(c) ?? []).every((v) => typeof v !== 'string' || c.maxLength === undefined || v.length <= c.maxLength);
  // Open values: one request per decision that leaves them open (an e-mail's D39 apart from free text's D41), and per fit.
  const keyOf = (c: Cell) => `${decisionOf(o, c)} ${fits(c)}`;
  const parts = o.oneCellPerRequest ? cells.map((c) => [c])
    : assertion === 'open' ? [...new Set(cells.map(keyOf))].map((k) => cells.filter((c) => keyOf(c) === k)) : [cells];
  return parts.flatMap((part) => {
    const count = Math.max(...part.map((c) => values.get(c)!.length));
    return Array.from({ length: count }, (_, k) => {
      const chosen = new Map(part.filter((c) => values.get(c)!.length > 0).map((c) => [c, values.get(c)![k % values.get(c)!.length]] as const));
      const on = shapes?.requiredOnly(part) ? shapes.required : p;
      const c = applyBreakages(op, on, cellBreakages(op, on, chosen, o.id, options, (cell) => decisionOf(o, cell)), options);
      const described = { ...c, description: `${op.id}: ${o.id} (${assertion}) in ${part.map((x) => x.name).join(', ')}` };
      // Valid values written another valid way (a calendar edge) are judged as the valid payload is.
      // A valid value that contradicts the customer's record (another SSN than the enrolled one) may be refused for it (D37).
      if (assertion === 'served-as-valid') return { input: c.input, description: described.description, expectation: { ...acceptedExpectation(op), ...(part.some((x) => x.restates) ? { ownRefusals: true } : {}) }, pairs: pairsOf(o, part) };
      return { ...(assertion === 'open' ? asOpen(op, described, decisionOf(o)) : described), pairs: pairsOf(o, part), valid: on };
    });
  });
}

/**
 * A rule checked on one payload shape only (blind12: the BIN's format inside the branch that reads
 * lastFourOfCard): rejected values go in the payload with every optional member or in one with the
 * required members only, each request in the shape its cells have met less so far, so a field's near
 * misses meet both shapes at no request more (a field with one rejected request meets one).
 */
interface Shapes {
  readonly required: Payload;
  /** Whether a request of `cells` goes on the required-only payload (and notes it went so). */
  readonly requiredOnly: (cells: readonly Cell[]) => boolean;
}

/** The tally behind `Shapes.requiredOnly`: per cell, requests on every optional member minus those on the required ones. */
function shapeTally(): (cells: readonly Cell[]) => boolean {
  const lead = new Map<string, number>();
  return (cells) => {
    const required = cells.reduce((sum, c) => sum + (lead.get(c.id) ?? 0), 0) > 0;
    for (const c of cells) lead.set(c.id, (lead.get(c.id) ?? 0) + (required ? -1 : 1));
    return required;
  };
}

/** Body and media-type operators: one otherwise valid request written the operator's way. */
function wireCase(op: Operation, o: Operator, cell: Cell, assertion: OperatorAssertion, p: Payload, options: PayloadOptions, variant?: Wire): OperatorCase {
  const body = { ...(p.body ?? {}) };
  const pairs = pairsOf(o, [cell]);
  const description = `${op.id}: ${o.id} (${assertion})`;
  const wire = variant ?? wires[o.id];
  if (assertion === 'served-as-valid') return { input: { ...p, body }, expectation: acceptedExpectation(op), description, pairs, ...(wire ? { wire } : {}) };
  const named = o.id === 'unknown-member' ? unknownMemberName : o.id === 'duplicate-member' ? Object.keys(body)[0] : undefined;
  if (o.id === 'unknown-member') body[unknownMemberName] = 'x';
  // A body that is not an object has no member to call valid.
  const validKeys = variant ? [] : op.fields.filter((f) => f.in === 'body' && f.name !== named).map((f) => memberKey(op, f.name));
  // A body-wide change (a byte order mark) is noted under the body as a whole.
  const sent: OpenField[] = [{ key: named ? memberKey(op, named) : 'body', requirement: 'ERR-VALIDATION', violation: o.id, decision: decisionOf(o) }];
  return {
    input: { ...p, body }, description, pairs, valid: p, ...(wire ? { wire } : {}),
    expectation: { kind: 'open', operation: op.id, sent, validKeys, ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}) },
  };
}

/**
 * The payload with what names the card the customer holds, for an operator sent on the update path;
 * on `existing-records`, a read's SSN and date of birth too (the keys FindCustomer looks the customer up by).
 */
function onState(op: Operation, o: Operator, p: Payload): Payload {
  if (o.sentOn === undefined || !p.body) return p;
  const slots = { 'card-number': registeredCardSlot.number, 'card-token': registeredCardSlot.token } as Record<string, string>;
  const keys = { ssn: existingCustomerSlot.ssn, dateOfBirth: existingCustomerSlot.dateOfBirth } as Record<string, string>;
  const standIn = (c: Cell): string | undefined =>
    c.resource !== undefined ? slots[c.resource] : o.sentOn === 'existing-records' && !c.writes && c.format ? keys[c.format] : undefined;
  const named = contractCells([op]).filter((c) => c.place === 'body' && standIn(c) !== undefined);
  return { ...p, body: { ...p.body, ...Object.fromEntries(named.map((c) => [c.name, standIn(c)!])) } };
}

/**
 * Every query parameter of `op` given twice (open, D42's reading carried to the query string): one
 * request per operation, each parameter the payload leaves out filled with a valid value first, so
 * every cell is sent (an unknown paging reference is open too, D30).
 */
function repeatedQueryCase(op: Operation, o: Operator, cells: readonly Cell[], p: Payload, options: PayloadOptions, seed: number): OperatorCase {
  const query: Record<string, string> = { ...(p.query ?? {}) };
  for (const c of cells) if (query[c.name] === undefined || query[c.name] === null) query[c.name] = validOf(op, c, p, options, seed);
  const sent: OpenField[] = cells.map((c) => ({ key: fieldKey(op, op.fields.find((f) => f.name === c.name)!), requirement: 'ERR-VALIDATION', violation: o.id, decision: 'D42' }));
  return {
    input: { ...p, query }, description: `${op.id}: ${o.id} (open) ${cells.map((c) => c.name).join(', ')} each given twice`,
    pairs: pairsOf(o, cells), wire: { repeatQuery: cells.map((c) => c.name) },
    expectation: { kind: 'open', operation: op.id, sent, validKeys: [], ...(op.refusesForOwnReasons ? { ownRefusals: true } : {}) },
  };
}

/** Every operator case of `op` for `seed`: every applicable pair of the field-rule operators in at least one request. */
export function operatorCases(op: Operation, options: PayloadOptions, seed: number, catalogue: readonly Operator[] = fieldRuleOperators): OperatorCase[] {
  return packOpenCases(op, unpackedOperatorCases(op, options, seed, catalogue), options);
}

/** The operator cases of `op` for `seed` before open values of different members share requests (generators/operators/plan.ts packs them). */
export function unpackedOperatorCases(op: Operation, options: PayloadOptions, seed: number, catalogue: readonly Operator[] = fieldRuleOperators): OperatorCase[] {
  const cells = contractCells([op]);
  const out: OperatorCase[] = [];
  let n = 0;
  const requiredOnly = shapeTally();
  for (const o of catalogue) {
    const mine = cells.filter((c) => o.appliesTo(c));
    for (const assertion of [...new Set(mine.map((c) => o.asserts(c)))]) {
      const group = mine.filter((c) => o.asserts(c) === assertion);
      const p = onState(op, o, sampleOne(validPayload(op, { ...options, includeOptional: true }), seed + n++));
      const shapes = assertion === 'rejected' ? { required: onState(op, o, sampleOne(validPayload(op, { ...options, includeOptional: false }), seed + n)), requiredOnly } : undefined;
      if (valueBuilders[o.id]) out.push(...valueCases(op, o, group, assertion, p, options, seed + n, shapes));
      else if (o.id === 'attribute-item-not-object') out.push(...group.flatMap((c) => itemShapeCases(op, o, c, p).map((x) => ({ ...x, pairs: pairsOf(o, [c]) }))));
      else if (wireVariants[o.id]) out.push(...group.map((c) => wireCase(op, o, c, assertion, p, options, wireVariants[o.id]![operations.indexOf(op) % wireVariants[o.id]!.length])));
      else if (o.id === 'repeated-query-parameter') out.push(repeatedQueryCase(op, o, group, p, options, seed + n));
      else if (o.family === 'list-size') out.push(...group.map((c) => ({ ...listCase(op, o, c, p, options, seed + n), pairs: pairsOf(o, [c]) })));
      else out.push(...group.map((c) => wireCase(op, o, c, assertion, p, options)));
    }
  }
  const sent = new Set(out.flatMap((c) => c.pairs.map((x) => `${x.operator} ${x.cell}`)));
  const missing = applicablePairs(catalogue, cells).filter((x) => !sent.has(`${x.operator} ${x.cell}`));
  if (missing.length) throw new Error(`generators: no request builds operator ${missing[0]!.operator} in ${missing[0]!.cell}: add its builder under generators/operators/`);
  // Served-as-valid values of different operators share requests (sharing.ts); open ones are packed later (packing.ts, plan.ts).
  return shareAccepted(op, out);
}
