import { ClientError } from '../../../client/errors.js';
import { isFixtureFailure, type FixtureFailure } from './unchecked.js';

/**
 * Why a property or sequence stopped before its cases ran out. None of them is shrunk: there is
 * nothing to shrink, and every re-run would cost the target requests.
 * - broken: transport trouble (the case proves nothing about the target);
 * - harness: a bug of ours (nothing the property checks can be called passed);
 * - fixture: target state the run could not get (not covered, or blocked by the rule a fixture answer broke).
 */
export type Stop =
  | { readonly kind: 'broken' | 'harness'; readonly reason: string }
  | { readonly kind: 'fixture'; readonly error: FixtureFailure };

/** Errors known by their code, so this runner stays below the fixtures and the model (state/, model/). */
const brokenCodes = new Set(['SETUP_BROKEN', 'STEP_BROKEN']);

/** Transport trouble, thrown: a fixture that failed by it is made again by the next case that needs it (rerun.ts). */
export function isBrokenError(error: unknown): boolean {
  return error instanceof ClientError || brokenCodes.has(String((error as { code?: unknown } | null)?.code));
}

/** What a thrown error means for the property; reasons come out redacted. */
export function stopOf(error: unknown, redact: (text: string) => string): Stop {
  if (error instanceof ClientError) return { kind: 'broken', reason: `${error.code}: ${redact(error.message)}` };
  if (brokenCodes.has(String((error as { code?: unknown } | null)?.code))) return { kind: 'broken', reason: redact((error as Error).message) };
  if (isFixtureFailure(error)) return { kind: 'fixture', error };
  return { kind: 'harness', reason: `harness error: ${redact(String((error as Error | null)?.message ?? error))}` };
}

/** fast-check refused to run at all (a CONFORMANCE_PATH from another property or seed): a harness stop. */
export function refusedPath(error: unknown, replayPath: string | undefined, unit: 'case' | 'sequence', redact: (text: string) => string): Stop {
  return { kind: 'harness', reason: `harness error: CONFORMANCE_PATH ${replayPath ?? ''} does not replay a ${unit} of this property: ${redact(String((error as Error | null)?.message ?? error))}` };
}
