import { stateCodesOfEveryReading } from '../contract/index.js';
import { prng } from '../contract/seeded.js';
import { ambiguousIsoDate, ambiguousPairs, birthYears } from './dates.js';
import type { PersonalData } from './fresh.js';

/**
 * Identities of a run family (issue 30 item 6): the customers a run can use again (the pooled
 * customer, the model sequences' customers) are the same on every night against one target, so
 * a later night finds them (FindCustomer) instead of enrolling new ones. Each is a slot number
 * under the family key (contract/profile.ts `family`, a hash of the target and client id). Their
 * SSNs lie in areas 600-665, which fresh values (generators/fresh.ts, areas 001-599) never use:
 * a value the harness calls new can never be a family member enrolled on another night.
 */

const firstArea = 600;
const areas = 66;
const groups = 99;
/** Positions in a family's SSN space: 66 areas x 99 groups x 9,999 serials. */
const positions = areas * groups * 9999;
/**
 * Generation 2 (blind15): a family identity's date of birth is ambiguous (generators/dates.ts), so a
 * day and month swapped at its enrolment or lookup shows. An identity is its SSN and date of birth
 * together: a date changed under a kept SSN would never be found again, and its enrolment would be
 * refused as a duplicate (D16) every night, so the generation moves the slots (SSN, e-mail) as well;
 * the first night after the change enrols the family once, the nights after find it again.
 */
const generationOffset = 1_000_000;
/** Slots a family has. */
export const familySpace = positions - generationOffset;
/** A prime no factor of `positions` divides: slot -> position is one-to-one below positions. */
const stride = 1_000_003;

const names = ['Robin', 'Sasha', 'Devon', 'Emery', 'Harper', 'Kendall', 'Logan', 'Parker', 'Reese', 'Sydney'];
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** The family's own start in its SSN space, from its key (hex). */
const startOf = (family: string): number => Number.parseInt(family.slice(0, 12), 16) % positions;

/** The tag a family's identities carry as last name: where the sandbox shows who made them. */
export const familyTag = (family: string): string => `pc-f${family.slice(0, 8)}`;

/**
 * The identity of slot `slot` of `family`: the same on every night. Different slots of one family
 * never share an SSN (the position below is a permutation of the space); the e-mail carries the
 * family and the slot, so it is as unique.
 */
export function familyPerson(family: string, slot: number): PersonalData {
  if (!Number.isInteger(slot) || slot < 0 || slot >= familySpace) throw new RangeError(`family slot ${slot} is outside 0..${familySpace - 1}`);
  const at = slot + generationOffset;
  const position = (startOf(family) + at * stride) % positions;
  const ssn = pad(firstArea + (position % areas), 3) + pad(1 + (Math.floor(position / areas) % groups), 2) + pad(1 + Math.floor(position / (areas * groups)), 4);
  const random = prng((startOf(family) ^ Math.imul(at + 1, 0x9e3779b1)) >>> 0);
  const year = birthYears.minYear + Math.floor(random() * (birthYears.maxYear - birthYears.minYear + 1));
  const dateOfBirth = ambiguousIsoDate(year, random() * ambiguousPairs);
  return {
    ssn,
    emailAddress: `pc.f${family.slice(0, 8)}.${at.toString(36)}@example.test`,
    firstName: names[Math.floor(random() * names.length)]!,
    lastName: familyTag(family),
    dateOfBirth,
    state: stateCodesOfEveryReading[Math.floor(random() * stateCodesOfEveryReading.length)]!,
  };
}
