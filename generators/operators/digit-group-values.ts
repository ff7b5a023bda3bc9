/**
 * Values of the class blind batch 16 showed missing (contract/operators/digit-groups.ts), built from a
 * cell's valid value. Pure.
 */

/** The group marks other than the comma: Swiss German, a plain space, French (older and newer), source-code literals. */
export const otherGroupMarks: readonly string[] = ["'", ' ', '\u00A0', '\u202F', '_'];

/**
 * The valid number with its whole part in groups of three from the right, parted by `mark`, its
 * decimal part kept. A whole part of fewer than four digits is first padded with 1s to four (3 →
 * 1113 → 1,113), so there is a group to part: a count or a number has no documented maximum.
 * A value that is no number (a stand-in for target state) is left as it is.
 */
export function groupedDigits(v: string, mark: string): string {
  const m = /^([0-9]+)(\.[0-9]+)?$/.exec(v);
  if (!m) return v;
  const whole = m[1]!.length >= 4 ? m[1]! : m[1]!.padStart(4, '1');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return `${groups.join(mark)}${m[2] ?? ''}`;
}
