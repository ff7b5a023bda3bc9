import type { Exchange } from '../../../client/exchange.js';

/**
 * Requirements a property or sequence could not check for want of target state: a fixture the
 * target answered out of contract ("blocked by" the rule it broke), or a configuration gap
 * (the variable that enables them), each with how the user accepts the gap.
 */

/** A FixtureError (suites/lib/state/fixture-errors.ts), known by its code so this runner stays below the fixtures. */
export interface FixtureFailure {
  readonly code: 'FIXTURE_UNAVAILABLE';
  readonly message: string;
  /** The requirement the target broke in answering the fixture call (recorded failed by the fixture). */
  readonly blockedBy?: string;
  /** The variable that would let the run make or find the state (a configuration gap). */
  readonly enabledBy?: string;
  /** The answer that left the state unmade, where the fixture had one. */
  readonly exchange?: Exchange;
}

export const isFixtureFailure = (error: unknown): error is FixtureFailure =>
  (error as { code?: unknown } | null)?.code === 'FIXTURE_UNAVAILABLE';

/** Why a requirement that a fixture failure left unchecked is not covered, and how to accept the gap. */
export function uncheckedReason(error: FixtureFailure, requirement: string, redact: (t: string) => string): string {
  const why = redact(error.message);
  if (error.blockedBy) return `blocked by ${error.blockedBy}: ${why}`;
  return `not covered: ${why}${error.enabledBy ? `; or accept the gap with CONFORMANCE_SKIP=${requirement}` : ''}`;
}
