/**
 * What an operator asks of a cell, written once: the families read cells through these, from
 * the cell's data alone (type, format, place, requiredness, free text), never by field name, so
 * a field added to the contract gets its pairs without a change here.
 */
import { formatOf } from '../formats.js';
import type { Cell } from './cells.js';

/** A value the request carries: a body member, a query parameter or an attribute value. */
export const carriesValue = (c: Cell): boolean => c.place === 'body' || c.place === 'query' || c.place === 'attribute';

/** A scalar text value (a string or a GUID; attribute values are strings). */
export const textValue = (c: Cell): boolean => carriesValue(c) && (c.type === 'string' || c.type === 'guid');

/**
 * D41 "asserts": a fixed-format string value, where surrounding whitespace or a digit outside
 * ASCII 0-9 is a violation. E-mail addresses (D39) are outside the row, and so is a format the
 * reference reads into a field the document gives none (D35, D39: `lengthsOnlyFormat`).
 */
export const fixedFormat = (c: Cell): boolean => textValue(c) && isFixedFormat(c.format);

/** The format half of `fixedFormat`, for a field outside a cell (the audit's field rules): every format but e-mail (D39). */
export const isFixedFormat = (format: string | undefined): boolean => format !== undefined && format !== 'email';

/** A fixed format written with digits (SSN, phone, zip, card number, BIN, MMYY, dates, amounts, counts, GUIDs). */
export const withDigits = (c: Cell): boolean => fixedFormat(c) && formatOf(c.format!).pattern.includes('[0-9');

/**
 * A format written with ASCII digits alone, of a fixed or bounded length (`^[0-9]{9}$`,
 * `^[0-9]{6,8}$`, `^[0-9]+$`): every digit string of its length meets its words, all zeros and
 * all nines among them. Read from the pattern, so a digits-only format added later is one too.
 */
export const isDigitsOnly = (format: string | undefined): boolean =>
  format !== undefined && /^\^\[0-9\](\{[0-9]+(,[0-9]+)?\}|\+)\$$/.test(formatOf(format).pattern);

/** A digits-only value: its documented format, or the one the reference reads into a lengths-only field (D35: the card zip). */
export const digitsOnly = (c: Cell): boolean => textValue(c) && (c.format !== undefined ? isDigitsOnly(c.format) : isDigitsOnly(c.lengthsOnlyFormat));

/** An SSN's groups (area, group, serial), by length: each zeroed is a structure a reading may refuse. */
const ssnGroups = [3, 2, 4] as const;

/**
 * The extreme digit strings of a digits-only value: all zeros and all nines at its length, and for
 * an SSN each group zeroed alone (area 000, group 00, serial 0000), the rest kept. Operator
 * extreme-digit-strings sends them (generators/operators/values.ts); the audit reads them as open.
 */
export function extremeDigitStrings(format: string | undefined, v: string): string[] {
  const zeroGroups: string[] = [];
  if (format === 'ssn' && /^[0-9]{9}$/.test(v))
    ssnGroups.reduce((at, length) => (zeroGroups.push(v.slice(0, at) + '0'.repeat(length) + v.slice(at + length)), at + length), 0);
  return ['0'.repeat(v.length), '9'.repeat(v.length), ...zeroGroups];
}

/**
 * A digits-only value at an extreme (extremeDigitStrings: zeroing an SSN group already zero gives
 * the value back): the format's words are met, but a reading may refuse it (SSN structure), so
 * operator extreme-digit-strings sends it as open and no valid case ever does.
 */
export const extremeDigitString = (format: string, v: string): boolean =>
  // A format of bounded length (SSN, phone, zip, card number, BIN): a count of 0 or 9 is a plain value every reading takes.
  isDigitsOnly(format) && formatOf(format).pattern.includes('{') && v !== '' && extremeDigitStrings(format, v).includes(v);

/** Free text (D40, D41): a string of no documented format. */
export const freeText = (c: Cell): boolean => textValue(c) && c.freeText;

/**
 * A string value the document gives no format, whatever the reference reads into it: free text,
 * the lengths-only zip and state of the card operations (D35: "the characters are not asserted")
 * and PreferredEmail (D39: "no format at all"). Its characters are never asserted, so any of them
 * is an open value (D40): only the generic contract holds.
 */
export const noDocumentedFormat = (c: Cell): boolean => textValue(c) && c.type === 'string' && c.format === undefined;

/** An operation whose JSON body the document describes (AuthenticatePartner's is not shown, D3). */
export const documentedBody = (c: Cell): boolean => c.place === 'operation' && c.method === 'POST' && (c.bodyFields ?? 0) > 0;
