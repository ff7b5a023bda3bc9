import type { SwitchSet } from '../switchboard.js';

/** The token endpoint's answers under reading `blind2-token-errors-spring` (Spring Authorization Server's shape). */

/** Reading `blind2-token-errors-spring`: the token endpoint's media type, as Spring writes it. */
export function tokenMediaType(readings: SwitchSet | undefined): string {
  return readings?.has('blind2-token-errors-spring') === true ? 'application/json;charset=UTF-8' : 'application/json';
}

/** Reading `blind2-token-errors-spring` (RFC 6749 5.2): `error` and `error_uri`, no `error_description`. */
export function tokenErrorBody(readings: SwitchSet | undefined, error: string, description: string): Record<string, string> {
  if (readings?.has('blind2-token-errors-spring') === true) return { error, error_uri: 'https://datatracker.ietf.org/doc/html/rfc6749#section-5.2' };
  return { error, error_description: description };
}
