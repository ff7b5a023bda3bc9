import type { FormatId } from './formats.js';

/**
 * Every class of "almost valid" value the generators build, with what backs it. A near miss
 * fails a target only where the document's own words (or a D-row's "asserts" column) exclude it;
 * where the only argument is that a strict parser would reject it, a conformant but lenient
 * target may accept it, so the harness sends it as an observation and names what the target did.
 * The generators ask `nearMissVerdict` for each class they emit and refuse one that is not here.
 */
export type NearMissVerdict = 'fails' | 'observes';

export interface NearMissClass {
  readonly format: FormatId;
  /** The violation name the generators give the value (`format-lower-case`). */
  readonly violation: string;
  /** What such a value looks like, for the docs. */
  readonly example: string;
  /** The words of the interface, or the D-row, that exclude it (fails) or leave it open (observes). */
  readonly backing: string;
  readonly verdict: NearMissVerdict;
}

const fails = (format: FormatId, violation: string, example: string, backing: string): NearMissClass => ({ format, violation, example, backing, verdict: 'fails' });
const observes = (format: FormatId, violation: string, example: string, backing: string): NearMissClass => ({ format, violation, example, backing, verdict: 'observes' });

/**
 * D40: free-text fields the document gives no character set (names, address lines, city,
 * nicknames, name on card, title, suffix, referrer code, country). Characters outside printable
 * ASCII there, and JSON null in an optional field, are accepted or refused at the target's choice.
 */
export const openTextFields: readonly string[] = [
  'firstName', 'middleInitial', 'title', 'suffix', 'addressLine1', 'addressLine2', 'city', 'countryOfOrigin', 'referrerCode', 'nameOnCard',
];

/** The decision that leaves an `observes` class open. */
export const openDecision = (c: NearMissClass): string => /D3[89]/.exec(c.backing)?.[0] ?? 'D40';

export const nearMissClasses: readonly NearMissClass[] = [
  fails('ssn', 'format-letters', '12345678a', '"9-digit SSN or ITIN, no formatting"; "9 digits, no spaces or dashes"'),
  fails('ssn', 'format-separator', '123-45678', '"9 digits, no spaces or dashes"'),
  fails('dateOfBirth', 'format-text', 'abcdefghij', '"MM/DD/YY, MM-DD-YY, YYYY/MM/DD or YYYY-MM-DD"'),
  fails('dateOfBirth', 'format-wrong-length', '1990-01-0', 'D9: lengths other than 8 and 10 are rejected'),
  fails('email', 'format-no-at', 'a.b.example', '"containing @"; D39'),
  fails('email', 'format-no-local-part', '@b.example', 'D39: nothing before the @ is a violation'),
  fails('email', 'format-no-domain', 'a@', 'D39: nothing after the @ is a violation'),
  fails('email', 'format-two-at', 'a@b@c.example', 'D39: more than one @ is a violation'),
  observes('email', 'format-space-in-local-part', 'a jr@c.example', 'D39: whitespace is not asserted (common validators check only the @)'),
  observes('email', 'format-domain-without-dot', 'a@localhost', 'D39: a domain without a dot is not asserted'),
  fails('phone10', 'format-letters', '55512a4567', '"Exactly 10 digits, no formatting"'),
  fails('phone10', 'format-separator', '555-234567', '"Exactly 10 digits, no formatting"'),
  fails('stateCode', 'format-digits', '12', '"Abbreviated state code" (D28: the format wins over the length column)'),
  fails('stateCode', 'format-unlisted-code', 'ZZ', '"Abbreviated state code": two letters that abbreviate no state'),
  fails('zip5', 'format-letters', '1234a', '"5-digit zip"'),
  fails('gender', 'format-not-m-or-f', 'X', '"M or F"; D38: a letter other than M or F in any case is a violation'),
  observes('gender', 'format-lower-case', 'f', 'D38: letter case alone is not asserted'),
  fails('cardNumber', 'format-letters', '411111111111111a', '"Unformatted card number" (digits, 15 to 19)'),
  fails('cardNumber', 'format-separator', '4111-1111111111', '"Unformatted card number"'),
  fails('mmyy', 'format-month-00', '0027', '"MMYY, single-digit month preceded by 0": 00 is no month'),
  fails('mmyy', 'format-month-13', '1327', '"MMYY": 13 is no month'),
  fails('mmyy', 'format-letters', '04a7', '"MMYY"'),
  fails('cardBin', 'format-letters', '41111a', '"6 to 8 digit BIN"'),
  fails('cardBin', 'format-digit-count', '41111', '"6 to 8 digit BIN" (D28: the format wins over the 1-50 column)'),
  fails('guid', 'format-non-hex', 'g1b2c3d4-…', '"Guid is a 36-character string": a GUID is hexadecimal'),
  fails('guid', 'format-misgrouped', '123456789-abc-…', '"Guid": 8-4-4-4-12 groups'),
  fails('trueFalse', 'format-not-true-false', 'Yes, Y, Tru, X', '"True or False"; D38: a word other than True or False in any case is a violation'),
  fails('trueFalse', 'format-digit', '1, 0', 'D38: 1 and 0 are violations'),
  fails('trueFalse', 'format-truncated', 'Tru, Fals', 'D38: a word other than True or False in any case (Tru) is a violation'),
  observes('trueFalse', 'format-lower-case', 'true', 'D38: letter case alone is not asserted'),
  observes('trueFalse', 'format-upper-case', 'TRUE', 'D38: letter case alone is not asserted'),
  fails('amount', 'format-no-point', '1234500', '"Format DDDDD.CC"'),
  fails('amount', 'format-too-many-digits', '112345.00', '"DDDDD.CC": at most five digits before the point'),
  fails('amount', 'format-one-cent-digit', '12345.0', '"DDDDD.CC": two cent digits'),
  fails('amount', 'format-letters', '12a45.00', '"DDDDD.CC"'),
  fails('count', 'format-not-a-count', 'ten', 'D31: the count attributes are whole numbers'),
  fails('count', 'format-negative', '-3', 'D31: a count is a whole number, no sign'),
  fails('count', 'format-fraction', '3.5', 'D31: the count attributes are whole numbers'),
  fails('amount', 'format-thousands-separator', '12,345.00', '"DDDDD.CC": digits and one point'),
  fails('amount', 'format-currency-sign', '$12345.00', '"DDDDD.CC": digits and one point'),
  fails('count', 'format-letters', '1a', 'D31: the count attributes are whole numbers'),
  fails('decimalNumber', 'format-not-a-number', '-1, 2,5, 1.2.3', 'D31: letters, signs and separators other than one "." are violations'),
  fails('decimalNumber', 'format-letters', '2a', 'D31: letters are violations'),
  fails('mmddyyyy', 'format-month-13', '13-01-2020', '"MM-DD-YYYY": 13 is no month'),
  fails('mmddyyyy', 'format-year-first', '2020-01-15', '"MM-DD-YYYY"'),
  fails('mmddyyyy', 'format-slashes', '01/15/2020', '"MM-DD-YYYY": dashes'),
  fails('mmddyyyy', 'format-day-32', '01-32-2020', '"MM-DD-YYYY": 32 is no day'),
  fails('mmddyyyy', 'format-two-digit-year', '01-15-20', '"MM-DD-YYYY": four-digit year'),
  // Minimal edits a normalising service undoes (generators/normalised-edits.ts): they break the length column or the format.
  fails('ssn', 'edit-grouped', '123-45-6789', '"9 digits, no spaces or dashes"; "no formatting"'),
  fails('ssn', 'edit-leading-zero', '0123456789', '"9-digit SSN"; length 9'),
  fails('phone10', 'edit-grouped', '555-123-4567', '"Exactly 10 digits, no formatting"'),
  fails('phone10', 'edit-country-code', '15551234567', '"Exactly 10 digits"'),
  fails('zip5', 'edit-zip-plus-four', '12345-1234', '"5-digit zip"; D35: a zip of other than 5 characters'),
  fails('zip5', 'edit-leading-zero', '012345', '"5-digit zip"; D35: a zip of other than 5 characters'),
  fails('cardNumber', 'edit-grouped', '4111 1111 1111 1111', '"Unformatted card number"'),
  fails('guid', 'edit-no-dashes', '3f2504e04f8911d39a0c0305e82c3301', '"Guid is a 36-character string"'),
  fails('guid', 'edit-braces', '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}', '"Guid is a 36-character string"'),
  fails('mmyy', 'edit-four-digit-year', '042027', '"MMYY"; length 4'),
  fails('mmyy', 'edit-slash', '04/27', '"MMYY"; length 4'),
  fails('guidList', 'format-trailing-comma', '<guid>,', '"Comma-separated list of card GUIDs": an empty item is no GUID'),
  fails('guidList', 'format-non-hex', 'g1b2c3d4-…', '"card GUIDs": a GUID is hexadecimal'),
  fails('guidList', 'format-misgrouped', '123456789-abc-…', '"card GUIDs": 8-4-4-4-12 groups'),
];

/** Thrown for a near miss the table does not back: a generator may not emit what no clause excludes. */
export class NearMissUnbackedError extends Error {
  readonly code = 'NEAR_MISS_UNBACKED';
  constructor(readonly format: string, readonly violation: string) {
    super(`near miss ${format}/${violation} has no backing in contract/near-misses.ts: name the clause or D-row that excludes it, or make it an observation`);
    this.name = 'NearMissUnbackedError';
  }
}

/** The verdict of class `violation` of format `format`; throws NearMissUnbackedError when it has no row. */
export function nearMissVerdict(format: string, violation: string): NearMissVerdict {
  const row = nearMissClasses.find((c) => c.format === format && c.violation === violation);
  if (!row) throw new NearMissUnbackedError(format, violation);
  return row.verdict;
}
