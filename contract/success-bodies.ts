import { responseMembers } from './resources.js';

/**
 * What a success body documents, per operation whose success body names a member:
 * interface.md "FindCustomer" (`{customerId: <guid>}`, an empty string when no customer is
 * found, D8), "EnrollCustomer" (`{CustomerId: <guid>}`), "AuthenticateOBO" (`{ssoToken: <string>}`).
 * "Resources and their fields": Guid is a 36-character string. Operations whose success body
 * is not shown (D6) or is a resource list (cards, history: checks/resources.ts) are not here.
 */
export type SuccessMemberType =
  /** A GUID (contract/formats.ts `guid`, any letter case). */
  | 'guid'
  /** A GUID, or the empty string the document allows for "no customer found" (D8). */
  | 'guidOrEmpty'
  /** A string with at least one character. */
  | 'nonEmptyString';

export interface SuccessBody {
  readonly operation: string;
  /** The member the success body carries, exactly as documented (case matters: `CustomerId`). */
  readonly member: string;
  readonly type: SuccessMemberType;
  /** How interface.md shows it, for the finding's "documented" text. */
  readonly shown: string;
  readonly decisions?: readonly string[];
}

export const successBodies: readonly SuccessBody[] = [
  { operation: 'FindCustomer', member: responseMembers.findCustomer, type: 'guidOrEmpty', shown: '{customerId: <guid>}, or an empty customerId when no customer is found', decisions: ['D8'] },
  { operation: 'EnrollCustomer', member: responseMembers.enrollCustomer, type: 'guid', shown: '{CustomerId: <guid>}' },
  { operation: 'AuthenticateOBO', member: responseMembers.ssoToken, type: 'nonEmptyString', shown: '{ssoToken: <string>}, a one-time token' },
];

/** The documented success body of `operationId`, or undefined where none names a member. */
export function successBodyOf(operationId: string): SuccessBody | undefined {
  return successBodies.find((b) => b.operation === operationId);
}
