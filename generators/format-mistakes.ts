import fc from 'fast-check';
import { lookAlikeRegionCodes, uspsStateCodes } from '../contract/index.js';
import { upperChars } from './text.js';

/** One class of value breaking a format, by its violation name; contract/near-misses.ts backs each name. */
export interface NamedBreak {
  readonly violation: string;
  readonly values: fc.Arbitrary<string>;
}

type Mistakes = (valid: fc.Arbitrary<string>) => NamedBreak[];

export const namedBreak = (violation: string, values: fc.Arbitrary<string>): NamedBreak => ({ violation, values });

/** Two capital letters that no state, territory or look-alike region list holds ('ZZ'). */
const unlistedCodes = (() => {
  const listed = new Set<string>([...uspsStateCodes, ...lookAlikeRegionCodes]);
  return upperChars.flatMap((a) => upperChars.map((b) => a + b)).filter((code) => !listed.has(code));
})();

const at = (v: string) => v.indexOf('@');

/**
 * Near misses, each built from a valid value and breaking one point of the format, the way a
 * lenient parser would let through (dates with slashes, an address without a local part, any two
 * letters for a state). Whether a class fails a target or is only observed is the contract's
 * word (contract/near-misses.ts): letter case of True/False (D38) and whitespace in an e-mail
 * address (D39) are among them, but a conformant target may accept those.
 * Letter case of a state code is never used: it is not asserted either way.
 */
const byFormat: Readonly<Record<string, Mistakes>> = {
  mmddyyyy: (valid) => [
    namedBreak('format-slashes', valid.map((v) => v.replace(/-/g, '/'))),
    namedBreak('format-day-32', valid.map((v) => `${v.slice(0, 3)}32${v.slice(5)}`)),
    namedBreak('format-two-digit-year', valid.map((v) => `${v.slice(0, 6)}${v.slice(8)}`)),
  ],
  trueFalse: (valid) => [
    namedBreak('format-lower-case', valid.map((v) => v.toLowerCase())),
    namedBreak('format-upper-case', valid.map((v) => v.toUpperCase())),
    namedBreak('format-digit', valid.map((v) => (v.startsWith('T') ? '1' : '0'))),
    namedBreak('format-truncated', valid.map((v) => v.slice(0, v.length - 1))),
  ],
  gender: (valid) => [namedBreak('format-lower-case', valid.map((v) => v.toLowerCase()))],
  email: (valid) => [
    namedBreak('format-no-local-part', valid.map((v) => v.slice(at(v)))),
    namedBreak('format-no-domain', valid.map((v) => v.slice(0, at(v) + 1))),
    namedBreak('format-two-at', valid.map((v) => `${v.slice(0, at(v))}@x${v.slice(at(v))}`)),
    // The space follows the whole local part, so a fresh-identity stand-in (suites/lib/state) stays whole.
    namedBreak('format-space-in-local-part', valid.map((v) => `${v.slice(0, at(v))} jr${v.slice(at(v))}`)),
    namedBreak('format-domain-without-dot', valid.map((v) => `${v.slice(0, at(v))}@localhost`)),
  ],
  stateCode: () => [namedBreak('format-unlisted-code', fc.constantFrom(...unlistedCodes))],
};

/** The near misses of format `id` (none for most formats), from its valid values. */
export function formatMistakes(id: string, valid: fc.Arbitrary<string>): NamedBreak[] {
  return byFormat[id]?.(valid) ?? [];
}
