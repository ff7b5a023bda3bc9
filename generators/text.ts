import fc from 'fast-check';

/** Character classes the generators build strings from. */
export const digitChars = '0123456789'.split('');
export const lowerChars = 'abcdefghijklmnopqrstuvwxyz'.split('');
export const upperChars = lowerChars.map((c) => c.toUpperCase());
export const alnumChars = [...lowerChars, ...upperChars, ...digitChars];
/** Printable ASCII without the space (0x21..0x7e). */
export const tokenChars = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i));

const charOf = (chars: readonly string[]) => fc.constantFrom(...chars);

/** A string of exactly `length` characters drawn from `chars`. */
export function stringOf(options: { chars: readonly string[]; minLength: number; maxLength: number }): fc.Arbitrary<string> {
  // One arbitrary per alphabet and bounds: fc.string prepares its well-known-value slices when made, and
  // generators make these inside chains, once per case.
  const key = `${options.minLength} ${options.maxLength} ${options.chars.join('')}`;
  let arbitrary = strings.get(key);
  if (!arbitrary) strings.set(key, (arbitrary = fc.string({ unit: charOf(options.chars), minLength: options.minLength, maxLength: options.maxLength })));
  return arbitrary;
}

const strings = new Map<string, fc.Arbitrary<string>>();

export function digits(options: { length: number }): fc.Arbitrary<string> {
  return stringOf({ chars: digitChars, minLength: options.length, maxLength: options.length });
}

/**
 * Plain text: ASCII letters, digits and inner spaces, never a leading or trailing space
 * (a target may trim them and change the length).
 */
export function plainText(options: { minLength: number; maxLength: number }): fc.Arbitrary<string> {
  return stringOf({ chars: [...alnumChars, ' '], minLength: options.minLength, maxLength: options.maxLength }).map(noOuterSpace);
}

function noOuterSpace(s: string): string {
  if (s.length === 0) return s;
  const fix = (c: string | undefined) => (c === ' ' ? 'x' : (c ?? ''));
  return s.length === 1 ? fix(s) : fix(s[0]) + s.slice(1, -1) + fix(s[s.length - 1]);
}

/**
 * Characters and sequences that an HTML encoder, a sanitizer, SQL or JSON escaping or a URL decoder
 * changes (& < > " ' \\, a backslash-u escape, a percent escape, a plus): all printable ASCII, so free
 * text holding them is valid whatever D40 leaves open, and it must read back as sent.
 */
export const escapeProneText = '&<>"\'\\+%20\\u0041';

/** A card token: printable ASCII without spaces. */
export function cardToken(options: { minLength: number; maxLength: number }): fc.Arbitrary<string> {
  return stringOf({ chars: tokenChars, minLength: options.minLength, maxLength: options.maxLength });
}

/** Shortens or pads `value` to `length`, padding with a character of its own class. */
export function resize(value: string, length: number): string {
  if (value.length >= length) return value.slice(0, length);
  const pad = /^[0-9]*$/.test(value) ? '7' : 'a';
  return value + pad.repeat(length - value.length);
}

/** Replaces the character at `index`. */
export function replaceAt(value: string, index: number, char: string): string {
  return value.slice(0, index) + char + value.slice(index + 1);
}

/** Lowercase version-4 GUID. */
export function guid(): fc.Arbitrary<string> {
  return fc.uuid({ version: 4 });
}
