/**
 * "Abbreviated state code" (EnrollCustomer): the USPS two-letter codes. The reference accepts
 * every code below in any letter case; the harness sends only the fifty states and DC as valid
 * (a service may refuse territories) and breaks the format only with codes that no list holds.
 * Letter case is never asserted either way.
 * @see interface.md EnrollCustomer; USPS Publication 28, appendix B
 */

/** The fifty states and the District of Columbia: every reading of "state code" accepts them. */
export const stateCodesOfEveryReading = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC',
] as const;

/** Territories and freely associated states with a USPS code. */
export const territoryCodes = ['AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW'] as const;

/** Armed Forces Americas, Europe and Pacific. */
export const militaryStateCodes = ['AA', 'AE', 'AP'] as const;

/** Every USPS code: what the reference accepts. */
export const uspsStateCodes: readonly string[] = [...stateCodesOfEveryReading, ...territoryCodes, ...militaryStateCodes];

/**
 * Two-letter region codes a lenient service could take for a state (ISO 3166-2:US outlying
 * islands, retired USPS codes, Canadian provinces): never sent as a break, so no reading is failed for them.
 */
export const lookAlikeRegionCodes = [
  'UM', 'CZ', 'TT', 'CM', 'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
] as const;

/** A format pattern matching exactly `codes`, each letter in either case. */
export function codeListPattern(codes: readonly string[]): string {
  const either = (c: string) => `[${c.toUpperCase()}${c.toLowerCase()}]`;
  return `^(${codes.map((code) => [...code].map(either).join('')).join('|')})$`;
}
