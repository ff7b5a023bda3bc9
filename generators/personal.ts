import { FreshValues, type PersonalData } from './fresh.js';

export type { PersonalData } from './fresh.js';

export interface PersonalDataSource {
  /** The next person; never repeats an ssn or e-mail of this source. */
  next(): PersonalData;
}

/** The seeded generator people and plans draw from (contract/seeded.ts, shared with the reference's chaos). */
export { prng } from '../contract/seeded.js';

/**
 * Seeded source of enrollment identities, for a process that is alone in its run (a self-test, a
 * fixture made before a run): the fresh values (fresh.ts) of lane 0 of a run keyed on `seed`. The
 * harness's workers take theirs from suites/lib/state/fresh.ts, each in a lane of its own.
 */
export function personalData(options: { seed: number; domain?: string }): PersonalDataSource {
  const fresh = new FreshValues({ run: options.seed >>> 0, lane: 0 }, options.domain ? { domain: options.domain } : {});
  return { next: () => fresh.person() };
}
