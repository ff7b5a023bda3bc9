import type { Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the class blind batch 15 showed missing: a date written by one request and read back by
 * another, parsed day-first where the document puts the month first. The swap shows only on an
 * ambiguous date (day 1 to 12, not equal to the month): a day past 12 fails the day-first pattern and
 * falls back to the documented one, and a day equal to the month swaps into itself. The blind fault
 * swaps EnrollCustomer's YYYY/MM/DD; this one swaps FindCustomer's, the other operation: the
 * lookup, not the store. With none on, `readBackDateFaultInput` returns the input itself.
 */
export const readBackDateFaults: Fault[] = [
  { name: 'find-slashed-dob-day-first', requirement: 'FIND-ENROLLED', breaks: 'FindCustomer parses a YYYY/MM/DD date of birth with the pattern yyyy/dd/MM first (a day-first culture), so a customer enrolled on 1990-03-07 is looked up by 1990/03/07 as 3 July and not found' },
];

type Json = Record<string, unknown>;

/** A year-first date with slashes whose day also reads as a month: the day-first pattern parses it. */
const dayFirstParses = /^([0-9]{4})\/([0-9]{2})\/(0[1-9]|1[0-2])$/;

/** The input as the faulty service reads it before validation. */
export function readBackDateFaultInput(faults: FaultSet, op: Operation, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !faults.has('find-slashed-dob-day-first') || op.id !== 'FindCustomer') return input;
  const out: Json = { ...(input as Json) };
  // DateTime.ParseExact(value, ["yyyy/dd/MM", "yyyy/MM/dd"]): the first pattern that parses wins.
  const m = typeof out.dateOfBirth === 'string' ? dayFirstParses.exec(out.dateOfBirth) : null;
  if (m) out.dateOfBirth = `${m[1]}/${m[3]}/${m[2]}`;
  return out;
}
