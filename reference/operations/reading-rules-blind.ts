import type { Operation } from '../../contract/index.js';
import type { ReadingSet } from '../readings.js';
import type { FieldRule } from '../validate/index.js';
import { calendarDate } from './dates.js';

/** Rule changes of the blind readings (reference/readings-blind.ts), each another allowed choice. */

/**
 * Reading `blind-ssn-structure`: "9-digit SSN or ITIN" read as a number the SSA could issue (area
 * not 000, 666 or 9xx; group not 00; serial not 0000) or an ITIN (9xx, group 50-65, 70-88, 90-92, 94-99),
 * in the ssn members those words describe; not in the SSN customer attribute ("9 digits, no spaces or dashes").
 */
const issuableSsnOrItin = /^(?:(?!000|666)[0-8][0-9]{2}(?!00)[0-9]{2}(?!0000)[0-9]{4}|9[0-9]{2}(?:5[0-9]|6[0-5]|7[0-9]|8[0-8]|9[0-24-9])[0-9]{4})$/;

/** Reading `blind-card-number-luhn`: the ISO/IEC 7812 check digit, run at authorization (operations/card-upsert.ts). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Reading `blind-dates-calendar-checked`: true when YYYY-MM-DD names a real day; undefined when it is no such string. */
function realDay(iso: string): { real: boolean; at: number } | undefined {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(iso);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const back = new Date(at);
  return { real: back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d, at };
}

/** A value that no format accepts: the rewrite makes the format check fail for an impossible date. */
const refused = '\u0000';

/** dateOfBirth: a real day, not in the future (any accepted form, D9). */
function realBirthDate(value: string): string {
  const day = realDay(calendarDate(value));
  return day && (!day.real || day.at > Date.now()) ? refused : value;
}

/** CardIssueDate, LastDebitPurchaseDate (MM-DD-YYYY): a real day. */
function realAttributeDate(name: string, value: string): string {
  if (name !== 'CardIssueDate' && name !== 'LastDebitPurchaseDate') return value;
  const m = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/.exec(value);
  const day = m ? realDay(`${m[3]}-${m[1]}-${m[2]}`) : undefined;
  return day && !day.real ? refused : value;
}

/** Reading `blind-trim-free-text`: the fields whose content is free text. */
const freeTextFields = new Set(['firstName', 'lastName', 'title', 'suffix', 'addressLine1', 'addressLine2', 'city', 'cardNickname', 'nameOnCard', 'referrerCode', 'countryOfOrigin']);

/** Reading `blind-allow-texts-lenient` (D11): string forms of a boolean, any letter case. */
const lenientBooleans: Readonly<Record<string, boolean>> = {
  true: true, false: false, yes: true, no: false, y: true, n: false, t: true, f: false, 1: true, 0: false,
};

/** The blind readings' rule changes (reference/readings-blind.ts). */
export function blindAdjust(readings: ReadingSet, op: Operation, rule: FieldRule): FieldRule {
  const name = rule.field.name;
  let out = rule;
  if (name === 'ssn' && readings.has('blind-ssn-structure')) out = { ...out, pattern: issuableSsnOrItin };
  if (name === 'dateOfBirth' && readings.has('blind-dates-calendar-checked')) out = { ...out, rewriteBeforeFormat: realBirthDate };
  if (name === 'allowTexts' && readings.has('blind-allow-texts-lenient')) out = { ...out, booleanStrings: lenientBooleans };
  if (freeTextFields.has(name) && rule.type === 'string' && readings.has('blind-trim-free-text')) out = { ...out, trimmed: true };
  if (out.attributes && op.id === 'AddCustomerAttributes') {
    let list = out.attributes;
    // blind-ssn-structure reads "9-digit SSN or ITIN" (FindCustomer, EnrollCustomer); the SSN attribute is "9 digits, no spaces
    // or dashes", which no issuance rule narrows (D37: a 400 to such a value refuses a valid payload), so the reading leaves it.
    if (readings.has('blind-dates-calendar-checked')) list = { ...list, rewriteBeforeFormat: realAttributeDate };
    if (list !== out.attributes) out = { ...out, attributes: list };
  }
  return out;
}
