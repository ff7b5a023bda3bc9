import fc from 'fast-check';
import { nearMissVerdict } from '../contract/index.js';

/**
 * Minimal edits of a valid value that a normalising service undoes before it validates: it
 * strips the usual separators, drops a leading country code or zero, cuts a ZIP+4 or a four-digit
 * year. A length violation built from a random string also breaks the format, so a target that
 * normalises would refuse it for the wrong reason and pass; these must be refused although
 * normalising would make them valid. Each class is backed in contract/near-misses.ts.
 */
export interface NormalisedEdit {
  readonly violation: string;
  readonly edit: (valid: string) => string;
}

const grouped = (sizes: readonly number[], sep: string) => (v: string) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) if (at < v.length) parts.push(v.slice(at, (at += size)));
  if (at < v.length) parts.push(v.slice(at));
  return parts.join(sep);
};

const byFormat: Readonly<Record<string, readonly NormalisedEdit[]>> = {
  ssn: [{ violation: 'edit-grouped', edit: grouped([3, 2], '-') }, { violation: 'edit-leading-zero', edit: (v) => `0${v}` }],
  phone10: [{ violation: 'edit-grouped', edit: grouped([3, 3], '-') }, { violation: 'edit-country-code', edit: (v) => `1${v}` }],
  zip5: [{ violation: 'edit-zip-plus-four', edit: (v) => `${v}-1234` }, { violation: 'edit-leading-zero', edit: (v) => `0${v}` }],
  cardNumber: [{ violation: 'edit-grouped', edit: grouped([4, 4, 4], ' ') }],
  // .NET's Guid.Parse takes both: the N form (no dashes) and the B form (braces).
  guid: [{ violation: 'edit-no-dashes', edit: (v) => v.replace(/-/g, '') }, { violation: 'edit-braces', edit: (v) => `{${v}}` }],
  mmyy: [{ violation: 'edit-four-digit-year', edit: (v) => `${v.slice(0, 2)}20${v.slice(2)}` }, { violation: 'edit-slash', edit: (v) => `${v.slice(0, 2)}/${v.slice(2)}` }],
};

/**
 * The other notations of a GUID that .NET's Guid.TryParse (and a normaliser stripping dashes or brackets)
 * reads as the same id: N (32 hex digits), B (braces) and P (parentheses). Written on a real id of the
 * customer's by operator own-id-other-notation; letter case is left out, the document does not fix it.
 */
export const guidNotations: ReadonlyArray<readonly [string, (id: string) => string]> = [
  ['without dashes', (id) => id.replace(/-/g, '')],
  ['in braces', (id) => `{${id}}`],
  ['in parentheses', (id) => `(${id})`],
];

/** The normalised edits of format `id` applied to its valid values, each with its class name. */
export function normalisedEdits(id: string, valid: fc.Arbitrary<string>): Array<{ violation: string; values: fc.Arbitrary<string> }> {
  return (byFormat[id] ?? []).map((e) => {
    nearMissVerdict(id, e.violation);
    return { violation: e.violation, values: valid.map(e.edit) };
  });
}

/** Format ids that have edits (for the backing self-test). */
export const editedFormats = (): string[] => Object.keys(byFormat);
