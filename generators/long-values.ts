import fc from 'fast-check';
import { assertedValidRegExp } from '../contract/index.js';
import { formatValue, type ValueOptions } from './format-values.js';
import { email, maxEmailLength, minEmailLength } from './person-values.js';

/**
 * Values of a format at any length the format itself does not fix, so a length rule can be
 * broken (or met exactly) with nothing else wrong: 201 digits for a count, a 101-character
 * e-mail address. A format whose own pattern caps the length (a 9-digit SSN, DDDDD.CC, a GUID,
 * MM-DD-YYYY) has no such value: there the length rule cannot be isolated.
 */

/** Longest value of a format that every reading accepts, where a standard caps it (RFC 5321). */
const everyReadingMax: Readonly<Record<string, number>> = { email: maxEmailLength };

/**
 * Whether format `id` has values of `length` characters. Numbers are padded with leading
 * zeros ("000…042"): a target that parses the value as a number still reads a small one, so
 * only the length is exceptional.
 */
function padsTo(id: string, length: number): boolean {
  return assertedValidRegExp(id).test(`${'0'.repeat(Math.max(0, length - 1))}1`);
}

/** A value of format `id` of exactly `length` characters that the format accepts; undefined when the format fixes the length. */
export function formatValueOfLength(id: string, length: number, options: ValueOptions = {}): fc.Arbitrary<string> | undefined {
  if (id === 'email') return length >= minEmailLength ? email({ length }) : undefined;
  if (length < 1 || !padsTo(id, length)) return undefined;
  const valid = assertedValidRegExp(id);
  return formatValue(id, options)
    .filter((v) => v.length <= length)
    .map((v) => v.padStart(length, '0'))
    .filter((v) => valid.test(v));
}

/** As formatValueOfLength, but only where the value is valid under every reading (never a 255-character address). */
export function validFormatValueOfLength(id: string, length: number, options: ValueOptions = {}): fc.Arbitrary<string> | undefined {
  return length > (everyReadingMax[id] ?? Number.POSITIVE_INFINITY) ? undefined : formatValueOfLength(id, length, options);
}
