/**
 * Near misses of a value the target issued and the client sends back (an ssoToken): one character
 * changed at its end, one changed in its middle, and the value cut to its first half. Each names
 * nothing the target issued; a compare over a stored prefix or a fixed width takes it (blind18: an
 * ssoToken column of 16 characters). The character put in keeps the value's alphabet.
 */
export type IssuedNearMiss = 'end-changed' | 'middle-changed' | 'cut-short';

export const issuedNearMisses: readonly IssuedNearMiss[] = ['end-changed', 'middle-changed', 'cut-short'];

/** Another character of the same kind (digit for digit, letter for letter), never the one given. */
const otherChar = (c: string): string => (/[0-9]/.test(c) ? (c === '1' ? '2' : '1') : /[a-z]/.test(c) ? (c === 'a' ? 'b' : 'a') : c === 'A' ? 'B' : 'A');

/** The character at `at`, or the next letter or digit after it, changed: a GUID's dash stays, so the value keeps its format. */
const changedAt = (value: string, at: number): string => {
  let i = at;
  while (i < value.length - 1 && !/[A-Za-z0-9]/.test(value[i] ?? '')) i += 1;
  return `${value.slice(0, i)}${otherChar(value[i] ?? '')}${value.slice(i + 1)}`;
};

/** `value` made into the near miss `kind`. */
export function issuedNearMiss(value: string, kind: IssuedNearMiss): string {
  if (kind === 'end-changed') return changedAt(value, value.length - 1);
  if (kind === 'middle-changed') return changedAt(value, Math.floor(value.length / 2));
  return value.slice(0, Math.max(1, Math.floor(value.length / 2)));
}

/** What the near miss is, for a case's description. */
export const issuedNearMissText: Readonly<Record<IssuedNearMiss, string>> = {
  'end-changed': 'its last character changed', 'middle-changed': 'its middle character changed', 'cut-short': 'cut to its first half',
};
