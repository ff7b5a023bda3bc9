import type { Format } from './types.js';
import { codeListPattern, uspsStateCodes } from './state-codes.js';

/**
 * Format rules of interface.md, each written once. `pattern` is the reference's reading;
 * `assertedValidPattern` narrows what the harness sends as valid where decisions.md
 * marks the rest ambiguous.
 */
const list = [
  {
    id: 'ssn',
    pattern: '^[0-9]{9}$',
    description: '9-digit SSN or ITIN, no spaces or dashes',
    leadingZeroReal: true,
    severity: 'documented',
    section: 'FindCustomer',
  },
  {
    id: 'dateOfBirth',
    // D9: the reference takes the four 10-character forms; month-first ones are not asserted.
    pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}/[0-9]{2}/[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4}|[0-9]{2}/[0-9]{2}/[0-9]{4})$',
    assertedValidPattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}/[0-9]{2}/[0-9]{2})$',
    description: 'MM/DD/YY, MM-DD-YY, YYYY/MM/DD or YYYY-MM-DD',
    severity: 'documented',
    section: 'FindCustomer',
  },
  // D39: the reference also refuses whitespace; a conformant target may check the @ alone.
  {
    id: 'email', pattern: '^[^@\\s]+@[^@\\s]+$', toleratedPattern: '^[^@]+@[^@]+$',
    description: 'valid e-mail address containing @', severity: 'documented', section: 'EnrollCustomer',
  },
  { id: 'phone10', pattern: '^[0-9]{10}$', description: 'exactly 10 digits, no formatting', severity: 'documented', section: 'EnrollCustomer' },
  // A USPS code in either letter case (contract/state-codes.ts): 'ZZ' is two letters but no state.
  { id: 'stateCode', pattern: codeListPattern(uspsStateCodes), description: 'abbreviated (2-letter USPS) state code', severity: 'documented', section: 'EnrollCustomer' },
  { id: 'zip5', pattern: '^[0-9]{5}$', description: '5-digit zip', leadingZeroReal: true, severity: 'documented', section: 'EnrollCustomer' },
  // D38: letter case is not fixed; the reference takes upper case only, a conformant target may take either.
  { id: 'gender', pattern: '^[MF]$', toleratedPattern: '^[MFmf]$', description: 'M or F', values: ['M', 'F'], severity: 'documented', section: 'EnrollCustomer' },
  { id: 'cardNumber', pattern: '^[0-9]{15,19}$', description: 'unformatted card number', severity: 'documented', section: 'AddOrUpdateCard' },
  {
    id: 'mmyy',
    pattern: '^(0[1-9]|1[0-2])[0-9]{2}$',
    description: 'MMYY, single-digit month preceded by 0',
    severity: 'documented',
    section: 'AddOrUpdateCard',
  },
  { id: 'cardBin', pattern: '^[0-9]{6,8}$', description: '6 to 8 digit BIN', leadingZeroReal: true, severity: 'documented', section: 'AddOrUpdateTokenizedCard' },
  {
    id: 'guid',
    pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
    description: 'Guid, a 36-character string',
    severity: 'documented',
    section: 'Resources and their fields',
  },
  // D38: the two words in any letter case, as common boolean parsers read them; the harness sends True/False.
  {
    id: 'trueFalse', pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$', assertedValidPattern: '^(True|False)$',
    description: 'True or False', values: ['True', 'False'], severity: 'documented', section: 'AddCustomerAttributes',
  },
  // DDDDD.CC: exactly five digits satisfy every reading; fewer digits are not asserted either way.
  {
    id: 'amount',
    pattern: '^[0-9]{1,5}\\.[0-9]{2}$',
    assertedValidPattern: '^[0-9]{5}\\.[0-9]{2}$',
    description: 'DDDDD.CC',
    severity: 'documented',
    section: 'AddCustomerAttributes',
  },
  { id: 'count', pattern: '^[0-9]+$', description: 'a whole number', severity: 'documented', section: 'AddCustomerAttributes' },
  // D31: "Number; average if several cards" — an average may have a decimal part.
  { id: 'decimalNumber', pattern: '^[0-9]+(\\.[0-9]+)?$', description: 'a number, digits with an optional decimal part', severity: 'documented', section: 'AddCustomerAttributes' },
  { id: 'mmddyyyy', pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$', description: 'MM-DD-YYYY', severity: 'documented', section: 'AddCustomerAttributes' },
  {
    id: 'guidList',
    pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(,[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})*$',
    description: 'comma-separated list of card GUIDs',
    severity: 'documented',
    section: 'AddSessionAttributes',
  },
] as const satisfies readonly Format[];

export type FormatId = (typeof list)[number]['id'];

export const formats: Readonly<Record<FormatId, Format>> = Object.fromEntries(list.map((f) => [f.id, f])) as Record<FormatId, Format>;

export function formatOf(id: string): Format {
  const f = (formats as Record<string, Format>)[id];
  if (!f) throw new Error(`contract: unknown format id ${id}`);
  return f;
}

/** A date's month written as the documented MMYY (UTC), "single-digit month preceded by 0". */
export const mmyyOf = (date: Date): string =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;

/** The pattern the harness may send as valid against any target. */
export function assertedValidRegExp(id: string): RegExp {
  const f = formatOf(id);
  return new RegExp(f.assertedValidPattern ?? f.pattern);
}

export function acceptedRegExp(id: string): RegExp {
  return new RegExp(formatOf(id).pattern);
}

/** The widest pattern any conformant target may accept: a value failing it is a violation whatever the reading. */
export function toleratedRegExp(id: string): RegExp {
  const f = formatOf(id);
  return new RegExp(f.toleratedPattern ?? f.pattern);
}

/** The largest signed 32-bit integer: a column or parser of that width meets the first number past it. */
const int32Max = 2147483647n;

/**
 * A count or number (no documented maximum: D31, the attribute table) whose whole part passes the
 * 32-bit limit: whether a target takes or refuses it is open (only the generic contract: operator
 * number-beyond-int-limits). Other formats, and numbers within the limit, are not.
 */
export function pastIntLimit(format: string, value: string): boolean {
  if (format !== 'count' && format !== 'decimalNumber') return false;
  const whole = /^([0-9]+)(\.[0-9]+)?$/.exec(value)?.[1];
  return whole !== undefined && BigInt(whole) > int32Max;
}
