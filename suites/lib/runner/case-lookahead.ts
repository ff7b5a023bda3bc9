import fc from 'fast-check';
import type { CaseEnd } from './rerun.js';

/**
 * Cases of a property whose cases share no state run a few at a time (issue 29): 50 ms from the
 * target, one case after another leaves the requests TARGET_CONCURRENCY allows unused. fast-check
 * still decides every case and reads every result in its own order: the values it will draw are
 * known in advance (its examples, then `fc.sample` with the property's seed gives the same values
 * as `fc.check`), so while it waits for case i the next ones are already on their way. A value
 * that is not the one expected (the shrinking after a failure, a replayed path) ends the lookahead:
 * from there on every case runs when fast-check asks for it, one at a time, as before. Nothing is
 * started once the property found a failure or stopped, so at most `width - 1` cases more are sent
 * than a serial run would send, and none in a run that finds nothing.
 */
export class CaseLookahead<T> {
  readonly #keys: string[];
  readonly #started = new Map<number, Promise<CaseEnd>>();
  #next = 0;
  #open: boolean;

  constructor(readonly values: readonly T[], readonly width: number, readonly start: (value: T) => Promise<CaseEnd>) {
    this.#keys = values.map((v) => fc.stringify(v));
    this.#open = width > 1;
  }

  /** The end of the case fast-check asks for now: the one started ahead, or `live()` once the order left the plan. */
  end(value: T, live: () => Promise<CaseEnd>): Promise<CaseEnd> {
    const i = this.#next;
    if (!this.#open || i >= this.#keys.length || fc.stringify(value) !== this.#keys[i]) {
      this.close();
      return live();
    }
    this.#next = i + 1;
    for (let j = i; j < Math.min(i + this.width, this.values.length); j++)
      if (!this.#started.has(j)) this.#started.set(j, this.start(this.values[j]!));
    const end = this.#started.get(i)!;
    this.#started.delete(i);
    return end;
  }

  /** No case is started ahead any more (a failure was found, or the property stopped). */
  close(): void {
    this.#open = false;
  }
}

/** The values `fc.check` draws for `numRuns` cases: the examples first, then the seed's own. */
export function plannedValues<T>(arbitrary: fc.Arbitrary<T>, examples: readonly T[], seed: number, numRuns: number): T[] {
  const random = Math.max(0, numRuns - examples.length);
  return [...examples.slice(0, numRuns), ...(random ? fc.sample(arbitrary, { seed, numRuns: random }) : [])];
}
