/**
 * Open values that ride on a write's bounds payloads where an accepted request enrols a customer for
 * good (issue 30 item 6). A bounds payload must be accepted (its acceptance is asserted), so it enrols
 * anyway; an open value in a member the bounds payloads leave as generated (a date of birth, a gender)
 * rides on it, and one customer is spent for the bounds and the values. Verdicts stay apart
 * (suites/lib/fields/send-case.ts): accepted, every value is observed accepted and the bounds pass as
 * before; a 400 naming only open values notes those refused and sends the payload again without them;
 * any other answer sends the bounds payload again bare, judged as before, and the values on their own.
 * An identity member (the SSN) never carries a rider: a fixed value would be a duplicate on a later
 * night, refusing the bounds payload for a reason of the target's own.
 */
import type { Operation } from '../../contract/index.js';
import { boundedMembers, type BoundsCase } from '../boundaries.js';
import type { Expectation } from '../expectation.js';
import { wireKey, wireName, type PayloadOptions } from '../payloads.js';
import type { OperatorCase } from './cases.js';
import type { OperatorPair } from '../../contract/operators/index.js';
import type { Wire } from './wire.js';
import { members, packTogether, type PackedCase } from './packing.js';

type Open = Expectation & { kind: 'open' };

/** The open values riding on one bounds payload: the payload with them, and what to send when its answer says nothing of them. */
export interface OpenRiders {
  /** The bounds payload (its media type too) with the values in, packed: a named value goes back to the bound payload's. */
  readonly riding: PackedCase;
  /** The bounds payload without them, as it was. */
  readonly bare: BoundsCase;
  /** The values on their own payloads, packed as they would be without riding. */
  readonly alone: PackedCase;
}

/** A bounds payload carrying open values. */
export interface BoundsWithOpen extends BoundsCase {
  readonly open: OpenRiders;
  /** The media type's pairs where one rides too (riders.ts), and the open values'. */
  readonly pairs: readonly OperatorPair[];
  readonly wire?: Wire;
}

/** The members no open value may ride in: the bounds payloads' own and the identity D16 checks for duplicates. */
function closedMembers(op: Operation, options: PayloadOptions): Set<string> {
  const identity = op.fields.filter((f) => f.in === 'body' && (f.format === 'ssn' || f.format === 'email')).map((f) => wireName(f, options));
  return new Set([...boundedMembers(op, options), ...identity]);
}

/** The members an open case's values take, where it may ride (plain JSON, open, in members left open); else undefined. */
function rideable(c: OperatorCase, memberOf: ReadonlyMap<string, string>, closed: ReadonlySet<string>): string[] | undefined {
  if (c.expectation.kind !== 'open' || c.wire || c.valid?.body === undefined || c.expectation.sent.length === 0) return undefined;
  const places = c.expectation.sent.map((s) => memberOf.get(s.key));
  return places.every((p) => p !== undefined && !closed.has(p)) ? (places as string[]) : undefined;
}

/**
 * The bounds payloads with open values riding (each payload the first cases, in order, that fit in
 * members still free in it), and the cases left. Deterministic: the order of `cases` decides.
 * Only an operation whose accepted request enrols an identity (D16) takes riders.
 */
export function rideOpenValues(op: Operation, bounds: readonly BoundsCase[], cases: readonly OperatorCase[], options: PayloadOptions): { bounds: BoundsCase[]; rest: OperatorCase[] } {
  if (op.refusesForOwnReasons !== 'D16' || bounds.length === 0) return { bounds: [...bounds], rest: [...cases] };
  const memberOf = members(op, options);
  const closed = closedMembers(op, options);
  const taken = new Set<OperatorCase>();
  const ridden = bounds.map((b): BoundsCase => {
    // A member with a valid edge value (generators/edge-valid.ts) keeps it: its acceptance is asserted.
    const used = new Set<string>(b.edged ?? []);
    const riders: OperatorCase[] = [];
    for (const c of cases) {
      const mine = taken.has(c) ? undefined : rideable(c, memberOf, closed);
      if (!mine || mine.some((m) => used.has(m))) continue;
      mine.forEach((m) => used.add(m));
      riders.push(c);
      taken.add(c);
    }
    return riders.length === 0 || !b.input.body ? b : withOpen(op, b, riders, memberOf, options);
  });
  return { bounds: ridden, rest: cases.filter((c) => !taken.has(c)) };
}

/** `b` carrying the values of `riders` in their members. */
function withOpen(op: Operation, b: BoundsCase, riders: readonly OperatorCase[], memberOf: ReadonlyMap<string, string>, options: PayloadOptions): BoundsWithOpen {
  const body: Record<string, unknown> = { ...b.input.body };
  const places: Record<string, string> = {};
  const sent = riders.flatMap((r) => (r.expectation as Open).sent);
  for (const r of riders)
    for (const s of (r.expectation as Open).sent) {
      const m = memberOf.get(s.key)!;
      places[s.key] = m;
      if (r.input.body && m in r.input.body) body[m] = r.input.body[m];
      else delete body[m];
    }
  const taken = new Set(Object.values(places));
  const validKeys = op.fields.filter((f) => f.in === 'body' && wireName(f, options) in body && !taken.has(wireName(f, options))).map((f) => wireKey(op, f, options));
  const pairs = riders.flatMap((r) => r.pairs);
  const wire = 'wire' in b ? (b as OperatorCase).wire : undefined;
  const riding: PackedCase = {
    input: { ...b.input, body }, valid: b.input, ...(wire ? { wire } : {}),
    description: `${b.description}; with open values ${riders.map((r) => r.description.replace(`${op.id}: `, '')).join('; ')}`,
    expectation: { kind: 'open', operation: op.id, sent, validKeys, ownRefusals: true },
    pairs, repack: { memberOf: places, valid: b.input.body!, written: {} },
  };
  const riderPairs = 'pairs' in b ? (b as OperatorCase).pairs : [];
  return { ...b, input: riding.input, description: riding.description, pairs: [...riderPairs, ...pairs], open: { riding, bare: b, alone: packTogether(op, riders, options) } };
}
