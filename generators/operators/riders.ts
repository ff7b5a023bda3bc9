/**
 * Valid requests written another allowed way that ride on a write's bounds payloads (issue 30 item 6).
 * A media type the register asserts is served as plain JSON (D43: `; charset=utf-8`, its letter case)
 * is asserted of a valid payload, as a payload of bounds is: both must be accepted, so one request
 * can carry both, and an accepted EnrollCustomer (a customer for good) is spent once for the two.
 * Verdicts stay apart: after a failing answer the rider goes again alone, on the valid payload it was
 * built on, before any bound does (suites/lib/fields/send-case.ts), so a 415 is the media type's and a
 * bound's refusal the bound's. Only a rider that changes the header alone rides: a body written
 * another way is not the bounds payload any more.
 */
import type { OperatorPair } from '../../contract/operators/index.js';
import type { BoundsCase } from '../boundaries.js';
import type { GeneratedCase } from '../violations.js';
import type { Wire } from './wire.js';

/** An operator case as cases.ts builds it (declared here too: cases.ts is where riders come from, not a dependency). */
interface OperatorCase extends GeneratedCase {
  readonly pairs: readonly OperatorPair[];
  readonly wire?: Wire;
}

/** A bounds payload with a rider: its wire and pairs, and the rider alone, to send first after a failure. */
export interface RiddenBounds extends BoundsCase {
  readonly wire: Wire;
  readonly pairs: readonly OperatorPair[];
  readonly rider: OperatorCase;
}

/** Whether `c` may ride: served as valid (accepted), written another way by its Content-Type header only. */
export const mayRide = (c: OperatorCase): boolean =>
  c.expectation.kind === 'accepted' && c.wire?.contentType !== undefined && c.wire.text === undefined && c.wire.repeatQuery === undefined;

/**
 * The first riders of `cases`, one per bounds payload, and the cases left to send on their own.
 * Deterministic: the order of `cases` decides, and the number of bounds payloads does not depend on the seed.
 */
export function splitRiders<T extends OperatorCase>(cases: readonly T[], rounds: number): { riding: T[]; rest: T[] } {
  const riding = cases.filter(mayRide).slice(0, rounds);
  return { riding, rest: cases.filter((c) => !riding.includes(c)) };
}

/** The bounds payloads, the k-th carrying the k-th rider. */
export function withRiders(bounds: readonly BoundsCase[], riders: readonly OperatorCase[]): BoundsCase[] {
  return bounds.map((b, k) => {
    const rider = riders[k];
    if (!rider?.wire) return b;
    const ridden: RiddenBounds = {
      ...b, wire: rider.wire, pairs: rider.pairs, rider,
      description: `${b.description}; sent as ${rider.description.replace(/^[A-Za-z]+: /, '')}`,
      parts: [rider, ...(b.parts ?? [])],
    };
    return ridden;
  });
}
