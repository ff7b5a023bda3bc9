import fc from 'fast-check';
import { lookAlikeRegionCodes, uspsStateCodes } from '../contract/index.js';
import { upperChars } from './text.js';

/** A value that breaks a format the way real services are known to let through, and its name. */
export interface FormatMistake {
  readonly value: string;
  readonly violation: string;
}

type Mistakes = (valid: fc.Arbitrary<string>) => fc.Arbitrary<FormatMistake>[];

const named = (violation: string) => (value: string): FormatMistake => ({ value, violation });

/** Two capital letters that no state, territory or look-alike region list holds ('ZZ'). */
const unlistedCodes = (() => {
  const listed = new Set<string>([...uspsStateCodes, ...lookAlikeRegionCodes]);
  return upperChars.flatMap((a) => upperChars.map((b) => a + b)).filter((code) => !listed.has(code));
})();

/**
 * Near misses, each built from a valid value and breaking one point of the format: a parser
 * that is lenient on that point (dates with slashes, case-insensitive booleans, an address
 * without a local part, any two letters for a state) accepts it, and must not.
 * Letter case of a state code is never used: it is not asserted either way.
 */
const byFormat: Readonly<Record<string, Mistakes>> = {
  mmddyyyy: (valid) => [
    valid.map((v) => v.replace(/-/g, '/')).map(named('format-slashes')),
    valid.map((v) => `${v.slice(0, 3)}32${v.slice(5)}`).map(named('format-day-32')),
    valid.map((v) => `${v.slice(0, 6)}${v.slice(8)}`).map(named('format-two-digit-year')),
  ],
  trueFalse: (valid) => [
    valid.map((v) => v.toLowerCase()).map(named('format-lower-case')),
    valid.map((v) => v.toUpperCase()).map(named('format-upper-case')),
    valid.map((v) => (v.startsWith('T') ? '1' : '0')).map(named('format-digit')),
  ],
  email: (valid) => [
    valid.map((v) => v.slice(v.indexOf('@'))).map(named('format-no-local-part')),
    valid.map((v) => v.slice(0, v.indexOf('@') + 1)).map(named('format-no-domain')),
    valid.map((v) => `${v.slice(0, 1)} ${v.slice(1)}`).map(named('format-space-in-local-part')),
  ],
  stateCode: () => [fc.constantFrom(...unlistedCodes).map(named('format-unlisted-code'))],
};

/** The near misses of format `id` (none for most formats), from its valid values. */
export function formatMistakes(id: string, valid: fc.Arbitrary<string>): fc.Arbitrary<FormatMistake>[] {
  return byFormat[id]?.(valid) ?? [];
}
