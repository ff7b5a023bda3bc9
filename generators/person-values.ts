import fc from 'fast-check';
import { stateCodesOfEveryReading } from '../contract/index.js';
import { digits, lowerChars, digitChars, stringOf } from './text.js';

/** Valid values of a person's formats: SSN or ITIN, e-mail address, phone number, state code, zip. */

/**
 * A 9-digit SSN (area 001-899 but 666, group 01-99, serial 0001-9999) or ITIN (starts
 * with 9, group 50-65, 70-88, 90-92 or 94-99).
 */
export function ssn(): fc.Arbitrary<string> {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const plain = fc
    .tuple(fc.integer({ min: 1, max: 899 }).filter((a) => a !== 666), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
    .map(([a, g, s]) => pad(a, 3) + pad(g, 2) + pad(s, 4));
  const itinGroups = [[50, 65], [70, 88], [90, 92], [94, 99]].flatMap(([lo, hi]) =>
    Array.from({ length: hi! - lo! + 1 }, (_, i) => lo! + i));
  const itin = fc
    .tuple(digits({ length: 2 }), fc.constantFrom(...itinGroups), digits({ length: 4 }))
    .map(([a, g, s]) => `9${a}${g}${s}`);
  return fc.oneof(plain, itin);
}

const label = (min: number, max: number) => stringOf({ chars: [...lowerChars, ...digitChars], minLength: min, maxLength: max });

/** RFC 5321: a local part holds at most 64 characters, a domain label at most 63, a whole address 254. */
const maxLocal = 64;
const maxLabel = 63;
export const maxEmailLength = 254;
/** `a@b.cc`: the shortest address the generators build. */
export const minEmailLength = 6;

/** A host name of exactly `length` characters, in labels of at most 63 joined by dots. */
function hostName(length: number): fc.Arbitrary<string> {
  const sizes: number[] = [];
  for (let rest = length; rest > 0;) {
    const size = rest > maxLabel ? Math.min(maxLabel, rest - 2) : rest;
    sizes.push(size);
    rest -= size + 1;
  }
  return fc.tuple(...sizes.map((n) => label(n, n))).map((labels) => labels.join('.'));
}

/**
 * ASCII e-mail `local@host.tld`; with `length`, exactly that many characters (at least 6),
 * within RFC 5321's part limits so a standard validator never rejects a long valid value
 * (above 254 characters only the whole-address limit is broken).
 */
export function email(options: { length?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  if (options.length !== undefined) {
    const localLength = Math.min(maxLocal, Math.max(1, options.length - 1 - 24));
    const domainLength = options.length - 1 - localLength;
    const tldLength = domainLength >= 6 ? 3 : 2;
    return fc
      .tuple(label(localLength, localLength), hostName(domainLength - 1 - tldLength), stringOf({ chars: lowerChars, minLength: tldLength, maxLength: tldLength }))
      .map(([local, host, tld]) => `${local}@${host}.${tld}`);
  }
  const max = options.maxLength ?? 100;
  return fc
    .tuple(label(1, 20), label(1, 20), stringOf({ chars: lowerChars, minLength: 2, maxLength: 6 }))
    .map(([local, host, tld]) => `${local}@${host}.${tld}`)
    .filter((e) => e.length <= max);
}

/** A phone number of `length` digits whose first digit is 2-9 (NANP area codes). */
export function phone(options: { length: number }): fc.Arbitrary<string> {
  const lead = fc.constantFrom('2', '3', '4', '5', '6', '7', '8', '9');
  return fc.tuple(lead, digits({ length: options.length - 1 })).map(([a, b]) => a + b);
}

/** One of the fifty states or DC, upper case: every reading of "state code" accepts it. */
export function stateCode(): fc.Arbitrary<string> {
  return fc.constantFrom(...stateCodesOfEveryReading);
}

/** A zip code of `length` digits, never all zeros. */
export function zip(options: { length: number }): fc.Arbitrary<string> {
  return digits({ length: options.length }).filter((z) => /[1-9]/.test(z));
}
