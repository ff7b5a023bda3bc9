/**
 * How each value operator changes a cell's valid value, keyed by operator id (the catalogue is
 * contract/operators/). Pure: a valid value in, the values to send out; an operator that
 * enumerates a class gives several, each sent in a request of its own.
 */
import type { Cell } from '../../contract/operators/index.js';

const digitsFrom = (zero: number) => (v: string) => v.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));

/** D38: values outside each small enumerated class in any letter case, by format id. */
export const enumerationOutsiders: Readonly<Record<string, readonly string[]>> = {
  gender: ['X', 'U', '0', 'Male', 'MF'],
  trueFalse: ['Yes', 'No', 'Y', 'N', '1', '0', 'T', 'F', 'Tru', 'Fals', 'X', 'maybe'],
};

/** Another letter case of a documented value (D38: open): lower case, or upper case where that differs. */
const otherCase = (v: string) => (v.toLowerCase() !== v ? v.toLowerCase() : v.toUpperCase());

/** A character beyond the Basic Multilingual Plane: one code point, two UTF-16 units. */
const emoji = '\u{1F47E}';

/** Keeps `extra` characters of room under the cell's maximum (an open value stays within the length column). */
const within = (c: Cell, v: string, extra: number) => (c.maxLength !== undefined && v.length + extra > c.maxLength ? v.slice(0, Math.max(0, c.maxLength - extra)) : v);

export type ValueBuilder = (valid: string, cell: Cell) => readonly unknown[];

export const valueBuilders: Readonly<Record<string, ValueBuilder>> = {
  'leading-whitespace': (v, c) => [` ${c.format ? v : within(c, v, 1)}`],
  'trailing-whitespace': (v, c) => [`${c.format ? v : within(c, v, 1)} `],
  'fullwidth-digits': (v) => [digitsFrom(0xff10)(v)],
  'arabic-indic-digits': (v) => [digitsFrom(0x0660)(v)],
  // A date written year first (the asserted valid form) or month first, with a time of day and a zone.
  'date-time-for-date': (v) => [`${v}T00:00:00Z`],
  'zip-plus-four': (v) => [`${v.slice(0, 5)}-6789`],
  'mmyy-three-digits': (v) => [v.slice(1)],
  'amount-without-point': (v) => [v.replace('.', '')],
  'amount-one-cent-digit': (v) => [v.slice(0, -1)],
  'enum-unlisted-value': (_v, c) => enumerationOutsiders[c.format!] ?? [],
  'enum-letter-case': (v) => [otherCase(v)],
  'null-in-optional': () => [null],
  'emoji-in-free-text': (v, c) => [`${within(c, v, 2)}${emoji}`],
  'very-long-free-text': () => ['Ab'.repeat(5_000)],
};
