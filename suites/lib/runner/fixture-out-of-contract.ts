import { jsonMediaType, noServerError } from '../../../checks/index.js';
import type { CaseOutcome } from '../../../oracles/outcome.js';
import type { FixtureFailure } from './unchecked.js';

/**
 * A case stopped by target state it could not get (a FixtureError) whose answer broke the generic
 * contract: a 5xx, or a body that is not JSON. Fixtures made through fixtureBody have their answer
 * judged already (blockedBy); a scenario step that throws on a refusal of its own (a DeleteCard of
 * the scenario's own card answered 500) did not, and its 5xx read "not covered" on GEN-NO-5XX
 * (blind12-delete-token-card-audit-500). The case fails the generic rows instead, with that
 * exchange as its reproduction; a refusal in contract stays what it was, not covered.
 */
export function fixtureAnswerOutOfContract(error: FixtureFailure): CaseOutcome | undefined {
  const x = error.exchange;
  if (error.blockedBy || !x?.response) return undefined;
  const findings = [...noServerError(x, undefined), ...jsonMediaType(x, undefined)];
  return findings.length ? { exchanges: [x], findings, checked: ['GEN-NO-5XX', 'GEN-JSON-BODY'] } : undefined;
}

