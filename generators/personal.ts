import { prng } from '../contract/seeded.js';
import { birthYears } from './dates.js';
import { stateCodesOfEveryReading } from '../contract/index.js';

/** Identity data for one enrollment: ssn and e-mail unique within a source. */
export interface PersonalData {
  readonly ssn: string;
  readonly emailAddress: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly state: string;
}

export interface PersonalDataSource {
  /** The next person; never repeats an ssn or e-mail of this source. */
  next(): PersonalData;
}

/** The seeded generator people and plans draw from (contract/seeded.ts, shared with the reference's chaos). */
export { prng } from '../contract/seeded.js';

/** SSN space used: areas 001-665, groups 01-99, serials 0001-9999. */
const areas = 665;
const groups = 99;
const serials = 9999;
const space = areas * groups * serials;
/** Coprime with `space` (3^2 5 7 11^2 19 101), so index → ssn is a permutation. */
const stride = 1_000_003;

const names = ['Alex', 'Jordan', 'Morgan', 'Taylor', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Rowan'];
const surnames = ['Smith', 'Garcia', 'Nguyen', 'Patel', 'Okafor', 'Kowalski', 'Silva', 'Larsen', 'Moreau', 'Tanaka'];

/**
 * Seeded source of enrollment identities. The ssn walks a permutation of the SSN space
 * from a seed-chosen start, the e-mail carries the seed and a counter: unique for a
 * source, and different seeds rarely collide on a long-lived target.
 */
export function personalData(options: { seed: number; domain?: string }): PersonalDataSource {
  const random = prng(options.seed);
  const start = Math.floor(random() * space);
  const tag = (options.seed >>> 0).toString(36);
  const domain = options.domain ?? 'example.test';
  let counter = 0;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return {
    next() {
      const n = (start + counter * stride) % space;
      const ssn = pad(1 + (n % areas), 3) + pad(1 + (Math.floor(n / areas) % groups), 2) + pad(1 + Math.floor(n / (areas * groups)), 4);
      const year = birthYears.minYear + Math.floor(random() * (birthYears.maxYear - birthYears.minYear + 1));
      const birth = new Date(Date.UTC(year, 0, 1) + Math.floor(random() * 365) * 86_400_000);
      const person: PersonalData = {
        ssn,
        emailAddress: `pc.${tag}.${counter}@${domain}`,
        firstName: pick(names),
        lastName: pick(surnames),
        dateOfBirth: birth.toISOString().slice(0, 10),
        state: pick(stateCodesOfEveryReading),
      };
      counter += 1;
      return person;
    },
  };
}
