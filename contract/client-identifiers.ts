import { sessionHeaders } from './resources.js';

/**
 * Identifiers the partner's client chooses and the target must take back exactly as sent:
 * interface.md "Common headers": deviceId "Must equal the deviceId used in AuthenticatePartner".
 * Nothing documents their alphabet (D3: the reference takes 1 to 100 characters), so the harness
 * draws them from letters of both cases, digits and `-`, never only the lower-case GUIDs a target
 * that lower-cases them would not tell apart. A target that normalises, truncates or re-encodes one
 * loses the pairing. Not `.`, `_` or `~`: D3 leaves the form open, and a target may refuse a
 * deviceId outside the characters a GUID or a device serial is written with; the sessions it
 * refused would leave the pairing not covered on a conformant target.
 */
export interface ClientIdentifier {
  /** The name the target receives it under. */
  readonly name: string;
  /** Where it is first given (an operation's body member) and where it comes back (a header of every later call). */
  readonly givenIn: string;
  readonly maxLength: number;
}

export const identifierAlphabet = {
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  punctuation: '-',
} as const;

export const clientIdentifiers: readonly ClientIdentifier[] = [
  { name: sessionHeaders.deviceId, givenIn: 'AuthenticatePartner', maxLength: 100 },
];

/** The client-chosen identifier named `name` (contract data, so a new one gets its values from the same generator). */
export function clientIdentifier(name: string): ClientIdentifier {
  const found = clientIdentifiers.find((c) => c.name === name);
  if (!found) throw new RangeError(`no client-chosen identifier ${name} in contract/client-identifiers.ts`);
  return found;
}
